import { parse } from 'yaml';
import { formatPrice } from '../../core/format.ts';
import { formatsOf } from '../../core/locale.ts';
import { isActivityActive } from '../../core/offers.ts';
import type { LocateAnswer } from '../api.ts';
import { locateText, MAX_LOCATE_TEXT } from './locate.ts';
import type { PriceField } from './locate.ts';
import type { SearchFile } from './search.ts';
import { Refusal } from './security.ts';
import type { Workspace } from './workspace.ts';

/** The model's region, as the compile resolved it (its products, stages and routes). */
type ResolvedData = Awaited<ReturnType<Workspace['current']>>['model']['regions'][number]['data'];

/**
 * GET /api/locate (docs/studio.md, "Preview"): where a text clicked in the preview comes from,
 * with the session's unsaved texts over the disk's (the preview shows those), the files of the
 * region and page previewed first, and the region's prices as its visitors read them at the
 * preview's clock (`at`).
 */
export async function locateInWorkspace(workspace: Workspace, params: URLSearchParams, at: number): Promise<LocateAnswer> {
  // What the preview's page says of a click: its text, and where it was (region, path).
  const query = { text: params.get('text') ?? '', region: params.get('region'), path: params.get('path') };
  if (query.text.length > MAX_LOCATE_TEXT * 2) throw new Refusal(400, `Refused: a text of at most ${MAX_LOCATE_TEXT * 2} characters.`);
  const [result, overview, disk] = await Promise.all([workspace.current(), workspace.overview(), workspace.sources()]);
  const files: SearchFile[] = disk.map((file) => ({ id: file.id, text: workspace.unsaved.get(file.id) ?? file.text }));
  const entry = overview.regions.find((region) => region.code === query.region);
  const data = result.model.regions.find((region) => region.data.code === query.region)?.data;
  // The page's address with or without its last slash, as the browser's address bar may show it.
  const bare = (path: string | null) => path?.replace(/\/+$/, '') || '/';
  const page = entry?.pages.find((p) => bare(p.path) === bare(query.path));
  const messages = entry ? [`messages/${entry.locale}.yaml`] : [];
  const hits = locateText({
    text: query.text,
    files,
    pageFiles: page?.files ?? [],
    regionFiles: [...(entry?.files ?? []), ...messages],
    prices: data ? pricesOf(data, files, page?.path, at) : [],
  });
  return { hits };
}

/**
 * Every price field of the region's products file (with its unsaved text), formatted as the
 * region's visitors read it: the previewed page's product first, and in each product the price
 * shown at the preview's clock before the other.
 */
export function pricesOf(data: ResolvedData, files: readonly SearchFile[], path: string | undefined, at: number): PriceField[] {
  const id = `regions/${data.code}/products.yaml`;
  const text = files.find((file) => file.id === id)?.text;
  if (text === undefined) return [];
  let products: unknown;
  try {
    products = (parse(text) as { products?: unknown } | null)?.products;
  } catch {
    // A products file that does not parse has no price to find (the diagnostics say why).
    return [];
  }
  if (typeof products !== 'object' || products === null) return [];
  const shownProduct = data.routes.find((route) => route.path === path)?.product;
  const fields: PriceField[] = [];
  for (const [key, product] of Object.entries(products as Record<string, Record<string, unknown>>)) {
    const resolved = data.products[key];
    const active = resolved !== undefined && isActivityActive(data, resolved, at);
    for (const field of ['price', 'activityPrice'] as const) {
      const amount = product?.[field];
      if (typeof amount !== 'number') continue;
      const now = (field === 'activityPrice') === active ? 0 : 1;
      fields.push({
        id,
        path: ['products', key, field],
        shown: formatPrice(amount, formatsOf(data), data.currency),
        rank: (key === shownProduct ? 0 : 2) + now,
      });
    }
  }
  return fields;
}
