import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { apiBase, fetchServerTime } from './api.ts';
import { App } from './App.tsx';
import { recoverFromLoadFailure } from './chunk-reload.ts';
import { createClock } from './clock.ts';
import type { Clock } from './clock.ts';
import { createContentStore, fetchJson, jsonSources } from './content.ts';
import type { ContentSources, ContentStore, RouteData } from './content.ts';
import { preloadRoute } from './navigation.ts';
import { pageFor } from './pages/registry.ts';
import { formatsOf, knowPrices } from '../core/locale.ts';
import { normalizePath } from '../core/paths.ts';
import type { SiteData, SiteDataFile } from '../core/model.ts';
import { createServices } from './services.ts';
import type { AppServices } from './site.tsx';
import { createSession, isLoggedIn } from './session.ts';
import { wantParts, watchParts } from './parts.ts';
import { wantForVisitor, watchFooterCountry } from './shell/wants.ts';
import { instantsIn } from '../core/time.ts';
import './styles.css';

/**
 * Hydrates the prerendered page. The page's route, text and products are inline in the HTML;
 * the region's site data and catalogue come from its site data file (inline in the live
 * preview), fetched with the code. Its component loads first (and, for a path the inline data
 * does not name, its route table shard), and the clock starts at the instant the page was
 * rendered (embedded in #root), so the first client render matches the HTML exactly; server
 * time takes over after hydration. Without its site data the page is left as it was
 * prerendered: its links still work. A built page's entry gives the number of its region's
 * route table shards, whose files the site data file names; the live preview, its own sources.
 */
export async function startClient(sources: ContentSources | number): Promise<StartedClient | undefined> {
  const { pathname, search, hash } = window.location;
  const path = normalizePath(pathname);
  if (path !== pathname) window.history.replaceState(window.history.state, '', `${path}${search}${hash}`);
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element to hydrate');
  // A screen for logged-in visitors (the profile) opened with no stored login: the login screen
  // in its place, coming back afterwards (as `useRequireLogin` does), before any of its code loads.
  const login = root.querySelector<HTMLElement>('[data-login]')?.dataset.login;
  if (login && !storedLogin()) {
    window.location.replace(`${login}?${new URLSearchParams({ fromPath: `${path}${search}` })}`);
    return undefined;
  }
  const rendered = Number(root.dataset.now);
  const data = readRouteData();
  // The live preview (Vite's dev server: import.meta.env.DEV) has the site data inline and
  // renders at once; a built page's code carries neither path.
  const inline = import.meta.env.DEV && data.site && data.messages;
  const siteFile = inline ? undefined : loadSiteData(root.dataset.site).catch((error: unknown) => ({ error }));
  const content = createContentStore(typeof sources === 'number' ? jsonSources(sources, shardUrl(siteFile)) : sources);
  // Data that names no path is the not-found page's: whatever path it is served at is no route.
  content.seed(data.path === undefined && data.route === null ? { ...data, path } : data);
  const fail = (error: unknown) => error ?? new Error('load failed');
  const tableFailure = content.route(path) === undefined ? await content.loadRoute(path).then(() => undefined, fail) : undefined;
  const route = content.route(path) ?? undefined;
  // The page's parts hydrate when wanted (runtime/parts.ts); in the live preview, which has no
  // prerendered parts, at once, the page's code loaded before hydrating.
  const now = (import.meta.env.DEV && root.dataset.load === 'now') || data.path === undefined;
  if (now) wantParts();
  else watchParts(root);
  wantForVisitor(route, root);
  const [shared, pageFailure] = await Promise.all([
    siteFile,
    route && now ? preloadRoute({ content, pages: pageFor }, route).then(() => undefined, fail) : undefined,
  ]);
  if (shared && 'error' in shared) {
    await recoverFromLoadFailure(shared.error, window.location.href);
    return undefined;
  }
  const { site, messages } = inline ? { site: data.site!, messages: data.messages! } : shared!;
  content.seed({ messages });
  if (data.prices) knowPrices(data.prices, formatsOf(site), site.currency);
  const failure = tableFailure ?? pageFailure;
  // A page whose code or text failed to load: reload when the file is gone (a newer deployment),
  // else hydrate around its prerendered content, kept as it is (a load failure, not a new build).
  if (failure && (await recoverFromLoadFailure(failure, window.location.href))) return undefined;
  const main = failure ? document.getElementById('main') : null;
  const kept = main ? { path, html: main.innerHTML } : undefined;
  const app = browserServices(site, content, createClock(Number.isFinite(rendered) && rendered > 0 ? rendered : Date.now()));
  watchFooterCountry(app, root.querySelector('[data-part="footer"]'));
  const instants = instantsIn([site, data.route, data.products]);
  // A transition: hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (the prerendered page is already on screen and readable).
  let react: Root | undefined;
  startTransition(() => {
    react = hydrateRoot(root, <App app={app} path={path} kept={kept} instants={instants} />);
  });
  // Only the live preview (Vite's dev server) renders into the page again: a built page carries none of it.
  return import.meta.env.DEV ? { root: react!, app } : undefined;
}

/** A page the client hydrated: its React root and the app's services (the live preview renders new content into it). */
export interface StartedClient {
  readonly root: Root;
  readonly app: AppServices;
}

/** The app's services in the browser, for a region's site data and texts, on a clock. */
export function browserServices(site: SiteData, content: ContentStore, clock: Clock): AppServices {
  return createServices({
    site,
    content,
    pages: pageFor,
    clock,
    serverTime: () => fetchServerTime(site, window.location.hostname),
    base: apiBase(site, window.location.hostname),
    storage: safeLocalStorage(),
    currentPath: () => `${window.location.pathname}${window.location.search}`,
    assign: (url) => window.location.assign(url),
  });
}

/**
 * The region's site data file, named by `#root[data-site]` (the page's loader has already
 * asked for it, with the code). A failure names the file, for the stale-page check.
 */
async function loadSiteData(url: string | undefined): Promise<SiteDataFile> {
  if (!url) throw new Error('The page names no site data file');
  return fetchJson<SiteDataFile>(url);
}

/**
 * The URL of a route table shard, as the region's site data file names it. Where that file
 * failed to load, so does the shard (the page recovers from the file's failure: `startClient`).
 */
function shardUrl(siteFile: Promise<SiteDataFile | { error: unknown }> | undefined): (index: number) => Promise<string> {
  return async (index) => ((await siteFile) as SiteDataFile).shards[index]!;
}

/** The first render's texts and data, inline in the prerendered page (none in the live preview). */
function readRouteData(): RouteData {
  const element = document.getElementById('route-data');
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as RouteData;
  } catch {
    return {}; // the chunks load instead
  }
}

/** Whether local storage holds a login (runtime/session.ts). */
function storedLogin(): boolean {
  const session = createSession(safeLocalStorage());
  session.restore();
  return isLoggedIn(session.store.getState());
}

/** Local storage, or none when the browser denies it (the session then lives for the page). */
function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
