import { createAccount } from './account.ts';
import type { Account } from './account.ts';
import { createApiClient } from './api-client.ts';
import type { ApiClient } from './api-client.ts';
import type { $Fetch } from 'ofetch';
import type { Session } from './session.ts';
import type { AppServices } from './site.tsx';
import type { Toasts } from './toasts.ts';
import { wantToaster } from './widgets.tsx';

/** What the calls need of the services' options (runtime/services.ts `ServicesOptions`). */
export interface CallOptions {
  /** The API base (`apiBase()`). */
  base: string;
  /** The current path and query, for `fromPath`. */
  currentPath(): string;
  fetch?: $Fetch;
}

/**
 * The API client and the account calls, wired to the app's services: loaded on the first call
 * (runtime/services.ts), with ofetch; most pages make none.
 */
export function connectCalls(
  app: AppServices,
  options: CallOptions,
  session: Session,
  toasts: Toasts,
): { api: ApiClient; account: Account } {
  // The API client raises toasts: where they show loads with it (while the network that brought
  // this code is up).
  wantToaster();
  const api = createApiClient({
    site: app.site,
    base: options.base,
    tokens: () => session.store.getState(),
    storedTokens: session.storedTokens,
    refreshed: session.refreshed,
    clearSession: session.clear,
    toast: (text) => toasts.toast('error', text),
    message: app.content.message,
    go: app.go,
    currentPath: options.currentPath,
    ...(options.fetch && { fetch: options.fetch }),
  });
  return { api, account: createAccount(api, session) };
}
