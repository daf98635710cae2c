import { createAccount } from './account.ts';
import { createApiClient } from './api-client.ts';
import type { $Fetch } from 'ofetch';
import type { Clock } from './clock.ts';
import type { ContentStore } from './content.ts';
import { createSession } from './session.ts';
import type { AppServices } from './site.tsx';
import { createToasts } from './toasts.ts';
import type { SiteData } from '../core/model.ts';

export interface ServicesOptions {
  site: SiteData;
  content: ContentStore;
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

/** Everything a region's app needs, wired together: the same in the browser, on the server and in tests. */
export function createServices(options: ServicesOptions): AppServices {
  const { site, content } = options;
  const session = createSession(options.storage);
  const toasts = createToasts(site.constants.durations);
  const api = createApiClient({
    site,
    base: options.base,
    tokens: () => session.store.getState(),
    refreshed: session.refreshed,
    clearSession: session.clear,
    toast: (text) => toasts.toast('error', text),
    message: content.message,
    // The shell replaces app.go once mounted; read it at call time.
    go: (path) => app.go(path),
    currentPath: options.currentPath,
    ...(options.fetch && { fetch: options.fetch }),
  });
  const app: AppServices = {
    site,
    content,
    clock: options.clock,
    serverTime: options.serverTime,
    prepared: undefined,
    session,
    toasts,
    api,
    account: createAccount(api, session),
    go: (href) => options.assign(href),
  };
  return app;
}
