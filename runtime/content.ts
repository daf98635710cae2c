import { sortedProductNames } from '../core/model.ts';
import type { Messages, PageContent, ProductData, ProductKey, RouteInfo, RouteShardData, RouteTable, SiteData } from '../core/model.ts';
import { normalizePath, routeShard } from '../core/paths.ts';

/**
 * A JSON file of the build's (the region's site data file, a route's text), fetched from the
 * page's own origin. A failure names the file, for the stale-page check (chunk-reload.ts).
 */
export async function fetchJson<T>(url: string): Promise<T> {
  const href = new URL(url, window.location.href).href;
  const response = await fetch(href, { credentials: 'same-origin' }).catch(() => undefined);
  if (!response?.ok) throw new Error(`Could not load ${href}`);
  return (await response.json()) as T;
}

/** A route's text, from the JSON file the build wrote for it (a route shard's loader). */
export async function loadText(url: string): Promise<{ default: PageContent }> {
  return { default: await fetchJson<PageContent>(url) };
}

/** One shard of a region's route table as its chunk holds it: its routes, their products, and a loader per route text. */
export interface RouteShardModule extends RouteShardData {
  /** The text of each route of the shard, by normalised path. */
  readonly pages: Readonly<Record<string, () => Promise<{ default: PageContent }>>>;
}

/** Where a region's route table comes from: on the client, a dynamic import per shard (sites/<code>/routes/<n>.ts). */
export interface ContentSources {
  /** The shards, in order: a path's shard is `routeShard(path, routes.length)`. */
  readonly routes: readonly (() => Promise<RouteShardModule>)[];
}

/**
 * What the first render of a page needs of its own, inline in its HTML (`#route-data`): its
 * route (null: the path is no route of the region), its text, and the products it shows. The
 * site data and the catalogue, the same on every page of the region, are in the region's site
 * data file (core/model/split.ts `SiteDataFile`, named by `#root[data-site]`), or inline in the live preview.
 */
export interface RouteData {
  /** The site data, inline in the live preview only. */
  site?: SiteData;
  /** The catalogue, inline in the live preview only. */
  messages?: Messages;
  path?: string;
  route?: RouteInfo | null;
  page?: PageContent;
  products?: Readonly<Record<ProductKey, ProductData>>;
  productNames?: readonly string[];
  /** The page's text file, where its text is not inline (its content hydrates when wanted). */
  text?: string;
  /** The prices the page shows, formatted by the build, by amount (core/format.ts `knowPrices`). */
  prices?: Readonly<Record<string, string>>;
}

/**
 * The texts and route table of one region: the locale catalogue, the route table in shards with
 * their products, and the route texts, each loaded once on first use and cached. Lookups are
 * synchronous and never fail: what is missing (or not loaded yet, or failed to load) is empty.
 * Until a path's shard is loaded, the store knows what the page's inline data seeded.
 */
export interface ContentStore {
  /** Loads the shard of the route table that holds a path, once. Rejects when its chunk fails to load (a later call tries again). */
  loadRoute(path: string): Promise<void>;
  /** Loads the text of the route at a path once (after its shard). Rejects when a chunk fails to load. */
  loadPage(path: string): Promise<void>;
  /** The message at a dotted key, or '' when it is missing. */
  message(key: string): string;
  /** The loaded text of the route at a path, or undefined. */
  page(path: string): PageContent | undefined;
  /**
   * The route at a path (after normalisation): the route, null when the path is no route of the
   * region, undefined when that is not known yet (its shard is not loaded).
   */
  route(path: string): RouteInfo | null | undefined;
  /** A product of the region, or undefined (not sold here, or not known yet). */
  product(key: ProductKey): ProductData | undefined;
  /** The names of every product of the region, sorted in its locale (the support forms list them). */
  productNames(): readonly string[];
  /** Texts and data already at hand (the site data, the first page's inline data): no chunk is loaded for them. */
  seed(data: RouteData): void;
}

export function createContentStore(sources: ContentSources): ContentStore {
  let messages: Messages = {};
  const shards: (RouteShardModule | undefined)[] = sources.routes.map(() => undefined);
  const shardLoads = new Map<number, Promise<void>>();
  const routes = new Map<string, RouteInfo | null>();
  const products = new Map<ProductKey, ProductData>();
  let names: readonly string[] | undefined;
  const pages = new Map<string, PageContent>();
  const pageLoads = new Map<string, Promise<void>>();
  // The first page's text file, named by its inline data: loaded with no route table shard.
  const textFiles = new Map<string, string>();
  const shardOf = (path: string) => routeShard(path, sources.routes.length);
  const take = (shard: RouteShardData) => {
    for (const route of shard.routes) routes.set(route.path, route);
    for (const [key, product] of Object.entries(shard.products)) products.set(key, product);
    if (shard.productNames) names = shard.productNames;
  };
  const store: ContentStore = {
    loadRoute(path) {
      const index = shardOf(path);
      let load = shardLoads.get(index);
      if (!load) {
        load = sources.routes[index]!().then((module) => {
          shards[index] = module;
          take(module);
        });
        load.catch(() => shardLoads.delete(index)); // a later attempt may succeed
        shardLoads.set(index, load);
      }
      return load;
    },
    loadPage(path) {
      const key = normalizePath(path);
      let load = pageLoads.get(key);
      if (!load) {
        const file = textFiles.get(key);
        const loaded = (module: { default: PageContent } | undefined) => void (module && pages.set(key, module.default));
        load = file ? loadText(file).then(loaded) : store.loadRoute(key).then(() => shards[shardOf(key)]!.pages[key]?.().then(loaded));
        load.catch(() => pageLoads.delete(key)); // a later attempt may succeed
        pageLoads.set(key, load);
      }
      return load;
    },
    message(key) {
      return Object.prototype.hasOwnProperty.call(messages, key) ? (messages[key] ?? '') : '';
    },
    page(path) {
      return pages.get(normalizePath(path));
    },
    route(path) {
      const wanted = normalizePath(path).toLowerCase();
      const known = routes.get(wanted);
      if (known !== undefined) return known;
      return shards[shardOf(wanted)] ? null : undefined;
    },
    product(key) {
      return products.get(key);
    },
    productNames() {
      return names ?? [];
    },
    seed(data) {
      if (data.messages) messages = data.messages;
      if (data.path !== undefined) {
        const key = normalizePath(data.path);
        if (data.route !== undefined && !routes.has(key.toLowerCase())) routes.set(key.toLowerCase(), data.route);
        if (data.page) {
          pages.set(key, data.page);
          pageLoads.set(key, Promise.resolve());
        }
        if (data.text) textFiles.set(key, data.text);
      }
      for (const [key, product] of Object.entries(data.products ?? {})) if (!products.has(key)) products.set(key, product);
      if (data.productNames) names ??= data.productNames;
    },
  };
  return store;
}

/** Sources already in memory, the whole table as one shard: the prerenderer's, from the resolved model. */
export function memorySources(table: RouteTable, pages: ReadonlyMap<string, PageContent>, locale?: string): ContentSources {
  const module: RouteShardModule = {
    routes: table.routes,
    products: table.products,
    productNames: sortedProductNames(table.products, locale),
    pages: Object.fromEntries([...pages].map(([path, content]) => [path, () => Promise.resolve({ default: content })])),
  };
  return { routes: [() => Promise.resolve(module)] };
}
