import type { BackendsData } from '../../core/backends.ts';
import type { EmulatedClock } from './clock.ts';
import type { Limits } from './limits.ts';
import type { Store } from './store.ts';

/**
 * The name of a back end: a key of constants.yaml `backends` (us, eu and cn in the default
 * content), as the build wrote them to backends.json.
 */
export type BackendName = string;

/** The codes of docs/api.md, "Codes". */
export type ErrorCode =
  | 4000
  | 4001
  | 4002
  | 4003
  | 4010
  | 4011
  | 4012
  | 4013
  | 4014
  | 4015
  | 4016
  | 4017
  | 4018
  | 4019
  | 4290
  | 4291
  | 5000;

export interface Failure {
  code: ErrorCode;
  /** Extra answer data, e.g. `retryAfter` for 4291 or the field of a 4000. */
  data?: Record<string, unknown>;
  /** Values for the placeholders of the localised message, e.g. `{seconds}`. */
  params?: Record<string, string | number>;
}

export interface Success<T = unknown> {
  code: 2000;
  data: T;
}

/** What an endpoint answers, before it becomes an envelope with a localised message. */
export type Outcome<T = unknown> = Success<T> | Failure;

export const ok = <T>(data: T): Success<T> => ({ code: 2000, data });
export const fail = (code: ErrorCode, data?: Record<string, unknown>, params?: Record<string, string | number>): Failure => ({
  code,
  data,
  params,
});

/** 4291: too many attempts or too early to send again; `ms` is the time left. */
export function tooMany(ms: number): Failure {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return fail(4291, { retryAfter: seconds }, { seconds });
}

/** One call to an endpoint as plain data, so the endpoint logic knows nothing of HTTP. */
export interface Call {
  /** The JSON body; `{}` for a GET. */
  body: Record<string, unknown>;
  query: URLSearchParams;
  apptoken?: string;
  reftoken?: string;
  /** The `origin` request header: where mailed links point when it is local. */
  origin?: string;
  /** The `region` request header: the site's region code. */
  region?: string;
  /** The locale the answer is written in (from `Accept-Language`): that of the mail a call sends too. */
  locale: string;
  /** The `x-country` request header, which stands in for geolocation in the emulator. */
  country?: string;
  /** The client's network address: guesses are counted per email and address (limits.ts). */
  address: string;
}

/** One emulated back end: its own database and limits, on the clock shared by all of them. */
export interface Backend {
  name: BackendName;
  /** What the build compiled of the content for the back ends (backends.json): the reward, the regions, the texts. */
  sites: () => BackendsData;
  store: Store;
  clock: EmulatedClock;
  limits: Limits;
  /** scrypt cost N of new password hashes. */
  passwordCost: number;
}
