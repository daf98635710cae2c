import { useMemo, useRef } from 'react';
import { Router, useLocation } from 'wouter';
import { useDeviceClass, useTextFloat } from './effects.ts';
import { SiteLink } from './components/SiteLink.tsx';
import { Toaster } from './components/Toaster.tsx';
import { AfterHydration, ChatShortcut, Deferred, SiteFooter } from './widgets.tsx';
import { isRouteReady, useGo } from './navigation.ts';
import { NotFound } from './pages/NotFound.tsx';
import { Closed } from './shell/Closed.tsx';
import { Header } from './shell/Header.tsx';
import { useHydrationStart, useNavigationEnd, usePageHead, useRouteLoad, useRouting, useSyncMarks, useTimeGate } from './shell/hooks.ts';
import { normalizePath } from '../core/paths.ts';
import { AppProvider, useApp, useNow, useSynced, useT } from './site.tsx';
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

export function App({ app, path, kept }: AppProps) {
  return (
    <AppProvider value={app}>
      <Router ssrPath={path}>
        <Shell kept={kept} />
      </Router>
    </AppProvider>
  );
}

/**
 * The app shell: the header, the route's page in <main> (or the first page's prerendered
 * content, kept), the footer and the widgets. What it does besides rendering is in its hooks
 * (runtime/shell/hooks.ts), one concern each.
 */
function Shell({ kept }: { kept?: KeptPage }) {
  const app = useApp();
  const { site, content } = app;
  const t = useT();
  const now = useNow();
  const synced = useSynced();
  const [location] = useLocation();
  const go = useGo();
  // undefined while the location's route table shard is not loaded and it is not the first page's.
  const found = content.route(location);
  const route = found ?? undefined;
  const open = route ? isRouteOpen(route, now) : true;
  const ready = route ? isRouteReady(app, route) : true;
  const page = route && !route.redirect ? content.page(route.path) : undefined;
  // The first page's prerendered content, while its own code or text is not loaded.
  const keep = kept && normalizePath(location) === kept.path && (found === undefined || !ready) ? kept.html : undefined;
  const main = useRef<HTMLElement>(null);
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

  useRouting(app, go);
  useHydrationStart(app);
  useNavigationEnd(app, location, found, go, main);
  useRouteLoad(app, location, found, ready, open);
  useTimeGate(site, route, synced, open, go);
  useSyncMarks(synced);
  usePageHead(app, location, found, page, now, ready, open, synced, keep);

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
