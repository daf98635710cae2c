import { sortedProductNames } from '../core/model.ts';
import type { Messages, PageContent, ProductData, ProductKey, RouteInfo, RouteShardFile, RouteTable, SiteData } from '../core/model.ts';
import { normalizePath, routeShard } from '../core/paths.ts';

/**
 * A JSON file of the build's (the region's site data file, a route table shard, a route's text), fetched from the
 * page's own origin. A failure names the file, for the stale-page check (chunk-reload.ts).
 */
export async function fetchJson<T>(url: string): Promise<T> {
  const href = new URL(url, window.location.href).href;
  const response = await fetch(href, { credentials: 'same-origin' }).catch(() => undefined);
  if (!response?.ok) throw new Error(`Could not load ${href}`);
  return (await response.json()) as T;
}

/**
 * Where a region's route table and texts come from: on the client, a JSON file per shard
 * (`jsonSources`), each naming its routes' text files, fetched by URL; on the server, the model
 * in memory (`memorySources`).
 */
export interface ContentSources {
  /** The shards, in order: a path's shard is `routeShard(path, routes.length)`. */
  readonly routes: readonly (() => Promise<RouteShardFile>)[];
  /** The text a shard (or the first page's inline data) names; by default, its file fetched. */
  readonly text?: (url: string) => Promise<PageContent>;
}

/**
 * `count` shards as JSON files (core/model.ts `RouteShardFile`), the file of shard `index` at
 * `url(index)`: the build's, named by the region's site data file; the live preview's, by version.
 */
export function jsonSources(count: number, url: (index: number) => Promise<string>): ContentSources {
  return { routes: Array.from({ length: count }, (_, index) => async () => fetchJson<RouteShardFile>(await url(index))) };
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
  /** Loads the shard of the route table that holds a path, once. Rejects when its file fails to load (a later call tries again). */
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
  const shards: (RouteShardFile | undefined)[] = sources.routes.map(() => undefined);
  const text = sources.text ?? fetchJson<PageContent>;
  const shardLoads = new Map<number, Promise<void>>();
  const routes = new Map<string, RouteInfo | null>();
  const products = new Map<ProductKey, ProductData>();
  let names: readonly string[] | undefined;
  const pages = new Map<string, PageContent>();
  const pageLoads = new Map<string, Promise<void>>();
  // The first page's text file, named by its inline data: loaded with no route table shard.
  const textFiles = new Map<string, string>();
  const shardOf = (path: string) => routeShard(path, sources.routes.length);
  const take = (shard: RouteShardFile) => {
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
        const loaded = (content: PageContent) => void pages.set(key, content);
        const named = (url: string | undefined) => (url === undefined ? undefined : text(url).then(loaded));
        load = file ? named(file)! : store.loadRoute(key).then(() => named(shards[shardOf(key)]!.pages[key]));
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

/** Sources already in memory, the whole table as one shard: the prerenderer's, from the resolved model (a text's URL is its path). */
export function memorySources(table: RouteTable, pages: ReadonlyMap<string, PageContent>, locale?: string): ContentSources {
  const shard: RouteShardFile = {
    routes: table.routes,
    products: table.products,
    productNames: sortedProductNames(table.products, locale),
    pages: Object.fromEntries([...pages.keys()].map((path) => [path, path])),
  };
  return { routes: [() => Promise.resolve(shard)], text: (path) => Promise.resolve(pages.get(path)!) };
}
