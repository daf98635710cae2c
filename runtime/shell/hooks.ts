import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { pushPageView } from '../analytics.ts';
import { cookieTimestamp } from '../clock.ts';
import type { Go } from '../navigation.ts';
import { homePath } from '../routes.ts';
import { useSyncs } from '../site.tsx';
import type { AppServices } from '../site.tsx';
import type { RouteInfo, SiteData } from '../../core/model.ts';
import { activityPhase } from '../../core/time.ts';

/**
 * The app shell's effects (runtime/App.tsx), one concern each, in the order the shell calls
 * them (the order React runs them in after a render). What it does after a navigation is the
 * router's (runtime/shell/router.tsx), loaded with the first one.
 */

/**
 * The route table's answer for a location: the route, null for no route, undefined while the
 * location's route table shard is not loaded (and it is not the first page's).
 */
export type Found = RouteInfo | null | undefined;

/** Navigation by the services (the API client's login redirects) goes through the router. */
export function useRouting(app: AppServices, go: Go): void {
  useEffect(() => {
    app.routeWith(go);
  }, [app, go]);
}

/**
 * Once hydrated: read the stored session (and follow other tabs' logins and logouts), read
 * server time.
 */
export function useHydrationStart(app: AppServices): void {
  useEffect(() => {
    app.session.restore();
    const follow = (event: StorageEvent) => {
      if (event.key === null || event.key === 'apptoken' || event.key === 'user_id' || event.key === 'userInfo') app.session.restore();
    };
    window.addEventListener('storage', follow);
    document.documentElement.setAttribute('data-hydrated', '');
    const cookie = cookieTimestamp(document.cookie);
    if (cookie !== undefined) app.clock.set(cookie);
    void app.clock.sync(app.serverTime);
    return () => window.removeEventListener('storage', follow);
  }, [app]);
}

/** Time gates: once server time is known, a route outside its window sends the visitor home. */
export function useTimeGate(site: SiteData, route: RouteInfo | undefined, synced: boolean, open: boolean, go: Go): void {
  useEffect(() => {
    if (route && synced && !open && route.path !== homePath(site)) void go(homePath(site), { replace: true });
  }, [route, synced, open, site, go]);
}

/**
 * Marks on <html> for tests and tools: server time was read (data-synced), and how many reads
 * have ended (data-syncs): after a navigation's read, nothing more changes on its own.
 */
export function useSyncMarks(synced: boolean): void {
  const syncs = useSyncs();
  useEffect(() => {
    if (synced) document.documentElement.setAttribute('data-synced', '');
    document.documentElement.setAttribute('data-syncs', String(syncs));
  }, [synced, syncs]);
}

/**
 * Whether the shell shows a page at a location, which counts as a page view: a location the
 * route table has not answered yet is none (a redirect never is), unless it is the prerendered
 * page kept on screen (`keep`, runtime/App.tsx `KeptPage`); a time-gated route counts once
 * server time says it is open.
 */
// Arguments by position, as the shell has them: an options object would ship its property names.
export function showsPage(found: Found, ready: boolean, open: boolean, synced: boolean, keep: string | undefined): boolean {
  const route = found ?? undefined;
  return found === undefined
    ? keep !== undefined
    : !route || (!route.redirect && (ready || keep !== undefined) && open && (!route.window || synced));
}

/** Counts the page at `location` as one virtual page view, once: `viewed` holds the last one counted. */
export function viewOnce(site: SiteData, location: string, title: string, viewed: RefObject<string | undefined>): void {
  if (viewed.current === location) return;
  viewed.current = location;
  pushPageView(window, { page_path: location, page_title: title, page_location: window.location.href, region: site.code });
}

/**
 * The first page's view counts once it shows, under its prerendered title; the pages after it,
 * with the heads the router writes (runtime/shell/router.tsx `usePageHead`).
 */
export function useFirstView(
  site: SiteData,
  location: string,
  found: Found,
  ready: boolean,
  open: boolean,
  synced: boolean,
  keep: string | undefined,
  viewed: RefObject<string | undefined>,
): void {
  const first = useRef(location);
  useEffect(() => {
    if (viewed.current === undefined && location === first.current && showsPage(found, ready, open, synced, keep))
      viewOnce(site, location, document.title, viewed);
  }, [site, location, found, ready, open, synced, keep, viewed]);
}

/**
 * Whether server time has moved the first page's product offer into another phase of its
 * activity (another price or end) since the page was rendered: its prerendered head no longer
 * holds, and the router's code writes it again.
 */
export function useOfferMoved(app: AppServices, route: RouteInfo | undefined, now: number): boolean {
  const rendered = useRef(now);
  const product = route?.product === undefined ? undefined : app.content.product(route.product);
  return product !== undefined && activityPhase(app.site, product, now) !== activityPhase(app.site, product, rendered.current);
}
