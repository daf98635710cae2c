/**
 * The path rule (docs/runtime.md, "Paths"), shared by the browser, the compiler and the
 * server. Which regions exist, and which one is at `/`, is content: every function that needs
 * it takes the regions as data.
 */
import type { RouteInfo } from './model/routes.ts';

/** A path with no query, fragment, `//` or trailing `/` (but `/` itself), starting with `/`. */
const NORMAL = /^(?:\/|(?:\/[^/?#]+)+)$/;

/**
 * Repeated slashes collapse, a trailing slash is dropped, and the result always starts with a
 * single slash. Query and hash are not part of a path.
 */
export function normalizePath(path: string): string {
  // Most paths are normal already (a route's own, a link's): given back as they are, with
  // nothing allocated (a prerender calls this for every link of every page).
  if (NORMAL.test(path)) return path;
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const collapsed = `/${bare}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

/** The regions as the path rule sees them: each region's code, and the code of the one at `/`. */
export interface RegionTable {
  /** The region served at `/`, with no code in its paths. */
  readonly root: string;
  /** Every region code, the root's included. */
  readonly codes: readonly string[];
}

/** A region table from a list of regions, each with its home path (`/` for the root). */
export function regionTable(regions: readonly { readonly code: string; readonly home: string }[]): RegionTable {
  return { root: regions.find((region) => region.home === '/')?.code ?? '', codes: regions.map((region) => region.code) };
}

export interface PathParts {
  region: string;
  /** The page segment(s) after the region, without slashes at either end; '' for home. */
  page: string;
}

/**
 * Splits a path into region and page. The first segment picks the region when it is the code
 * of a region other than the root; anything else belongs to the root region at `/`.
 */
export function parsePath(path: string, regions: RegionTable): PathParts {
  const segments = normalizePath(path).split('/').filter(Boolean);
  const first = segments[0]?.toLowerCase();
  if (first && first !== regions.root && regions.codes.includes(first)) return { region: first, page: segments.slice(1).join('/') };
  return { region: regions.root, page: segments.join('/') };
}

/** What prefixes every path of a region: '' for the root region, `/us` for us. */
export function basePathOf(code: string, root: boolean): string {
  return root ? '' : `/${code}`;
}

/**
 * The absolute path of a page under a region's base path: `pagePath('/us', '')` is `/us`,
 * `pagePath('', 'faq')` is `/faq`, `pagePath('', '')` is `/`.
 */
export function pagePath(basePath: string, page: string): string {
  const rest = page.replace(/^\/+|\/+$/g, '');
  return rest ? `${basePath}/${rest}` : basePath || '/';
}

/**
 * A region's route table is split into shards (sites/<code>/routes/<n>.ts) so that a visit
 * loads the routes of the paths it follows, not the whole catalogue: about this many routes a
 * shard, and at most MAX_ROUTE_SHARDS shards (the entry names each; past that, shards grow).
 */
export const ROUTES_PER_SHARD = 16;
export const MAX_ROUTE_SHARDS = 32;

/** How many shards a route table of `routes` routes has. */
export function routeShardCount(routes: number): number {
  return Math.min(MAX_ROUTE_SHARDS, Math.max(1, Math.ceil(routes / ROUTES_PER_SHARD)));
}

/** The shard of a path (normalised, lower-cased) among `shards`: FNV-1a of the path, the same in the build and the browser. */
export function routeShard(path: string, shards: number): number {
  const key = normalizePath(path).toLowerCase();
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

/** The route of the region at a path (after normalisation), or undefined: not found. */
export function findRoute<R extends RouteInfo>(region: { routes: readonly R[] }, path: string): R | undefined {
  const wanted = normalizePath(path).toLowerCase();
  return region.routes.find((route) => route.path === wanted);
}
