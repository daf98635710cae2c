import { normalizePath } from '../core/paths.ts';
import type { RouteInfo, SiteData } from '../core/model.ts';

/** The route of the region at a path (after normalisation), or undefined: not found. */
export function findRoute<R extends RouteInfo>(region: { routes: readonly R[] }, path: string): R | undefined {
  const wanted = normalizePath(path).toLowerCase();
  return region.routes.find((route) => route.path === wanted);
}

/** The region's home path: `/` for cn, `/us` for us. */
export function homePath(site: Pick<SiteData, 'basePath'>): string {
  return site.basePath || '/';
}
