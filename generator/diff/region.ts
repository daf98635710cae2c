import { formatPrice, installmentLine } from '../../core/format.ts';
import { formatsOf } from '../../core/locale.ts';
import type { PriorPrice, RegionData } from '../../core/model.ts';
import { currentPrice, isActivityActive } from '../../core/offers.ts';
import { productPaths } from '../resolve/pages-showing.ts';
import { pagesOfLeaf, showsMessage } from './pages.ts';
import { describe, show, stagesListChange, writeInstant } from './words.ts';
import type { Gate } from './words.ts';

// One region's visible changes between two versions of the content (generator/diff/index.ts): its
// data compared leaf by leaf, each changed leaf filed under a section and described in words
// (generator/diff/words.ts: instants in the region's time zone, stages by number and list).

/** The section of a diff a change is filed under: what a visitor meets (see generator/diff/index.ts). */
export type DiffSection =
  | 'pages'
  | 'prices and offers'
  | 'banners'
  | 'navigation'
  | 'windows and stages'
  | 'texts'
  | 'mail'
  | 'page heads'
  | 'schedule'
  | 'settings'
  | 'translations';

/** One change a visitor sees, in words, with the pages that show it. */
export interface VisibleChange {
  readonly region: string;
  readonly section: DiffSection;
  /** What changed, in words: `price of aiBase: 699 -> 689`. */
  readonly change: string;
  /**
   * The region's pages that show the change (its paths, either version's; none for mail and
   * translations): what `diff --pictures` renders (docs/review.md).
   */
  readonly pages: readonly string[];
}

/** The key that identifies an element of a list in both versions, so a list can grow without every later element changing. */
function keyOf(item: unknown, index: number): string {
  if (typeof item !== 'object' || item === null) return `#${index}`;
  const record = item as Record<string, unknown>;
  for (const key of ['path', 'label', 'title', 'heading', 'page', 'code', 'key', 'name', 'hreflang', 'network'])
    if (typeof record[key] === 'string') return String(record[key]);
  return `#${index}`;
}

/** The gate of an item shown in some stages of a list (a banner, a nav item, an activity), if it has one. */
function gateOf(item: Record<string, unknown>): Gate | undefined {
  return typeof item.stages === 'string' ? { stages: item.stages, stage: (item.stage as number[] | undefined) ?? [] } : undefined;
}

/** A value that differs between the two versions, by its readable path. */
interface Leaf {
  readonly at: string[];
  readonly before: unknown;
  readonly after: unknown;
}

/** Every leaf that differs between two values, by a readable path (`navs > Products > link`). */
function leaves(before: unknown, after: unknown, at: string[], out: Leaf[]): void {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const list = Array.isArray(before) || Array.isArray(after);
  const object = (v: unknown) => typeof v === 'object' && v !== null;
  if (list && (before === undefined || Array.isArray(before)) && (after === undefined || Array.isArray(after))) {
    const a = new Map(((before as unknown[] | undefined) ?? []).map((item, i) => [keyOf(item, i), item]));
    const b = new Map(((after as unknown[] | undefined) ?? []).map((item, i) => [keyOf(item, i), item]));
    // Plain lists (keywords, stages) read best whole.
    if ([...a.keys(), ...b.keys()].every((key) => key.startsWith('#'))) return void out.push({ at, before, after });
    for (const key of new Set([...a.keys(), ...b.keys()])) leaves(a.get(key), b.get(key), [...at, key], out);
    return;
  }
  if (object(before) && object(after) && !list) {
    const a = before as Record<string, unknown>;
    const b = after as Record<string, unknown>;
    // A gate (`stages` naming a list, `stage` its indexes) is one leaf: "stages 1 and 3 of 'walk'".
    const gated = gateOf(a) !== undefined || gateOf(b) !== undefined;
    if (gated && JSON.stringify(gateOf(a)) !== JSON.stringify(gateOf(b)))
      out.push({ at: [...at, 'stages'], before: gateOf(a), after: gateOf(b) });
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
      if (!gated || (key !== 'stages' && key !== 'stage')) leaves(a[key], b[key], [...at, key], out);
    return;
  }
  out.push({ at, before, after });
}

/** Which section a changed leaf of a region belongs to. */
function sectionOf(at: readonly string[]): DiffSection {
  const [top, , field] = at;
  if (top === 'products') return 'prices and offers';
  if (top === 'textBanner' || top === 'countdown') return 'banners';
  if (top === 'navs' || top === 'footerNavs') return 'navigation';
  if (top === 'stages') return 'windows and stages';
  if (top === 'messages') return 'texts';
  if (top === 'routes') {
    if (field === 'window') return 'windows and stages';
    if (field === 'content' && ['title', 'description', 'keywords'].includes(at[3] ?? '')) return 'page heads';
    if (field === 'content') return 'texts';
    return 'pages';
  }
  return 'settings';
}

/** A price as the region's visitors see it (core/format.ts, the runtime's own formatter): `$1,299.00`, `1 599,00 €`. */
function money(region: RegionData, amount: unknown): string {
  return typeof amount === 'number' ? formatPrice(amount, formatsOf(region), region.currency) : show(amount);
}

/** Where a change shows: ` (on /us, /us/ai-base)`. */
function onPages(paths: readonly string[]): string {
  return ` (on ${paths.join(', ')})`;
}

/**
 * The installment line of each product page (core/format.ts, as the page renders it), grouped by
 * what changed: the line moves with the price and with the region's installment settings.
 */
function installmentChanges(code: string, before: RegionData, after: RegionData, now: number): VisibleChange[] {
  const lines = (region: RegionData) =>
    new Map(
      region.routes.flatMap((route) => {
        const product = route.product && !route.redirect ? region.products[route.product] : undefined;
        const line = product && installmentLine(region, region.messages['product.perMonth'] ?? '', currentPrice(region, product, now));
        return line ? [[route.path, line] as const] : [];
      }),
    );
  const [a, b] = [lines(before), lines(after)];
  const groups = new Map<string, string[]>();
  for (const page of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(page) === b.get(page)) continue;
    const change = describe('installment line', a.get(page), b.get(page));
    groups.set(change, [...(groups.get(change) ?? []), page]);
  }
  return [...groups].map(([change, pages]) => ({
    region: code,
    section: 'prices and offers' as const,
    change: `${change}${onPages(pages)}`,
    pages,
  }));
}

/** The changes a visitor of one region sees, from its data in the two versions. */
export function regionChanges(code: string, before: RegionData, after: RegionData, now: number): VisibleChange[] {
  const changes: VisibleChange[] = [];
  const routesBefore = new Map(before.routes.map((r) => [r.path, r]));
  const routesAfter = new Map(after.routes.map((r) => [r.path, r]));
  for (const [pathname, route] of routesAfter)
    if (!routesBefore.has(pathname))
      changes.push({
        region: code,
        section: 'pages',
        change: `page added: ${pathname}${route.redirect ? ` (redirects to ${route.redirect})` : ''}`,
        pages: route.redirect ? [] : [pathname],
      });
  for (const pathname of routesBefore.keys())
    if (!routesAfter.has(pathname))
      changes.push({
        region: code,
        section: 'pages',
        change: `page removed: ${pathname}`,
        pages: routesBefore.get(pathname)!.redirect ? [] : [pathname],
      });
  const found: Leaf[] = [];
  // What every region repeats (the list of regions, the constants) is compared once, in the regions' own data.
  const { regions: _a, constants: _b, routes: r1, ...restBefore } = before;
  const { regions: _c, constants: _d, routes: r2, ...restAfter } = after;
  leaves(restBefore, restAfter, [], found);
  for (const [pathname, route] of routesAfter) {
    const old = routesBefore.get(pathname);
    if (old) leaves({ ...old, alternates: undefined }, { ...route, alternates: undefined }, ['routes', pathname], found);
  }
  void r1;
  void r2;
  // Instants are written in the zone the region plans in now, old and new alike, so they compare.
  const zone = after.timeZone;
  for (const leaf of found) {
    const { at, before: was, after: is } = leaf;
    // The installment settings show as each product page's installment line (below); the time
    // zone only says how instants are written for people (here), which no visitor sees.
    if (at[0] === 'installment' || at[0] === 'timeZone') continue;
    // A catalogue text is listed where a page shows it.
    if (at[0] === 'messages' && !showsMessage(before, at[1]!) && !showsMessage(after, at[1]!)) continue;
    const write = (value: unknown) => show(value, zone, at.at(-1));
    if (at[0] === 'products') {
      changes.push(...productChanges(code, before, after, now, leaf, write));
      continue;
    }
    const where =
      at[0] === 'routes'
        ? `${at[1]}: ${at
            .slice(2)
            .join(' > ')
            .replace(/^content > /, '')}`
        : at.join(' > ');
    const change =
      at[0] === 'stages' && at.length === 2
        ? stagesListChange(at[1]!, was as number[] | undefined, is as number[] | undefined, zone)
        : describe(where, was, is, write);
    changes.push({ region: code, section: sectionOf(at), change, pages: pagesOfLeaf(before, after, at) });
  }
  changes.push(...installmentChanges(code, before, after, now));
  return changes;
}

/**
 * What visitors call a product's price now. While its offer runs the regular price is the
 * struck-through figure beside the activity price; in a market with `priorPrice` it is not shown
 * then at all (the reduction is announced against the prior price, docs/market.md).
 */
function priceLabel(region: RegionData, key: string, field: 'price' | 'activityPrice', now: number): string {
  if (field === 'activityPrice') return 'activity price';
  const product = region.products[key];
  if (!product || !isActivityActive(region, product, now)) return 'price';
  return region.market.priorPrice ? 'regular price (not shown while its offer runs)' : 'struck-through regular price';
}

/** A changed leaf of a product (`products > key > ...`), on the pages that show the product: prices as visitors see them. */
function productChanges(
  code: string,
  before: RegionData,
  after: RegionData,
  now: number,
  { at, before: was, after: is }: Leaf,
  write: (value: unknown) => string,
): VisibleChange[] {
  const key = at[1]!;
  const name = after.products[key]?.name ?? before.products[key]?.name ?? key;
  const pages = [...new Set([...productPaths(before, key), ...productPaths(after, key)])];
  const field = at[2];
  if (field === 'priorPrices')
    return priorPriceChanges(after, name, was as PriorPrice[] | undefined, is as PriorPrice[] | undefined, pages);
  if (field === 'price' || field === 'activityPrice') {
    // A price no page shows is no visible change.
    if (pages.length === 0) return [];
    const label = `${priceLabel(after, key, field, now)} of ${name}`;
    const line =
      was === undefined
        ? `${label} added: ${money(after, is)}`
        : is === undefined
          ? `${label} removed (was ${money(before, was)})`
          : `${label}: ${money(before, was)} -> ${money(after, is)}`;
    return [{ region: code, section: 'prices and offers', change: `${line}${onPages(pages)}`, pages }];
  }
  const change = describe(`${at.slice(2).join(' > ') || 'product'} of ${name}`, was, is, write);
  return [{ region: code, section: 'prices and offers', change, pages }];
}

/** A product's prior prices (docs/market.md), reduction by reduction: what its announcement says changed. */
function priorPriceChanges(
  region: RegionData,
  name: string,
  before: readonly PriorPrice[] = [],
  after: readonly PriorPrice[] = [],
  pages: readonly string[] = [],
): VisibleChange[] {
  const label = (w: PriorPrice) =>
    `prior price of ${name} (lowest of the 30 days before its reduction from ${writeInstant(w.start, region.timeZone)})`;
  const price = (amount: number | undefined) => (amount === undefined ? undefined : money(region, amount));
  const old = new Map(before.map((w) => [w.start, w]));
  const changes: VisibleChange[] = [];
  const change = (text: string, was: string | undefined, is: string | undefined) =>
    was === undefined ? `${text} added: ${is}` : is === undefined ? `${text} removed (was ${was})` : `${text}: ${was} -> ${is}`;
  for (const w of after) {
    const was = old.get(w.start);
    if (was?.price !== w.price)
      changes.push({
        region: region.code,
        section: 'prices and offers',
        change: change(label(w), price(was?.price), price(w.price)),
        pages,
      });
    old.delete(w.start);
  }
  for (const w of old.values())
    changes.push({ region: region.code, section: 'prices and offers', change: change(label(w), price(w.price), undefined), pages });
  return changes;
}
