import { useEffect, useMemo, useReducer, useRef } from 'react';
import { Router, useLocation } from 'wouter';
import { useDeviceClass, useTextFloat } from './effects.ts';
import { pushPageView } from './analytics.ts';
import { catchAllUrl } from './catch-all.ts';
import { recoverFromLoadFailure } from './chunk-reload.ts';
import { cookieTimestamp } from './clock.ts';
import { TextBanner } from './components/Promotions.tsx';
import { SiteNav } from './components/SiteNav.tsx';
import { SiteLink } from './components/SiteLink.tsx';
import { Toaster } from './components/Toaster.tsx';
import { AfterHydration, ChatShortcut, Deferred, SiteFooter } from './widgets.tsx';
import { getScrollMemory, isRouteReady, preloadRoute, setScrollMemory, useGo } from './navigation.ts';
import { NotFound } from './pages/NotFound.tsx';
import { homePath } from './routes.ts';
import { normalizePath } from '../core/paths.ts';
import { createScrollMemory, scrollAfterNavigation } from './scroll.ts';
import { isLoggedIn } from './session.ts';
import { AppProvider, useApp, useNow, useSession, useSite, useSynced, useSyncs, useT } from './site.tsx';
import type { AppServices } from './site.tsx';
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
}

export interface KeptPage {
  /** The route's path. */
  path: string;
  /** The prerendered inner HTML of <main>. */
  html: string;
}

let headWriter: Promise<typeof import('./head.ts') | 'reloading' | undefined> | undefined;

/**
 * The code that writes heads (runtime/head.ts), loaded once. If it cannot be loaded, the page
 * goes on without it (undefined: navigation and page views never stop for it), unless the code
 * is gone after a deploy and the page reloads into the current address ('reloading').
 */
function loadHeadWriter() {
  return (headWriter ??= import('./head.ts').catch(async (error: unknown) => ((await recoverFromLoadFailure(error, window.location.href)) ? 'reloading' : undefined)));
}

export function App({ app, path, kept }: AppProps) {
  return (
    <AppProvider value={app}>
      <Router ssrPath={path}>
        <Shell kept={kept} />
      </Router>
    </AppProvider>
  );
}

function Header() {
  const site = useSite();
  const t = useT();
  return (
    <>
      <TextBanner />
      <header className="site-header" id="header">
        <div className="bar">
          <SiteLink className="brand" href={homePath(site)}>
            <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
              <rect x="6" y="4" width="20" height="14" rx="5" fill="#ffb23f" />
              <circle cx="12" cy="11" r="3" fill="#0b1a33" />
              <circle cx="20" cy="11" r="3" fill="#0b1a33" />
              <rect x="4" y="20" width="24" height="9" rx="4" fill="#f2542d" />
            </svg>
            <span>{t('site.name')}</span>
            <span className="visually-hidden">{` – ${t('nav.home')}`}</span>
          </SiteLink>
          {/* The region link and the account link sit beside the nav and fold into its menu on phones. */}
          <SiteNav>
            <div className="header-tools">
              {site.chooser && (
                <SiteLink className="region-link" href={site.chooser}>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
                    <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" fill="none" stroke="currentColor" strokeWidth="1.6" />
                  </svg>
                  <span>{site.code.toUpperCase()}</span>
                  {/* The visible code starts the link's name (label in name), the hidden words say where it goes. */}
                  <span className="visually-hidden">{` – ${t('nav.chooseRegion')}`}</span>
                </SiteLink>
              )}
              <AccountLink />
            </div>
          </SiteNav>
        </div>
      </header>
    </>
  );
}

/** Log in, or the account's profile once logged in (the prerendered page is logged out). */
function AccountLink() {
  const { site, content } = useApp();
  const t = useT();
  const [location] = useLocation();
  const loggedIn = useSession(isLoggedIn);
  const nickname = useSession((s) => s.userInfo?.nickname);
  const login = `${site.basePath}/login`;
  if (loggedIn) {
    return (
      <SiteLink className="account-link" href={`${site.basePath}/profile`} data-testid="account-link">
        {nickname || t('account.text.account')}
      </SiteLink>
    );
  }
  const here = content.route(location);
  const from = here && here.kind !== 'account' ? `?fromPath=${encodeURIComponent(here.path)}` : '';
  return (
    <SiteLink className="account-link" href={`${login}${from}`} data-testid="account-link">
      {t('account.actions.login')}
    </SiteLink>
  );
}

/** A time-gated page outside its window: what the prerendered HTML shows until server time says otherwise. */
function Closed() {
  const site = useSite();
  const t = useT();
  return (
    <section className="not-found" aria-labelledby="closed-heading">
      <h1 id="closed-heading">{t('closed.heading')}</h1>
      <p className="lead">{t('closed.text')}</p>
      <p>
        <SiteLink className="button" href={homePath(site)}>
          {t('notFound.backHome')}
        </SiteLink>
      </p>
    </section>
  );
}

function Shell({ kept }: { kept?: KeptPage }) {
  const app = useApp();
  const { site, content } = app;
  const t = useT();
  const now = useNow();
  const synced = useSynced();
  const syncs = useSyncs();
  const [location] = useLocation();
  const go = useGo();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // undefined while the location's route table shard is not loaded and it is not the first page's.
  const found = content.route(location);
  const route = found ?? undefined;
  const open = route ? isRouteOpen(route, now) : true;
  const ready = route ? isRouteReady(app, route) : true;
  const page = route && !route.redirect ? content.page(route.path) : undefined;
  // The first page's prerendered content, while its own code or text is not loaded.
  const keep = kept && normalizePath(location) === kept.path && (found === undefined || !ready) ? kept.html : undefined;
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const lastView = useRef<string | undefined>(undefined);
  const firstLocation = useRef(location);
  const navigated = useRef(false);
  // One element for every render: a dehydrated boundary that receives an update before its code
  // has loaded would give up its prerendered HTML (and show nothing) until then.
  const footer = useMemo(
    () => (
      <Deferred>
        <SiteFooter.Component />
      </Deferred>
    ),
    [],
  );

  useDeviceClass(site.constants.breakpoints.collapse);
  useTextFloat(site.constants.textFloatTranslate, `${location}:${ready}`);

  // Navigation by the services (the API client's login redirects) goes through the router.
  useEffect(() => {
    app.routeWith(go);
  }, [app, go]);

  // Once hydrated: read the stored session (and follow other tabs' logins and logouts), read
  // server time, remember scroll positions per history entry.
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
    const memory = createScrollMemory(window);
    setScrollMemory(memory);
    return () => {
      window.removeEventListener('storage', follow);
      memory.dispose();
      setScrollMemory(undefined);
    };
  }, [app]);

  // After each navigation: catch-all, redirect, or scroll (restored, target or top).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const noted = app.takePrepared();
    const prepared = noted !== undefined && noted === route?.path;
    if (found === undefined) return; // its route table shard loads first (below)
    if (!route) {
      window.location.replace(catchAllUrl(site, location, window.location));
      return;
    }
    if (route.redirect) {
      void go(route.redirect, { replace: true });
      return;
    }
    if (!prepared) void app.clock.sync(app.serverTime); // back/forward: still on server time
    scrollAfterNavigation(window, prepared ? undefined : getScrollMemory()?.saved(), route.scroll);
    main.current?.focus({ preventScroll: true });
    // Only the location matters (and the route table, once it says where an unknown location
    // goes): the route and preparation are read as of this navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location, found === undefined]);

  // A location the store does not know yet (history from before a reload): its route table shard first.
  useEffect(() => {
    if (found !== undefined) return;
    content.loadRoute(location).then(rerender, (error: unknown) => recoverFromLoadFailure(error, window.location.href));
  }, [content, found, location]);

  // A route whose page is not loaded (back/forward, or a window that opened after the build).
  useEffect(() => {
    if (!route || route.redirect || ready || !open) return;
    preloadRoute(app, route).then(rerender, (error: unknown) => recoverFromLoadFailure(error, window.location.href));
  }, [app, route, ready, open]);

  // Time gates: once server time is known, a route outside its window sends the visitor home.
  useEffect(() => {
    if (route && synced && !open && route.path !== homePath(site)) void go(homePath(site), { replace: true });
  }, [route, synced, open, site, go]);

  // Marks on <html> for tests and tools: server time was read (data-synced), and how many reads
  // have ended (data-syncs): after a navigation's read, nothing more changes on its own.
  useEffect(() => {
    if (synced) document.documentElement.setAttribute('data-synced', '');
    document.documentElement.setAttribute('data-syncs', String(syncs));
  }, [synced, syncs]);

  // The head follows the page; each page shown counts once as a virtual page view. The first
  // page's head is prerendered (its view counts at once) and holds at any instant, but for a
  // product's offer (its price follows the clock): the code that makes heads loads for a product
  // page, or with the first navigation, for the pages that follow.
  useEffect(() => {
    if (location !== firstLocation.current) navigated.current = true;
    let current = true;
    // A location the route table has not answered yet is not a page: it counts once known (a
    // redirect never), unless it is the prerendered page kept on screen.
    const settled =
      found === undefined ? keep !== undefined : !route || (!route.redirect && (ready || keep !== undefined) && open && (!route.window || synced));
    const view = (title: string) => {
      if (!settled || lastView.current === location) return;
      lastView.current = location;
      pushPageView(window, { page_path: location, page_title: title, page_location: window.location.href, region: site.code });
    };
    if (lastView.current === undefined && location === firstLocation.current) view(document.title);
    if (!navigated.current && !route?.product) return;
    void loadHeadWriter().then((writer) => {
      if (!current || writer === 'reloading') return;
      if (!writer) {
        // Without the code that writes heads the page still counts, under its own title.
        if (keep === undefined && page?.title) document.title = page.title;
        view(document.title);
        return;
      }
      const head = writer.headFor(site, route?.redirect ? undefined : route, page, content, now);
      // A kept page keeps its prerendered head too.
      if (keep === undefined) writer.applyHead(document, head);
      view(keep === undefined ? head.title : document.title);
    });
    return () => {
      current = false;
    };
  }, [location, found, route, page, content, now, ready, open, synced, site, keep]);

  const lazy = route ? app.pages(route) : undefined;
  const textLang = route && !route.redirect && open ? route.fallback : undefined;
  let body;
  if (route?.redirect) {
    body = (
      <p className="redirect">
        <SiteLink href={route.redirect}>{t('redirect.text')}</SiteLink>
      </p>
    );
  } else if (route && !open) {
    body = <Closed />;
  } else if (route && page && lazy?.isLoaded()) {
    body = <lazy.Component route={route} content={page} />;
  } else if (route || found === undefined) {
    body = <div className="loading" aria-busy="true" />;
  } else {
    body = <NotFound />;
  }
  return (
    <>
      <a className="skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      <Header />
      {/* A page not yet translated is in its source's language: said on <main>, its own part (docs/translations.md). */}
      {keep === undefined ? (
        <main id="main" ref={main} tabIndex={-1} lang={textLang}>
          {body}
        </main>
      ) : (
        // Hydration leaves markup given as inner HTML as it is: the prerendered page stays.
        <main id="main" ref={main} tabIndex={-1} lang={textLang} dangerouslySetInnerHTML={{ __html: keep }} />
      )}
      {footer}
      {/* Always after the footer: the footer shows once an element follows it (styles.css). */}
      <Toaster />
      {site.chat && <AfterHydration widget={ChatShortcut} />}
    </>
  );
}
