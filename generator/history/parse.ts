import { parse } from 'yaml';
import type { ProductsFile, RegionFile, StagesFile } from '../../schema/types.ts';
import type { PricedProduct } from '../resolve/products/prior-prices.ts';
import { parseInstant } from '../resolve/stages.ts';

// What one earlier version of a region's files says about prices (generator/history/index.ts reads
// the versions from git): its products' prices and activity times, and its stages lists.

/** The products of one version of a products.yaml, as far as prices go; what does not parse counts as none. */
export function pricedProducts(text: string | undefined): Record<string, PricedProduct> {
  let data: ProductsFile | undefined;
  try {
    data = text === undefined ? undefined : (parse(text) as ProductsFile);
  } catch {
    data = undefined;
  }
  const out: Record<string, PricedProduct> = {};
  for (const [key, product] of Object.entries(data?.products ?? {})) {
    if (typeof product?.price !== 'number') continue;
    const time = product.activityTime;
    const start = time?.startTime === undefined ? undefined : parseInstant(time.startTime);
    const end = time?.endTime === undefined ? undefined : parseInstant(time.endTime);
    out[key] = {
      price: product.price,
      ...(typeof product.activityPrice === 'number' && { activityPrice: product.activityPrice }),
      ...(start !== undefined && !Number.isNaN(start)
        ? { activityTime: { startTime: start, ...(end !== undefined && !Number.isNaN(end) && { endTime: end }) } }
        : time?.stages !== undefined && Array.isArray(time.stage) && { activityTime: { stages: time.stages, stage: time.stage } }),
    };
  }
  return out;
}

/** The stages lists of one version: the shared ones, hidden by the region's own of the same name. */
export function stagesLists(shared: string | undefined, region: string | undefined): Record<string, readonly number[]> {
  const lists: Record<string, readonly number[]> = {};
  for (const text of [shared, region]) {
    let data: StagesFile | RegionFile | undefined;
    try {
      data = text === undefined ? undefined : (parse(text) as StagesFile | RegionFile);
    } catch {
      data = undefined;
    }
    for (const [name, list] of Object.entries(data?.stages ?? {})) {
      const instants = (list?.instants ?? []).map((instant) => parseInstant(String(instant)));
      if (instants.every((t) => !Number.isNaN(t))) lists[name] = instants;
    }
  }
  return lists;
}
