import type { Account } from './account.ts';
import type { ApiClient } from './api-client.ts';
import type { $Fetch } from 'ofetch';
import type { Clock } from './clock.ts';
import type { ContentStore } from './content.ts';
import { createSession } from './session.ts';
import type { AppServices, Deferred, Navigate, PageLoader } from './site.tsx';
import { createToasts } from './toasts.ts';
import type { SiteData } from '../core/model.ts';

export interface ServicesOptions {
  site: SiteData;
  content: ContentStore;
  /** The page registry's `pageFor` (the entries import the registry; nothing it loads imports it back). */
  pages: PageLoader;
  clock: Clock;
  serverTime: () => Promise<number>;
  /** The API base (`apiBase()`); '' on the server, where no call is made. */
  base: string;
  /** Local storage in the browser; none on the server. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The current path and query, for `fromPath`. */
  currentPath(): string;
  /** Leaves the app for a URL (before the shell takes navigation over). */
  assign(url: string): void;
  fetch?: $Fetch;
}

function deferred<T extends object>(load: () => Promise<T>, own: Partial<Deferred<T>> = {}): Deferred<T> {
  return new Proxy({} as Deferred<T>, {
    get: (_, name) =>
      own[name as keyof T] ??
      ((...args: unknown[]) => load().then((target) => (target[name as keyof T] as (...rest: unknown[]) => unknown)(...args))),
  });
}

/**
 * Everything a region's app needs, wired together: the same in the browser, on the server and
 * in tests. The API client and the account calls (with ofetch) load on the first call: most
 * pages make none.
 */
export function createServices(options: ServicesOptions): AppServices {
  const { site, content } = options;
  const session = createSession(options.storage);
  const toasts = createToasts(site.constants.durations);
  // What `go` does: a full load until the app shell routes (routeWith), its router's then.
  let navigate: Navigate = (href) => options.assign(href);
  let prepared: string | undefined;
  let calls: Promise<{ api: ApiClient; account: Account }> | undefined;
  const load = () =>
    (calls ??= import('./calls.ts').then(
      ({ connectCalls }) => connectCalls(app, options, session, toasts),
      (error: unknown) => {
        calls = undefined; // the next call tries again
        throw error;
      },
    ));
  const app: AppServices = {
    site,
    content,
    pages: options.pages,
    clock: options.clock,
    serverTime: options.serverTime,
    prepare: (path) => void (prepared = path),
    takePrepared: () => {
      const path = prepared;
      prepared = undefined;
      return path;
    },
    session,
    toasts,
    api: { call: (path, call) => load().then(({ api }) => api.call(path, call)) },
    account: deferred(() => load().then(({ account }) => account), {
      // The session ends at once, even when the client cannot load; its tokens are revoked after.
      logout() {
        const { user_id, apptoken, reftoken } = session.store.getState();
        session.clear();
        return load().then(
          ({ account }) => account.revoke({ user_id, apptoken, reftoken }),
          () => undefined,
        );
      },
    }),
    go: (href, how) => navigate(href, how),
    routeWith: (go) => void (navigate = go),
  };
  return app;
}
