import { normalizePath } from './paths.ts';
import type { RegionData, RouteData } from './types.ts';

/** The route of the region at a path (after normalisation), or undefined: not found. */
export function findRoute(region: RegionData, path: string): RouteData | undefined {
  const wanted = normalizePath(path).toLowerCase();
  return region.routes.find((route) => route.path === wanted);
}

/** The `<title>` of a route, or of the not-found page. */
export function routeTitle(region: RegionData, route: RouteData | undefined): string {
  if (route?.content) return route.content.title;
  const notFound = region.messages['notFound.title'] ?? '';
  const name = region.messages['site.name'] ?? '';
  return [notFound, name].filter(Boolean).join(' | ');
}
