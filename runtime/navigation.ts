import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { recoverFromLoadFailure } from './chunk-reload.ts';
import { lazyComponent } from './lazy-component.ts';
import type { LazyComponent } from './lazy-component.ts';
import type { NavigatorProps } from './shell/router.tsx';
import { useApp } from './site.tsx';
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

let router: Promise<typeof import('./shell/router.tsx')> | undefined;

/**
 * The router's machinery (runtime/shell/router.tsx), loaded once: with the first navigation, or
 * before, when a link is hovered or takes focus (runtime/shell/links.ts).
 */
export function loadRouter(): Promise<typeof import('./shell/router.tsx')> {
  return (router ??= import('./shell/router.tsx').catch((error: unknown) => {
    router = undefined; // a later attempt may succeed
    throw error;
  }));
}

/** What the shell does after a navigation (runtime/shell/router.tsx `Navigator`), rendered from the first one on. */
export const RouterPart: LazyComponent<NavigatorProps> = lazyComponent<NavigatorProps>(() =>
  loadRouter().then(({ Navigator }) => ({ default: Navigator })),
);

/**
 * The shell's navigation (runtime/shell/router.tsx `go`), once the router's code is loaded: the
 * navigator with it, so the location changes with it in place. Without the code (a network
 * failure), the path loads as a page, or the page reloads when the code is gone after a deploy.
 */
export function useGo(): Go {
  const app = useApp();
  const [, navigate] = useLocation();
  return useCallback(
    (href: string, options?: GoOptions) =>
      RouterPart.preload()
        .then(loadRouter)
        .then(
          (router) => router.go(app, navigate, href, options),
          async (error: unknown) => {
            if (!(await recoverFromLoadFailure(error, href))) window.location.assign(href);
          },
        ),
    [app, navigate],
  );
}
