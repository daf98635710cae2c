import { useEffect, useRef } from 'react';
import { pushPageView } from '../analytics.ts';
import { recoverFromLoadFailure } from '../chunk-reload.ts';
import { cookieTimestamp } from '../clock.ts';
import type { Go } from '../navigation.ts';
import { homePath } from '../routes.ts';
import { useSyncs } from '../site.tsx';
import type { AppServices } from '../site.tsx';
import type { PageContent, RouteInfo, SiteData } from '../../core/model.ts';
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
type Found = RouteInfo | null | undefined;

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

let headWriter: Promise<typeof import('../head.ts') | 'reloading' | undefined> | undefined;

/**
 * The code that writes heads (runtime/head.ts), loaded once. If it cannot be loaded, the page
 * goes on without it (undefined: navigation and page views never stop for it), unless the code
 * is gone after a deploy and the page reloads into the current address ('reloading').
 */
function loadHeadWriter() {
  return (headWriter ??= import('../head.ts').catch(async (error: unknown) =>
    (await recoverFromLoadFailure(error, window.location.href)) ? 'reloading' : undefined,
  ));
}

/**
 * The head follows the page; each page shown counts once as a virtual page view. The first
 * page's head is prerendered (its view counts at once) and holds at any instant, but for a
 * product's offer (its price follows the clock): the code that makes heads loads when server time
 * moves a product page's offer, or with the first navigation, for the pages that follow. `keep`: the prerendered content
 * of the first page, kept on screen (runtime/App.tsx `KeptPage`).
 */
// Arguments by position, as the shell has them: an options object would ship its property names.
export function usePageHead(
  app: AppServices,
  location: string,
  found: Found,
  page: PageContent | undefined,
  now: number,
  ready: boolean,
  open: boolean,
  synced: boolean,
  keep: string | undefined,
): void {
  const { site, content } = app;
  const route = found ?? undefined;
  const lastView = useRef<string | undefined>(undefined);
  const firstLocation = useRef(location);
  const navigated = useRef(false);
  const firstNow = useRef(now);
  useEffect(() => {
    if (location !== firstLocation.current) navigated.current = true;
    let current = true;
    // A location the route table has not answered yet is not a page: it counts once known (a
    // redirect never), unless it is the prerendered page kept on screen.
    const settled =
      found === undefined
        ? keep !== undefined
        : !route || (!route.redirect && (ready || keep !== undefined) && open && (!route.window || synced));
    const view = (title: string) => {
      if (!settled || lastView.current === location) return;
      lastView.current = location;
      pushPageView(window, { page_path: location, page_title: title, page_location: window.location.href, region: site.code });
    };
    if (lastView.current === undefined && location === firstLocation.current) view(document.title);
    // The first page's prerendered head holds until the page changes, or its product's offer
    // does (server time moved it into another phase of its activity: another price or end).
    const product = route?.product === undefined ? undefined : content.product(route.product);
    const offerMoved = product !== undefined && activityPhase(site, product, now) !== activityPhase(site, product, firstNow.current);
    if (!navigated.current && !offerMoved) return;
    // The first page's text, when its content has not hydrated yet (it is not inline then).
    const text =
      page ??
      (route && !route.redirect
        ? content.loadPage(route.path).then(
            () => content.page(route.path),
            () => undefined,
          )
        : undefined);
    void Promise.all([loadHeadWriter(), text]).then(([writer, shown]) => {
      if (!current || writer === 'reloading') return;
      if (!writer) {
        // Without the code that writes heads the page still counts, under its own title.
        if (keep === undefined && shown?.title) document.title = shown.title;
        view(document.title);
        return;
      }
      const head = writer.headFor(site, route?.redirect ? undefined : route, shown, content, now);
      // A kept page keeps its prerendered head too.
      if (keep === undefined) writer.applyHead(document, head);
      view(keep === undefined ? head.title : document.title);
    });
    return () => {
      current = false;
    };
  }, [location, found, route, page, content, now, ready, open, synced, site, keep]);
}
