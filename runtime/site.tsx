import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Account } from './account.ts';
import type { ApiClient } from './api-client.ts';
import type { Clock } from './clock.ts';
import type { LazyComponent } from './lazy-component.ts';
import type { PageProps } from './pages/props.ts';
import type { ContentStore } from './content.ts';
import type { Session, SessionState } from './session.ts';
import type { Toasts } from './toasts.ts';
import type { RouteInfo, SiteData } from '../core/model.ts';
import type { RuntimeMessageKey } from '../core/message-keys.ts';
import type { PluralFormKey } from '../core/plurals.ts';

/** What every component of a region's app can reach: its data, texts, clock and server time. */
export interface AppServices {
  readonly site: SiteData;
  readonly content: ContentStore;
  /** The component that renders a route, loaded on demand (runtime/pages/registry.ts `pageFor`, which the entries hand over). */
  readonly pages: PageLoader;
  readonly clock: Clock;
  /** Reads server time (GET /ssr/timestamp); rejects on failure. */
  readonly serverTime: () => Promise<number>;
  /** Notes the location a navigation prepared (synced and loaded) before changing to it (runtime/navigation.ts). */
  readonly prepare: (path: string) => void;
  /** The location `prepare` noted, once: the app shell reads it after the location changed. */
  readonly takePrepared: () => string | undefined;
  /** The visitor's session (empty on the server). */
  readonly session: Session;
  /** The site's one API client (docs/api.md), for calls that are not the account's. */
  readonly api: ApiClient;
  /** The account calls, through that client (both load on the first call). */
  readonly account: Deferred<Account>;
  readonly toasts: Toasts;
  /** Goes to a path as a link would: a full load until the app shell routes (`routeWith`). */
  readonly go: Navigate;
  /** The app shell hands its router's navigation to `go` once mounted: the one place that changes it. */
  readonly routeWith: (go: Navigate) => void;
}

/** The lazily loaded component that renders a route (none for a redirect or an unknown account screen). */
export type PageLoader = (route: Pick<RouteInfo, 'kind' | 'page'>) => LazyComponent<PageProps> | undefined;

/**
 * An object whose methods load their implementation on the first call: each call resolves to
 * what the loaded method returns.
 */
export type Deferred<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/** Goes to a path (`replace`: instead of the current history entry). */
export type Navigate = (href: string, options?: { replace?: boolean }) => void;

const AppContext = createContext<AppServices | null>(null);

export const AppProvider = AppContext.Provider;

export function useApp(): AppServices {
  const app = useContext(AppContext);
  if (!app) throw new Error('useApp() must be used inside <AppProvider>');
  return app;
}

/** The current region's data. */
export function useSite(): SiteData {
  return useApp().site;
}

/**
 * The text of a code the back ends answer (`errors.code4010`): the code comes from the server, so
 * the catalogue may lack it ('', and the caller shows `errors.server`).
 */
export type AnswerCodeKey = `errors.code${number}`;

/**
 * A key `t` takes: a key of the catalogue (core/message-keys.ts, generated from it) or of an
 * answer's code, or a plural form of one (`countdown.days#one`, core/plurals.ts), which a locale
 * may lack ('').
 */
export type MessageKey = RuntimeMessageKey | AnswerCodeKey | PluralFormKey<RuntimeMessageKey | AnswerCodeKey>;

/** Looks a text up in the current region's catalogue. A key the catalogue lacks does not compile. */
export type Translate = (key: MessageKey) => string;

/** A translator bound to the current region's catalogue: a missing key is ''. */
export function useT(): Translate {
  const { content } = useApp();
  return content.message;
}

/** The instant the page renders with: build time until hydrated, then server time. */
export function useNow(): number {
  return useStore(useApp().clock.store, (state) => state.instant);
}

/** Whether the clock has read server time yet. */
export function useSynced(): boolean {
  return useStore(useApp().clock.store, (state) => state.synced);
}

/** How many reads of server time have ended. */
export function useSyncs(): number {
  return useStore(useApp().clock.store, (state) => state.syncs);
}

/** A value from the visitor's session; the prerendered page always sees the logged-out state. */
export function useSession<T>(select: (state: SessionState) => T): T {
  return useStore(useApp().session.store, select);
}
