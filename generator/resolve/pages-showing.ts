import type { RegionData, StageGate } from '../../core/model.ts';
import { showsCountdown } from '../../core/kinds.ts';

/**
 * Which pages of a region show what: a query of the model, whatever asks (the schedule of
 * generator/deploy/schedule.ts, the pages of a change in `build-region diff`, the report). Every page
 * shows the header and the footer; a product shows on its own page, in line-ups and in bundles.
 */

/** Something of a region shown only in some stages of a list, and the pages that show it. */
export interface GatedItem {
  gate: StageGate;
  what: string;
  paths: string[];
}

/** Every page of a region: each shows the header (text banner, navigation) and the footer. */
export function allPaths(region: RegionData): string[] {
  return region.routes.filter((r) => !r.redirect).map((r) => r.path);
}

/** The pages that render the region's countdown (core/kinds.ts): the front page. */
export function countdownPaths(region: RegionData): string[] {
  return region.routes.filter(showsCountdown).map((r) => r.path);
}

/**
 * The pages that show a product's price: its own page, pages whose line-up lists it, and, for a
 * product in a bundle, the pages that offer the bundle (those of its parts), whose saving moves
 * with the part's price.
 */
export function productPaths(region: RegionData, key: string): string[] {
  const { byProduct, byLineup, order } = routeIndex(region);
  const products = region.products;
  const bundles = products[key]?.bundles ?? [];
  const shown = [key, ...bundles];
  const offers = [...bundles.flatMap((bundle) => products[bundle]?.includes ?? []), ...(products[key]?.includes ?? [])];
  const paths = new Set<string>();
  for (const product of [...shown, ...offers]) for (const found of byProduct.get(product) ?? []) paths.add(found);
  for (const product of shown) for (const found of byLineup.get(product) ?? []) paths.add(found);
  return [...paths].sort((a, b) => order.get(a)! - order.get(b)!);
}

/** The pages of a region by the product they show and by the products of their line-up, made once a region. */
const routeIndexes = new WeakMap<
  RegionData,
  { byProduct: Map<string, string[]>; byLineup: Map<string, string[]>; order: Map<string, number> }
>();

function routeIndex(region: RegionData) {
  let index = routeIndexes.get(region);
  if (index) return index;
  index = { byProduct: new Map(), byLineup: new Map(), order: new Map() };
  const add = (map: Map<string, string[]>, product: string, found: string) => map.set(product, [...(map.get(product) ?? []), found]);
  region.routes.forEach((route, position) => {
    index!.order.set(route.path, position);
    if (route.redirect) return;
    if (route.product) add(index!.byProduct, route.product, route.path);
    for (const item of new Set(route.content?.lineup ?? [])) add(index!.byLineup, item, route.path);
  });
  routeIndexes.set(region, index);
  return index;
}

/**
 * The header's and the front page's items of a region shown only in some stages of a list (the
 * text banner, the countdown, nav items). A product's activity price gated by stages is its
 * offer's (core/offers.ts `priceChanges`), on `productPaths`.
 */
export function gatedItems(region: RegionData): GatedItem[] {
  const items: GatedItem[] = [];
  const everywhere = allPaths(region);
  if (region.textBanner) items.push({ gate: region.textBanner, what: `text banner '${region.textBanner.label}'`, paths: everywhere });
  if (region.countdown)
    items.push({ gate: region.countdown, what: `countdown '${region.countdown.title}'`, paths: countdownPaths(region) });
  const walk = (navs: RegionData['navs']) => {
    for (const nav of navs) {
      if (nav.stages && nav.stage)
        items.push({ gate: { stages: nav.stages, stage: nav.stage }, what: `nav item '${nav.label}'`, paths: everywhere });
      walk(nav.children);
    }
  };
  walk(region.navs);
  return items;
}

/** A link of a region that points at a time-windowed page: what it is, where it goes, and that page's window. */
export interface WindowedLink {
  what: string;
  link: string;
  window: { start?: number; end?: number };
  /** The pages that show the link. */
  paths: string[];
}

/** The links of a region that point at a time-windowed page (they show while it is open). */
export function windowedLinks(region: RegionData): WindowedLink[] {
  const links: WindowedLink[] = [];
  const everywhere = allPaths(region);
  if (region.textBanner?.window)
    links.push({
      what: `text banner '${region.textBanner.label}'`,
      link: region.textBanner.link,
      window: region.textBanner.window,
      paths: everywhere,
    });
  if (region.countdown?.window)
    links.push({
      what: `countdown '${region.countdown.title}'`,
      link: region.countdown.link,
      window: region.countdown.window,
      paths: countdownPaths(region),
    });
  const walk = (navs: RegionData['navs']) => {
    for (const nav of navs) {
      if (nav.window && nav.link) links.push({ what: `nav item '${nav.label}'`, link: nav.link, window: nav.window, paths: everywhere });
      walk(nav.children);
    }
  };
  walk(region.navs);
  for (const column of region.footerNavs)
    for (const link of column.links)
      if (link.window) links.push({ what: `footer link '${link.label}'`, link: link.link, window: link.window, paths: everywhere });
  return links;
}
