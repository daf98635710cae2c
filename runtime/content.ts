import type { Messages, PageContent, PageShellData, ProductData, ProductKey, RouteInfo, RouteTable } from '../core/model.ts';
import { normalizePath } from '../core/paths.ts';

/** A region's route table as its chunk holds it: the routes, the products and a loader per route text. */
export interface TableModule extends RouteTable {
  /** The text of each route, by normalised path. */
  readonly pages: Readonly<Record<string, () => Promise<{ default: PageContent }>>>;
}

/** Where a region's texts and route table come from: on the client, dynamic imports of the generated modules. */
export interface ContentSources {
  /** The region's locale catalogue. */
  readonly messages: () => Promise<{ default: Messages }>;
  /** The region's route table (sites/<code>/routes.ts). */
  readonly table: () => Promise<TableModule>;
}

/**
 * What the first render of a page needs beyond the entry, inline in its HTML (`#route-data`):
 * the catalogue, its route (null: the path is no route of the region), its text, and the
 * products it shows.
 */
export interface RouteData {
  messages?: Messages;
  path?: string;
  route?: RouteInfo | null;
  page?: PageContent;
  products?: Readonly<Record<ProductKey, ProductData>>;
  productNames?: readonly string[];
  /** The prices the page shows, formatted by the build, by amount (core/format.ts `knowPrices`). */
  prices?: Readonly<Record<string, string>>;
  /** What of the site data only the page shows (core/model.ts `PAGE_SHELL_KEYS`). */
  shell?: PageShellData;
}

/**
 * The texts and route table of one region: the locale catalogue, the route table with its
 * products, and the route texts, each loaded once on first use and cached. Lookups are
 * synchronous and never fail: what is missing (or not loaded yet, or failed to load) is empty.
 * Until the route table is loaded, the store knows what the page's inline data seeded.
 */
export interface ContentStore {
  /** Loads the catalogue once; later calls share the first load. Failures resolve quietly. */
  loadMessages(): Promise<void>;
  /** Loads the route table once. Rejects when its chunk fails to load (a later call tries again). */
  loadTable(): Promise<void>;
  /** Whether the route table is loaded: every route and product is known. */
  hasTable(): boolean;
  /** The page shell of the route table, once loaded. */
  shell(): PageShellData | undefined;
  /** Loads the text of the route at a path once (after the route table). Rejects when a chunk fails to load. */
  loadPage(path: string): Promise<void>;
  /** The message at a dotted key, or '' when it is missing. */
  message(key: string): string;
  /** The loaded text of the route at a path, or undefined. */
  page(path: string): PageContent | undefined;
  /**
   * The route at a path (after normalisation): the route, null when the path is no route of the
   * region, undefined when that is not known yet (the route table is not loaded).
   */
  route(path: string): RouteInfo | null | undefined;
  /** A product of the region, or undefined (not sold here, or not known yet). */
  product(key: ProductKey): ProductData | undefined;
  /** The names of every product of the region, sorted in its locale (the support forms list them). */
  productNames(): readonly string[];
  /** Texts and data already at hand (the first page's, inline in its HTML): no chunk is loaded for them. */
  seed(data: RouteData): void;
}

export function createContentStore(sources: ContentSources, locale?: string): ContentStore {
  let messages: Messages = {};
  let messagesLoad: Promise<void> | undefined;
  let table: TableModule | undefined;
  let tableLoad: Promise<void> | undefined;
  let names: readonly string[] | undefined;
  const seededRoutes = new Map<string, RouteInfo | null>();
  const seededProducts = new Map<ProductKey, ProductData>();
  let seededNames: readonly string[] | undefined;
  const pages = new Map<string, PageContent>();
  const pageLoads = new Map<string, Promise<void>>();
  const store: ContentStore = {
    loadMessages() {
      messagesLoad ??= sources.messages().then(
        (module) => {
          messages = module.default;
        },
        () => {
          // Load failures are ignored silently; lookups answer ''.
          messagesLoad = undefined;
        },
      );
      return messagesLoad;
    },
    loadTable() {
      tableLoad ??= sources.table().then(
        (module) => {
          table = module;
        },
        (error: unknown) => {
          tableLoad = undefined; // a later attempt may succeed
          throw error;
        },
      );
      return tableLoad;
    },
    hasTable() {
      return table !== undefined;
    },
    shell() {
      return table?.shell;
    },
    loadPage(path) {
      const key = normalizePath(path);
      let load = pageLoads.get(key);
      if (!load) {
        load = store.loadTable().then(() => {
          const loader = table!.pages[key];
          return loader?.().then((module) => {
            pages.set(key, module.default);
          });
        });
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
      if (table) return table.routes.find((route) => route.path === wanted) ?? null;
      return seededRoutes.get(wanted);
    },
    product(key) {
      if (!table) return seededProducts.get(key);
      return Object.prototype.hasOwnProperty.call(table.products, key) ? table.products[key] : undefined;
    },
    productNames() {
      if (!table) return seededNames ?? [];
      names ??= [...new Set(Object.values(table.products).map((product) => product.name))].sort((a, b) => a.localeCompare(b, locale));
      return names;
    },
    seed(data) {
      if (data.messages) {
        messages = data.messages;
        messagesLoad = Promise.resolve();
      }
      if (data.path !== undefined) {
        const key = normalizePath(data.path);
        if (data.route !== undefined) seededRoutes.set(key.toLowerCase(), data.route);
        if (data.page) {
          pages.set(key, data.page);
          pageLoads.set(key, Promise.resolve());
        }
      }
      for (const [key, product] of Object.entries(data.products ?? {})) seededProducts.set(key, product);
      if (data.productNames) seededNames = data.productNames;
    },
  };
  return store;
}

/** Sources already in memory: the prerenderer's, from the resolved model. */
export function memorySources(messages: Messages, table: RouteTable, pages: ReadonlyMap<string, PageContent>): ContentSources {
  const module: TableModule = {
    ...table,
    pages: Object.fromEntries([...pages].map(([path, content]) => [path, () => Promise.resolve({ default: content })])),
  };
  return {
    messages: () => Promise.resolve({ default: messages }),
    table: () => Promise.resolve(module),
  };
}
