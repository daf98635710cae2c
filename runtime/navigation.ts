import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { catchAllUrl } from './catch-all.ts';
import { recoverFromLoadFailure } from './chunk-reload.ts';
import { homePath } from './routes.ts';
import type { ScrollMemory } from './scroll.ts';
import { useApp } from './site.tsx';
import type { AppServices } from './site.tsx';
import { isRouteOpen } from '../core/time.ts';
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

let scrollMemory: ScrollMemory | undefined;

/** Registers the page's scroll memory, so navigations save the position they leave. */
export function setScrollMemory(memory: ScrollMemory | undefined): void {
  scrollMemory = memory;
}

export function getScrollMemory(): ScrollMemory | undefined {
  return scrollMemory;
}

export interface GoOptions {
  replace?: boolean;
}

/**
 * Navigates like a visitor expects (docs/runtime.md):
 * - a path that is not a route of this region leaves the app with a full page load (catch-all),
 *   as does any path while its route table shard cannot be loaded;
 * - a redirect route goes to its target;
 * - otherwise server time is read and the route's page loaded first, so it renders at once
 *   with the right prices and banners; a time-gated route outside its window goes home;
 * - a script that fails to load because a newer deploy removed it reloads the page into the
 *   intended route, once.
 */
export function useGo(): (href: string, options?: GoOptions) => Promise<void> {
  const app = useApp();
  const [, navigate] = useLocation();
  return useCallback(
    async function go(href: string, options: GoOptions = {}): Promise<void> {
      // The path's route table shard comes first (loaded on intent, or now): it says where the path goes.
      const tableFailure = await app.content.loadRoute(href).then(
        () => undefined,
        (error: unknown) => error ?? new Error('load failed'),
      );
      if (tableFailure !== undefined) {
        if (!(await recoverFromLoadFailure(tableFailure, href))) window.location.assign(href);
        return;
      }
      const route = app.content.route(href);
      if (!route) {
        window.location.assign(catchAllUrl(app.site, href, window.location));
        return;
      }
      if (route.redirect) return go(route.redirect, options);
      let failure: unknown;
      const [now] = await Promise.all([
        app.clock.sync(app.serverTime),
        preloadRoute(app, route).catch((error: unknown) => {
          failure = error;
        }),
      ]);
      if (failure !== undefined) {
        const reloaded = await recoverFromLoadFailure(failure, href);
        if (!reloaded) console.warn(`Could not load the page ${route.path}`, failure);
        return;
      }
      if (!isRouteOpen(route, now)) {
        const home = homePath(app.site);
        if (route.path !== home) return go(home, options);
      }
      scrollMemory?.save();
      app.prepare(route.path);
      const suffix = /[?#]/.exec(href) ? href.slice(href.search(/[?#]/)) : '';
      navigate(`${route.path}${suffix}`, { replace: options.replace ?? false, state: scrollMemory?.newEntryState() ?? null });
    },
    [app, navigate],
  );
}
