import { routeShard, routeShardCount } from '../paths.ts';
import type { ProductKey } from './names.ts';
import type { Messages, RegionData } from './region.ts';
import type { ProductData } from './products.ts';
import { pageText } from './routes.ts';
import type { PageContent, RouteInfo } from './routes.ts';

/**
 * How a region's data is split for the client (part of core/model.ts): the entry's site data,
 * the route table in shards with the products their pages show, the catalogue and the page texts.
 */

/**
 * The part of a region the client bundle holds from the start (the region's entry): what every
 * page shows (header, footer, banners, stages), nothing that grows with the catalogue.
 */
export interface SiteData extends Omit<RegionData, 'routes' | 'messages' | 'products'> {
  /** The region chooser's path, when the region has one (header and footer link to it). */
  readonly chooser?: string;
}

/**
 * A region's site data file (`<base>assets/site-<code>-<hash>.json`, written by the build's
 * prerender, read by the client's entry): what every page of the region shares.
 */
export interface SiteDataFile {
  /** The region's configuration, navigation, banners, stages, constants and page shell. */
  site: SiteData;
  /** Its locale's catalogue. */
  messages: Messages;
  /**
   * The URLs of its route table's shards (`RouteShardFile`), in order: JSON files named after
   * their content, so that a new price changes these files and this one, never the scripts.
   */
  shards: readonly string[];
}

/** The region's route table and products: what grows with the catalogue (see `RouteShardData`). */
export interface RouteTable {
  readonly routes: readonly RouteInfo[];
  readonly products: Readonly<Record<ProductKey, ProductData>>;
}

/**
 * One shard of a region's route table (sites/<code>/routes/<n>.ts; core/paths.ts `routeShard`
 * picks a path's shard): its routes and what their pages read of the products, the products
 * each shows with the bundles they belong to and the products those include, and, where a
 * support form lists every product, their names. A navigation loads the shard of its path only,
 * so what a visit loads does not grow with the catalogue.
 */
export interface RouteShardData {
  readonly routes: readonly RouteInfo[];
  readonly products: Readonly<Record<ProductKey, ProductData>>;
  /** The names of every product, sorted in the region's locale: only in a shard with a support form. */
  readonly productNames?: readonly string[];
}

/** The product a home page's hero offers: its `featured` product, else the first of its line-up. */
export function featuredProduct(page: Pick<PageContent, 'featured' | 'lineup'> | undefined): ProductKey | undefined {
  return page?.featured ?? page?.lineup?.[0];
}

function featuredProducts(page: PageContent | undefined): ProductKey[] {
  const key = featuredProduct(page);
  return key ? [key] : [];
}

/** Whether a route's page lists every product of the region by name (the support forms). */
export function listsProductNames(route: Pick<RouteInfo, 'kind'>): boolean {
  return route.kind === 'registration-form' || route.kind === 'return-form';
}

/** The names of every product of a region, once each, sorted in its locale. */
export function sortedProductNames(products: Readonly<Record<ProductKey, ProductData>>, locale?: string): readonly string[] {
  return [...new Set(Object.values(products).map((product) => product.name))].sort((a, b) => a.localeCompare(b, locale));
}

/** The route table in shards: `routeShardCount` of them, each route in its path's (core/paths.ts `routeShard`). */
export function shardRouteTable(table: RouteTable, pages: ReadonlyMap<string, PageContent>, locale?: string): RouteShardData[] {
  const count = routeShardCount(table.routes.length);
  const shardOf = (path: string) => routeShard(path, count);
  const shards = Array.from({ length: count }, () => ({
    routes: [] as RouteInfo[],
    products: new Map<ProductKey, ProductData>(),
    names: false,
  }));
  const add = (into: Map<ProductKey, ProductData>, key: ProductKey) => {
    const product = table.products[key];
    if (!product || into.has(key)) return;
    into.set(key, product);
    for (const related of [...(product.bundles ?? []), ...(product.includes ?? [])]) add(into, related);
  };
  for (const route of table.routes) {
    const shard = shards[shardOf(route.path)]!;
    shard.routes.push(route);
    if (route.redirect) continue;
    for (const key of [
      ...(route.product ? [route.product] : []),
      ...(pages.get(route.path)?.lineup ?? []),
      ...featuredProducts(pages.get(route.path)),
    ])
      add(shard.products, key);
    shard.names ||= listsProductNames(route);
  }
  return shards.map(({ routes, products, names }) => ({
    routes,
    products: Object.fromEntries([...products].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    ...(names && { productNames: sortedProductNames(table.products, locale) }),
  }));
}

/** Splits resolved region data into the entry's site data, the route table, the catalogue and the page texts. */
export function splitRegion(region: RegionData): {
  site: SiteData;
  table: RouteTable;
  messages: Messages;
  pages: ReadonlyMap<string, PageContent>;
} {
  const { messages, routes, products, ...rest } = region;
  const pages = new Map<string, PageContent>();
  const infos = routes.map((route) => {
    const { content: _content, alternates: _alternates, ...info } = route;
    const text = pageText(route);
    if (text) pages.set(info.path, text);
    return info;
  });
  const chooser = routes.find((route) => route.kind === 'region-chooser' && !route.redirect)?.path;
  const site: SiteData = { ...rest, ...(chooser !== undefined && { chooser }) };
  // A product's drawing is chosen at build time (its image is a file of its own): what pages
  // carry of the products has no need of the choice.
  const shown = Object.fromEntries(
    Object.entries(products).map(([key, { drawing: _drawing, palette: _palette, ...product }]) => [key, product]),
  );
  return { site, table: { routes: infos, products: shown }, messages, pages };
}

/**
 * The live preview (`build-region --dev`) serves its client's route table and texts as JSON
 * under this path, from the content as last compiled (runtime/dev-client.tsx, preview/dev).
 */
export const DEV_PATH = '/__build-region';

/**
 * A shard of the route table as a JSON file (the build's `assets/routes-<code>-<n>-<hash>.json`,
 * the live preview's `DEV_PATH/routes/<n>.json`): its routes, their products, and each route
 * text's URL.
 */
export interface RouteShardFile extends RouteShardData {
  readonly pages: Readonly<Record<string, string>>;
}

/** What the live preview announces after a compile that changed its region: the content's version and its shards. */
export interface ContentVersion {
  readonly version: number;
  readonly shards: number;
}
