import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Router, useLocation } from 'wouter';
import { useDeviceClass, useTextFloat } from './effects.ts';
import {
  ChatWhenUsable,
  ClosedPage,
  Deferred,
  NotFoundPage,
  SiteFooter,
  SiteHeader,
  SiteToaster,
  partCode,
  wantToaster,
} from './widgets.tsx';
import { isRouteReady, preloadRoute } from './navigation.ts';
import { RouterPart, useGo } from './shell/go.ts';
import { useFirstView, useHydrationStart, useOfferMoved, useRouting, useSyncMarks, useTimeGate } from './shell/hooks.ts';
import { useLinkNavigation } from './shell/links.ts';
import { usePartWants } from './shell/wants.ts';
import { lazyComponent } from './lazy-component.ts';
import type { LazyComponent } from './lazy-component.ts';
import type { PageProps } from './pages/props.ts';
import { partWanted, usePartHydrated } from './parts.ts';
import { normalizePath } from '../core/paths.ts';
import { AppProvider, useApp, useNow, useSynced, useT } from './site.tsx';
import type { AppServices } from './site.tsx';
import type { RouteInfo } from '../core/model.ts';
import { isRouteOpen } from '../core/time.ts';

export interface AppProps {
  app: AppServices;
  /** The path to render: given on the server, and on the client for hydration. */
  path: string;
  /**
   * The prerendered content of the first page, kept as it is when its code or text failed to
   * load: the visitor goes on reading it, and the next visit of the route loads it again.
   */
  kept?: KeptPage;
  /**
   * The instants the first page's data names (stages, windows, activity dates): crossing one
   * changes what the page shows, and its parts hydrate (runtime/shell/wants.ts).
   */
  instants?: readonly number[];
  /**
   * Nothing prerendered to hydrate: the page renders at once with its code and text (loaded
   * before), as after a navigation. The live preview renders new content so (runtime/dev-client.tsx).
   */
  rendered?: boolean;
}

export interface KeptPage {
  /** The route's path. */
  path: string;
  /** The prerendered inner HTML of <main>. */
  html: string;
}

export function App({ app, path, kept, instants = NO_INSTANTS, rendered }: AppProps) {
  return (
    <AppProvider value={app}>
      <Router ssrPath={path}>
        <Shell kept={kept} instants={instants} rendered={rendered} />
      </Router>
    </AppProvider>
  );
}

const NO_INSTANTS: readonly number[] = [];

// What <main> shows for no route, or for a route outside its window: one element for every
// render, as the parts below (a dehydrated boundary that receives an update before its code has
// loaded would give up its prerendered HTML).
const NOT_FOUND = (
  <Deferred>
    <NotFoundPage.Component />
  </Deferred>
);
const CLOSED = (
  <Deferred>
    <ClosedPage.Component />
  </Deferred>
);

/**
 * The first page's content, a part of the page that hydrates on its own (runtime/parts.ts): its
 * code and text load when it is wanted (on the server, it renders at once). Client navigations
 * render their pages at once.
 */
function firstPagePart(app: AppServices, route: RouteInfo, page: LazyComponent<PageProps>): LazyComponent<Record<string, never>> {
  function FirstPage() {
    usePartHydrated('main');
    return <page.Component route={route} content={app.content.page(route.path)!} />;
  }
  if (typeof window === 'undefined') return { Component: FirstPage, preload: () => Promise.resolve(), isLoaded: () => true };
  return lazyComponent(
    partCode(() =>
      partWanted('main')
        // Wanted after the visitor has left the page (the focus a navigation moves to <main>):
        // nothing to hydrate, nothing to load.
        .then(() =>
          normalizePath(window.location.pathname).toLowerCase() === route.path.toLowerCase()
            ? preloadRoute(app, route)
            : new Promise<never>(() => undefined),
        )
        .then(() => ({ default: FirstPage })),
    ),
  );
}

/**
 * The app shell: the header, the route's page in <main> (or the first page's prerendered
 * content, kept), the footer and the widgets. What it does besides rendering is in its hooks
 * (runtime/shell/hooks.ts), one concern each.
 */
function Shell({ kept, instants, rendered }: { kept?: KeptPage; instants: readonly number[]; rendered?: boolean }) {
  const app = useApp();
  const { site, content } = app;
  const t = useT();
  const now = useNow();
  const synced = useSynced();
  const [location] = useLocation();
  const go = useGo();
  const [, update] = useReducer((n: number) => n + 1, 0);
  // undefined while the location's route table shard is not loaded and it is not the first page's.
  const found = content.route(location);
  const route = found ?? undefined;
  const open = route ? isRouteOpen(route, now) : true;
  const page = route && !route.redirect ? content.page(route.path) : undefined;
  // The first page, while the visitor is on it: prerendered, its content a part of its own that
  // hydrates when wanted (on the server, at once).
  const firstPath = useRef(normalizePath(location));
  const onFirst = useRef(true);
  if (normalizePath(location) !== firstPath.current) onFirst.current = false;
  const [firstPart] = useState(() => {
    const lazy = route && !route.redirect && open && !kept && !rendered ? app.pages(route) : undefined;
    return lazy && route ? { route, part: firstPagePart(app, route, lazy) } : undefined;
  });
  // By path: the route table's shard, once loaded, holds another object for the same route.
  const first = onFirst.current && firstPart !== undefined && route?.path === firstPart.route.path && open ? firstPart : undefined;
  const ready = route ? first !== undefined || isRouteReady(app, route) : true;
  // The first page's prerendered content, while its own code or text is not loaded.
  const keep = kept && normalizePath(location) === kept.path && (found === undefined || !ready) ? kept.html : undefined;
  const main = useRef<HTMLElement>(null);
  // The router's machinery (runtime/shell/router.tsx), from the first navigation on, or once the
  // first page needs what is not loaded (its window opened after the build), or its head no
  // longer holds (server time moved its offer).
  const routing = useRef(false);
  const offerMoved = useOfferMoved(app, route, now);
  // On the first page, once server time is read (never while hydrating: the prerendered page has
  // no such part).
  if (!onFirst.current || (synced && (found === undefined || (open && !ready) || offerMoved))) routing.current = true;
  const viewed = useRef<string | undefined>(undefined);
  // One element for every render: a dehydrated boundary that receives an update before its code
  // has loaded would give up its prerendered HTML (and show nothing) until then.
  const [header, footer, firstPage, toaster] = useMemo(
    () => [
      <Deferred key="header">
        <SiteHeader.Component />
      </Deferred>,
      <Deferred key="footer">
        <SiteFooter.Component />
      </Deferred>,
      firstPart && (
        <Deferred>
          <firstPart.part.Component />
        </Deferred>
      ),
      <Deferred key="toaster">
        <SiteToaster.Component />
      </Deferred>,
    ],
    [firstPart],
  );
  // A toast raised before the toaster's code was wanted (runtime/widgets.tsx) shows once it loads.
  useEffect(() => app.toasts.store.subscribe(wantToaster), [app]);

  useDeviceClass(site.constants.breakpoints.collapse);
  useTextFloat(site.constants.textFloatTranslate, `${location}:${ready}`);

  useRouting(app, go);
  useLinkNavigation(app, go);
  usePartWants(app, location, instants);
  useHydrationStart(app);
  useTimeGate(site, route, synced, open, go);
  useSyncMarks(synced);
  useFirstView(site, location, found, ready, open, synced, keep, viewed);

  const lazy = route ? app.pages(route) : undefined;
  const textLang = route && !route.redirect && open ? route.fallback : undefined;
  let body;
  if (route?.redirect) {
    body = (
      <p className="redirect">
        {/* Shown for a moment, before the router follows the redirect. */}
        <a href={route.redirect}>{t('redirect.text')}</a>
      </p>
    );
  } else if (route && !open) {
    body = CLOSED;
  } else if (first) {
    body = firstPage;
  } else if (route && page && lazy?.isLoaded()) {
    body = <lazy.Component route={route} content={page} />;
  } else if (route || found === undefined) {
    body = <div className="loading" aria-busy="true" />;
  } else {
    body = NOT_FOUND;
  }
  return (
    <>
      <a className="skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      {header}
      {/* A page not yet translated is in its source's language: said on <main>, its own part (docs/translations.md). */}
      {keep === undefined ? (
        <main id="main" ref={main} tabIndex={-1} lang={textLang} data-part="main">
          {body}
        </main>
      ) : (
        // Hydration leaves markup given as inner HTML as it is: the prerendered page stays.
        <main id="main" ref={main} tabIndex={-1} lang={textLang} data-part="main" dangerouslySetInnerHTML={{ __html: keep }} />
      )}
      {footer}
      {routing.current && (
        <Deferred>
          <RouterPart.Component
            app={app}
            location={location}
            found={found}
            ready={ready}
            open={open}
            navigated={!onFirst.current}
            page={page}
            now={now}
            synced={synced}
            keep={keep}
            offerMoved={offerMoved}
            viewed={viewed}
            go={go}
            main={main}
            update={update}
          />
        </Deferred>
      )}
      {/* Always after the footer: the footer shows once an element follows it (styles.css). */}
      {toaster}
      {site.chat && <ChatWhenUsable wait={site.constants.chat.startupWait} />}
    </>
  );
}
