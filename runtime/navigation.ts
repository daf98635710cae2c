import type { AppServices } from './site.tsx';
import type { RouteInfo } from '../core/model.ts';

/** Loads what a route renders with: its page component and its text. */
export function preloadRoute(app: Pick<AppServices, 'content' | 'pages'>, route: RouteInfo): Promise<unknown> {
  if (route.redirect) return Promise.resolve();
  return Promise.all([app.pages(route)?.preload(), app.content.loadPage(route.path)]);
}

/** Whether a route renders at once: its component and text are loaded. */
export function isRouteReady(app: Pick<AppServices, 'content' | 'pages'>, route: RouteInfo): boolean {
  return Boolean(route.redirect) || ((app.pages(route)?.isLoaded() ?? true) && app.content.page(route.path) !== undefined);
}

export interface GoOptions {
  replace?: boolean;
}

/** The router's navigation: to a path of this host, in the app when it is a route of this region. */
export type Go = (href: string, options?: GoOptions) => Promise<void>;
