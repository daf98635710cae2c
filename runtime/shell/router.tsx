import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { showsPage, viewOnce } from './hooks.ts';
import type { Found } from './hooks.ts';
import { catchAllUrl } from '../catch-all.ts';
import { recoverFromLoadFailure } from '../chunk-reload.ts';
import { preloadRoute } from '../navigation.ts';
import type { Go, GoOptions } from '../navigation.ts';
import { homePath } from '../routes.ts';
import { createScrollMemory, scrollAfterNavigation } from '../scroll.ts';
import type { ScrollMemory } from '../scroll.ts';
import type { AppServices } from '../site.tsx';
import type { PageContent } from '../../core/model.ts';
import { isRouteOpen } from '../../core/time.ts';

/**
 * The router's machinery (docs/runtime.md, "Navigation"): what a navigation does, and what the
 * shell does once one has happened. The first page needs none of it: its code loads with the
 * first navigation, or before, on a link's intent (runtime/navigation.ts `loadRouter`).
 */

/**
 * Intl's number data, loaded in idle time once this code is (on a link's intent, before the
 * click): the first price a page formats would otherwise load it while the visitor waits, 30 to
 * 60 ms here (a page's first render shows the prices the build formatted for it, without Intl;
 * a page navigated to formats its own). The page's language brings its currencies' data too.
 */
function warmNumberFormat(): void {
  const warm = () => new Intl.NumberFormat(document.documentElement.lang || undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 1000 });
  else setTimeout(warm, 0);
}
if (typeof document !== 'undefined') warmNumberFormat();

let memory: ScrollMemory | undefined;

/** The page's scroll positions per history entry, kept from the first navigation on. */
function scrollMemory(): ScrollMemory {
  return (memory ??= createScrollMemory(window));
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
 * `navigate` is wouter's: it changes the location the shell renders.
 */
export async function go(
  app: AppServices,
  navigate: (to: string, options: { replace: boolean; state: unknown }) => void,
  href: string,
  options: GoOptions = {},
): Promise<void> {
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
  if (route.redirect) return go(app, navigate, route.redirect, options);
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
    if (route.path !== home) return go(app, navigate, home, options);
  }
  const positions = scrollMemory();
  positions.save();
  app.prepare(route.path);
  const suffix = /[?#]/.exec(href) ? href.slice(href.search(/[?#]/)) : '';
  navigate(`${route.path}${suffix}`, { replace: options.replace ?? false, state: positions.newEntryState() });
}

export interface NavigatorProps {
  app: AppServices;
  location: string;
  found: Found;
  /** Whether the location's page renders at once (its code and text are loaded). */
  ready: boolean;
  /** Whether the route is inside its window. */
  open: boolean;
  /** Whether the visitor has left the first page (it scrolls and takes focus as it was prerendered). */
  navigated: boolean;
  /** The location's page text, when loaded. */
  page: PageContent | undefined;
  /** Server time, as the shell renders with it. */
  now: number;
  synced: boolean;
  /** The first page's prerendered content, kept on screen (runtime/App.tsx `KeptPage`). */
  keep: string | undefined;
  /** Whether server time moved the first page's offer (runtime/shell/hooks.ts `useOfferMoved`). */
  offerMoved: boolean;
  /** The location last counted as a page view (runtime/shell/hooks.ts `viewOnce`). */
  viewed: RefObject<string | undefined>;
  go: Go;
  main: RefObject<HTMLElement | null>;
  /** Renders the shell again (what the location needs has loaded). */
  update: () => void;
}

/**
 * What the shell does after each navigation: mounted by the shell from the first one on (a
 * link followed, or back/forward to an entry of an earlier visit of this page), at once for it,
 * or once the first page needs what is not loaded.
 */
export function Navigator(props: NavigatorProps): null {
  const { app, location, found, ready, open, navigated, go, main, update } = props;
  useNavigationEnd(app, location, found, ready, navigated, go, main);
  useRouteLoad(app, location, found, ready, open, update);
  usePageHead(props);
  return null;
}

/** After each navigation: catch-all, redirect, or scroll (restored, target or top) and focus on <main>. */
function useNavigationEnd(
  app: AppServices,
  location: string,
  found: Found,
  ready: boolean,
  navigated: boolean,
  go: Go,
  main: RefObject<HTMLElement | null>,
): void {
  // The scroll and focus of the last navigation, done once its page has rendered.
  const settle = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    if (!navigated) return;
    const route = found ?? undefined;
    const noted = app.takePrepared();
    const prepared = noted !== undefined && noted === route?.path;
    if (found === undefined) return; // its route table shard loads first (useRouteLoad)
    if (!route) {
      window.location.replace(catchAllUrl(app.site, location, window.location));
      return;
    }
    if (route.redirect) {
      void go(route.redirect, { replace: true });
      return;
    }
    if (!prepared) void app.clock.sync(app.serverTime); // back/forward: still on server time
    const saved = prepared ? undefined : scrollMemory().saved();
    settle.current = () => {
      scrollAfterNavigation(window, saved, route.scroll);
      main.current?.focus({ preventScroll: true });
    };
    // Only the location matters (and the route table, once it says where an unknown location
    // goes): the route and preparation are read as of this navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location, found === undefined]);
  // A page whose code or text was not loaded (back/forward) renders a moment later: a position
  // restored before would be clamped to the placeholder's height.
  useEffect(() => {
    if (!ready || !settle.current) return;
    settle.current();
    settle.current = undefined;
  });
}

/**
 * What a location needs before it renders, loaded when missing, then the shell renders again:
 * the route table shard of a location the store does not know yet (history from before a
 * reload), the page of a route that is not loaded (back/forward, or a window that opened after
 * the build).
 */
function useRouteLoad(app: AppServices, location: string, found: Found, ready: boolean, open: boolean, rerender: () => void): void {
  const { content } = app;
  const route = found ?? undefined;
  useEffect(() => {
    if (found !== undefined) return;
    content.loadRoute(location).then(rerender, (error: unknown) => recoverFromLoadFailure(error, window.location.href));
  }, [content, found, location, rerender]);
  useEffect(() => {
    if (!route || route.redirect || ready || !open) return;
    preloadRoute(app, route).then(rerender, (error: unknown) => recoverFromLoadFailure(error, window.location.href));
  }, [app, route, ready, open, rerender]);
}

let headWriter: Promise<typeof import('../head.ts') | 'reloading' | undefined> | undefined;
let basicHead: Promise<typeof import('../route-head.ts') | undefined> | undefined;

/**
 * The head a route and its text say (runtime/route-head.ts), loaded on its own, beside the code
 * that writes whole heads: imported statically, it made this chunk's namespace a built object,
 * whose helper every page's rolldown runtime then carried (docs/performance.md).
 */
function loadBasicHead() {
  return (basicHead ??= import('../route-head.ts').catch(() => (basicHead = undefined)));
}
/** The code that writes heads, once loaded. */
let loadedWriter: typeof import('../head.ts') | undefined;

/**
 * The code that writes heads (runtime/head.ts), loaded once. If it cannot be loaded, the page
 * goes on without it (undefined: navigation and page views never stop for it, and the next page
 * tries again), unless the code is gone after a deploy and the page reloads into the current
 * address ('reloading').
 */
function loadHeadWriter() {
  return (headWriter ??= import('../head.ts').then(
    (writer) => (loadedWriter = writer),
    async (error: unknown) => {
      if (await recoverFromLoadFailure(error, window.location.href)) return 'reloading';
      headWriter = undefined;
      return undefined;
    },
  ));
}

/**
 * The head follows the page, and each page shown counts once as a virtual page view: the first
 * page's head is prerendered (its view counted by the shell) and holds until the visitor leaves
 * it, or server time moves its product's offer. Until the code that writes heads is in, or when
 * it cannot be loaded, a page navigated to has the head its route and text say (no structured
 * data nor share tags): never the head of the page before.
 */
function usePageHead({ app, location, found, page, now, ready, open, synced, keep, navigated, offerMoved, viewed }: NavigatorProps): void {
  const { site, content } = app;
  const route = found ?? undefined;
  useEffect(() => {
    if (!navigated && !offerMoved) return;
    let current = true;
    const view = (title: string) => showsPage(found, ready, open, synced, keep) && viewOnce(site, location, title, viewed);
    const headRoute = route?.redirect ? undefined : route;
    // At once, while the code that writes heads loads: what the page's route and text say (a kept
    // page keeps its prerendered head, as it does below).
    if (keep === undefined && navigated && page && !loadedWriter)
      void loadBasicHead().then((basic) => {
        if (current && basic && !loadedWriter) basic.applyHead(document, basic.pageHead(site, headRoute, page, content, now));
      });
    // The first page's text, when its content has not hydrated yet (it is not inline then).
    const text =
      page ??
      (route && !route.redirect
        ? content.loadPage(route.path).then(
            () => content.page(route.path),
            () => undefined,
          )
        : undefined);
    void Promise.all([loadHeadWriter(), text]).then(async ([writer, pageText]) => {
      if (!current || writer === 'reloading') return;
      // Loaded with the head code, which imports it; on its own when that code failed.
      const basic = writer || navigated ? await loadBasicHead() : undefined;
      if (!current) return;
      // Without the code that writes heads the page still counts, under its own title; the
      // first page keeps its prerendered head.
      const head = writer
        ? writer.headFor(site, headRoute, pageText, content, now)
        : basic?.pageHead(site, headRoute, pageText, content, now);
      if (keep === undefined && head && basic) basic.applyHead(document, head);
      view(keep === undefined && head ? head.title : document.title);
    });
    return () => {
      current = false;
    };
  }, [location, found, route, page, content, now, ready, open, synced, site, keep, navigated, offerMoved, viewed]);
}
