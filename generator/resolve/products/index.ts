import type { Product } from '../../../schema/types.ts';
import type { ProductData } from '../../../core/model.ts';
import { compareStrings, createDiagnostic, suggest } from '../../diagnostics/index.ts';
import { rangeOfPath } from '../../load/source-file.ts';
import type { Validated } from '../../validate/index.ts';
import type { PendingLink } from '../links/index.ts';
import type { Report } from '../model.ts';
import type { UnknownProductUse } from './references.ts';
import { checkGate, parseInstant, sortedStages } from '../stages.ts';
import type { StagesScope } from '../stages.ts';

/** A region's products, with the links they hold and the stages lists they use. */
export interface ResolvedProducts {
  readonly products: Readonly<Record<string, ProductData>>;
  readonly links: readonly PendingLink[];
  readonly usedStages: readonly string[];
}

/**
 * Resolves a region's products.yaml: instants to epoch milliseconds, activity stages checked,
 * and every bundle's parts checked against the region's own products.
 */
export function resolveProducts(
  file: Validated<'products'>,
  code: string,
  scope: StagesScope,
  now: number | undefined,
  report: Report,
  /** Where a bundle part that names no product goes (default: reported as it is). */
  unknownProduct: (use: UnknownProductUse) => void = (use) => report(use.diagnostic),
): ResolvedProducts {
  const links: PendingLink[] = [];
  const usedStages: string[] = [];
  const entries = Object.entries(file.data.products).sort(([a], [b]) => compareStrings(a, b));
  const resolved = new Map<string, ProductData>();
  for (const [key, input] of entries) {
    const at = ['products', key];
    links.push({ source: file.source, at: [...at, 'link'], link: input.link });
    const { product, list } = resolveProduct(file, key, input, scope, now, report);
    if (list) usedStages.push(list);
    resolved.set(key, product);
  }
  // A bundle names the products it contains: each must be sold in the region too.
  const products: Record<string, ProductData> = {};
  for (const [key, product] of resolved) {
    const parts = (entries.find(([name]) => name === key)![1].includes ?? []).filter((part, position) => {
      if (resolved.has(part) && part !== key) return true;
      const guess = part === key ? undefined : suggest(part, [...resolved.keys()]);
      const at = rangeOfPath(file.source, ['products', key, 'includes', String(position)]);
      const diagnostic = createDiagnostic('E0218', { bundle: key, part, region: code, guess }, at);
      if (part === key) report(diagnostic);
      else unknownProduct({ name: part, diagnostic });
      return false;
    });
    products[key] = parts.length > 0 ? { ...product, includes: parts } : product;
  }
  // Each product knows the bundles that contain it (a product page offers them).
  const bundlesOf = new Map<string, string[]>();
  for (const [key, product] of Object.entries(products))
    for (const part of product.includes ?? []) bundlesOf.set(part, [...(bundlesOf.get(part) ?? []), key]);
  for (const [part, bundles] of bundlesOf) products[part] = { ...products[part]!, bundles };
  return { products, links, usedStages };
}

function resolveProduct(
  file: Validated<'products'>,
  key: string,
  input: Product,
  scope: StagesScope,
  now: number | undefined,
  report: Report,
): { product: ProductData; list?: string } {
  const at = ['products', key];
  const { activityTime, includes: _includes, ...rest } = input;
  if (input.activityPrice !== undefined && input.activityPrice >= input.price) {
    report(
      createDiagnostic(
        'W0301',
        { product: key, activityPrice: input.activityPrice, price: input.price },
        rangeOfPath(file.source, [...at, 'activityPrice']),
      ),
    );
  }
  if (input.stock === 0 && input.buy) report(createDiagnostic('W0302', { product: key }, rangeOfPath(file.source, [...at, 'buy'])));
  if (!activityTime) return { product: rest };
  const timeAt = [...at, 'activityTime'];
  const hasStart = activityTime.startTime !== undefined;
  if (hasStart === (activityTime.stages !== undefined)) {
    report(createDiagnostic('E0220', { product: key, has: hasStart ? 'both' : 'neither' }, rangeOfPath(file.source, timeAt)));
    return { product: rest };
  }
  if (activityTime.startTime !== undefined) {
    const start = parseInstant(activityTime.startTime);
    const end = activityTime.endTime === undefined ? undefined : parseInstant(activityTime.endTime);
    if (Number.isNaN(start))
      report(createDiagnostic('E0213', { text: activityTime.startTime }, rangeOfPath(file.source, [...timeAt, 'startTime'])));
    if (end !== undefined && Number.isNaN(end))
      report(createDiagnostic('E0213', { text: activityTime.endTime! }, rangeOfPath(file.source, [...timeAt, 'endTime'])));
    if (end !== undefined && !Number.isNaN(start) && !Number.isNaN(end) && start >= end) {
      report(createDiagnostic('E0215', { what: `activity of '${key}'` }, rangeOfPath(file.source, [...timeAt, 'endTime'])));
    }
    return { product: { ...rest, activityTime: end === undefined ? { startTime: start } : { startTime: start, endTime: end } } };
  }
  const gate = checkGate(scope, file.source, timeAt, activityTime, now, report);
  if (!gate.ok) return { product: rest, list: gate.list };
  return { product: { ...rest, activityTime: { stages: activityTime.stages!, stage: sortedStages(activityTime.stage) } }, list: gate.list };
}
