import { ofetch } from 'ofetch';
import type { $Fetch } from 'ofetch';
import { ApiError, ApiTransportError } from './api-error.ts';
import type { ApiAnswer } from './api.ts';
import type { SiteData } from '../core/model.ts';

/**
 * The one HTTP client of a site (docs/api.md). Every call goes to the
 * region's API base, carries the session's tokens, the region and the language, and resolves
 * to the answer's `data` when its code is 2000.
 *
 * - 4003 with user_id, apptoken and reftoken present: one refresh, shared by every call that
 *   hit 4003 meanwhile (and by the site's other tabs: one refresh at a time, and a tab that finds
 *   the stored tokens renewed by another uses them), then the call is replayed once. The refresh
 *   answers a new refresh token too (they are single use), which is stored. A refresh answered
 *   4003 ends the session (below); any other failure of the refresh rejects the calls and keeps
 *   the session.
 * - 4003 without them, or again after the replay: the session ends. It is cleared, an error
 *   toast says so (the server's message, or 'Login expired, please log in again.'), and 300 ms
 *   later the region's login replaces the page (no history entry) with `fromPath`, the page the
 *   session ended on. Once per session: the 4003s of calls sent with a session that has ended
 *   meanwhile, however late they come, reject with no toast or navigation of their own.
 * - Any other code: an error toast (server message, the catalogue's text for the code, or the
 *   generic one) unless the call passes `toast: false`; the call rejects with an `ApiError`.
 * - Transport failures (no answer, timeout, not an API answer) reject with an
 *   `ApiTransportError` and never toast.
 */

export interface SessionTokens {
  readonly user_id?: string;
  readonly apptoken?: string;
  readonly reftoken?: string;
}

export interface ApiClientOptions {
  site: Pick<SiteData, 'code' | 'locale' | 'basePath' | 'constants'>;
  /** The API base from `apiBase()`: an origin, or `/_api/<backend>` on local hosts. */
  base: string;
  /** The session's tokens, read at the moment of each call. */
  tokens(): SessionTokens;
  /** The stored tokens as they are now, read again from storage (another tab may have renewed them); default `tokens`. */
  storedTokens?(): SessionTokens;
  /** Stores a refreshed user_id and apptoken, and the new reftoken when the refresh answers one. */
  refreshed(tokens: { user_id: string; apptoken: string; reftoken?: string }): void;
  /**
   * Runs the refresh exclusively among the site's tabs (a refresh token is single use: two tabs
   * spending the same one would end the session). Default: the Web Locks API where the browser
   * has it, else as is.
   */
  exclusive?<T>(work: () => Promise<T>): Promise<T>;
  /** Clears the whole session (a failed refresh). */
  clearSession(): void;
  /** Shows an error toast. */
  toast(text: string): void;
  /** The catalogue text of a key ('' when missing). */
  message(key: string): string;
  /** Goes to a path of the site; `replace` replaces the current history entry. */
  go(path: string, options?: { replace?: boolean }): void;
  /** The current path and query, for `fromPath`. */
  currentPath(): string;
  /** Waits; a test passes a fake. */
  delay?(ms: number): Promise<void>;
  /** The fetch to use; a test passes a fake. */
  fetch?: $Fetch;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** false: the caller shows the error itself (no toast). Default true. */
  toast?: boolean;
  /** The tokens to send instead of the session's (a logout sends those of the session it ended). */
  tokens?: SessionTokens;
  /** false: a 4003 is this call's answer: no refresh, and the session is not ended. */
  refresh?: false;
}

export interface ApiClient {
  call<T = unknown>(path: string, options?: CallOptions): Promise<T>;
}

/** The region's login screen, with `fromPath` when given. */
export function loginPath(site: Pick<SiteData, 'basePath'>, fromPath?: string): string {
  const path = `${site.basePath}/login`;
  return fromPath ? `${path}?fromPath=${encodeURIComponent(fromPath)}` : path;
}

/** One refresh at a time among the tabs of the site, by the Web Locks API when there is one. */
function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('robot-sites-session-refresh', work) : work();
}

function isAnswer(body: unknown): body is ApiAnswer<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** An answer's error text: the server's message, the catalogue's text for its code, or the generic one. */
function errorText(options: Pick<ApiClientOptions, 'message'>, answer: ApiAnswer<unknown>): string {
  return answer.message || options.message(`errors.code${answer.code}`) || options.message('errors.server');
}

type Send = (path: string, call: CallOptions, tokens: SessionTokens) => Promise<ApiAnswer<unknown>>;

/** Sends one call to the region's API base with the given tokens, and resolves to its API answer whatever its code. */
function createSend({ site, base, fetch }: ApiClientOptions): Send {
  const fetcher: (url: string, init: Parameters<$Fetch>[1]) => Promise<unknown> = fetch ?? ofetch;
  const language = site.locale.startsWith('en') ? 'en' : site.code;
  return async (path, call, tokens) => {
    // Paths are relative to the API base, so the tokens can never go to another origin.
    if (!path.startsWith('/') || path.startsWith('//')) throw new TypeError(`API paths start with a single '/': ${path}`);
    const headers: Record<string, string> = { region: site.code };
    if (path !== '/ssr/iso') headers['Accept-Language'] = language;
    if (tokens.apptoken) headers.apptoken = tokens.apptoken;
    if (tokens.reftoken) headers.reftoken = tokens.reftoken;
    let body: unknown;
    try {
      body = await fetcher(`${base}${path}`, {
        method: call.method ?? (call.body ? 'POST' : 'GET'),
        ...(call.body && { body: call.body }),
        ...(call.query && { query: call.query }),
        headers,
        timeout: path === '/ssr/timestamp' ? site.constants.timeouts.serverTime : site.constants.timeouts.default,
        retry: 0,
        ignoreResponseError: true,
      });
    } catch (error) {
      throw new ApiTransportError(error);
    }
    if (!isAnswer(body)) throw new ApiTransportError(new Error(`${path} did not answer with the API envelope`));
    return body;
  };
}

/**
 * Ends the session once: it is cleared, one toast says so, and one navigation replaces the
 * page with the login (`fromPath`: where the session ended). Calls that fail while that is
 * under way reject without a toast or a navigation of their own; so do calls sent with a
 * session that has ended, whenever their answer comes (`call` sees the session gone).
 */
function createEndSession(options: ApiClientOptions): (answer: ApiAnswer<unknown>, toast: boolean) => void {
  const { site } = options;
  const delay = options.delay ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let ending: Promise<void> | undefined;
  return (answer, toast) => {
    if (ending) return;
    const from = options.currentPath();
    options.clearSession();
    if (toast) options.toast(answer.message || options.message('errors.loginExpired'));
    ending = delay(site.constants.timeouts.authRedirectDelay)
      .then(() => options.go(loginPath(site, from), { replace: true }))
      .finally(() => {
        ending = undefined;
      });
  };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { success, authExpired } = options.site.constants.codes;
  const send = createSend(options);
  const endSession = createEndSession(options);
  let refreshing: Promise<boolean> | undefined;

  /**
   * One refresh for every call that hit 4003 meanwhile: true once renewed. Only a 4003 from the
   * refresh ends the session (false); any other failure (4290, 5000, no answer) rejects the
   * waiting calls and keeps the session, with one toast for them all.
   */
  function refresh(failed: SessionTokens): Promise<boolean> {
    refreshing ??= (options.exclusive ?? acrossTabs)(async () => {
      // Another tab may have refreshed while this one waited: its tokens are the ones to use.
      const stored = (options.storedTokens ?? options.tokens)();
      if (stored.reftoken && stored.reftoken !== failed.reftoken && stored.user_id && stored.apptoken) {
        options.refreshed({ user_id: stored.user_id, apptoken: stored.apptoken, reftoken: stored.reftoken });
        return true;
      }
      const tokens = options.tokens();
      const answer = await send('/account/user/sign_in/refresh', { method: 'GET', query: { user_id: tokens.user_id ?? '' } }, tokens);
      const data = answer.data as { user_id?: unknown; apptoken?: unknown; reftoken?: unknown } | undefined;
      if (answer.code === success && typeof data?.user_id === 'string' && typeof data.apptoken === 'string') {
        options.refreshed({
          user_id: data.user_id,
          apptoken: data.apptoken,
          ...(typeof data.reftoken === 'string' && { reftoken: data.reftoken }),
        });
        return true;
      }
      if (answer.code === authExpired) {
        endSession(answer, true);
        return false;
      }
      options.toast(errorText(options, answer));
      throw new ApiError(answer);
    }).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  async function call<T>(path: string, callOptions: CallOptions = {}, replayed = false): Promise<T> {
    const tokens = callOptions.tokens ?? options.tokens();
    const answer = await send(path, callOptions, tokens);
    if (answer.code === success) return answer.data as T;
    if (answer.code === authExpired && callOptions.refresh !== false) {
      const current = options.tokens();
      if (tokens.apptoken && !current.apptoken && !callOptions.tokens) {
        // Sent with a session that has ended meanwhile (its end was told once already).
        throw new ApiError(answer);
      }
      if (!replayed && tokens.user_id && tokens.apptoken && tokens.reftoken) {
        // Another call may have refreshed (or a login replaced the session) while this one was under way: then just replay.
        if (current.apptoken !== tokens.apptoken || (await refresh(tokens))) return call<T>(path, callOptions, true);
        throw new ApiError(answer);
      }
      // Not logged in, or refused again with the renewed token: the session is over.
      endSession(answer, callOptions.toast !== false);
      throw new ApiError(answer);
    }
    if (callOptions.toast !== false) options.toast(errorText(options, answer));
    throw new ApiError(answer);
  }

  return { call: (path, callOptions) => call(path, callOptions) };
}
