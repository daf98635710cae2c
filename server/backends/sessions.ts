import { fail, ok } from './backend.ts';
import type { Backend, Call, Failure, Outcome } from './backend.ts';
import { createToken, hashToken } from './secrets.ts';
import type { AccountRow } from './store.ts';

/**
 * Sessions: an access token (`apptoken`, 2 hours) for every call, and a refresh token
 * (`reftoken`, 30 days) that buys a new access token. Both expire on the emulated clock.
 */

export const APPTOKEN_MS = 2 * 60 * 60_000;
export const REFTOKEN_MS = 30 * 24 * 60 * 60_000;

export interface Session {
  user_id: string;
  apptoken: string;
  reftoken: string;
}

function issueToken(backend: Backend, kind: 'app' | 'ref', userId: string): string {
  const token = createToken();
  backend.store.insertToken(hashToken(token), kind, userId, backend.clock.now() + (kind === 'app' ? APPTOKEN_MS : REFTOKEN_MS));
  return token;
}

export function startSession(backend: Backend, userId: string): Session {
  return { user_id: userId, apptoken: issueToken(backend, 'app', userId), reftoken: issueToken(backend, 'ref', userId) };
}

/** The account whose live access token the call carries, or the 4003 to answer. */
export function authenticate(backend: Backend, call: Call): { account: AccountRow } | { failure: Failure } {
  const userId = call.apptoken ? backend.store.tokenOwner(hashToken(call.apptoken), 'app', backend.clock.now()) : undefined;
  const account = userId === undefined ? undefined : backend.store.accountById(userId);
  return account ? { account } : { failure: fail(4003) };
}

/** GET /account/user/sign_in/refresh?user_id=: a new access token for a live refresh token of that user. */
export function refreshSession(backend: Backend, call: Call): Outcome {
  const userId = call.query.get('user_id') ?? '';
  // The expired apptoken the client also sends proves nothing: the refresh token alone decides.
  const owner = call.reftoken ? backend.store.tokenOwner(hashToken(call.reftoken), 'ref', backend.clock.now()) : undefined;
  if (!userId || owner !== userId || !backend.store.accountById(userId)) return fail(4003);
  return ok({ user_id: userId, apptoken: issueToken(backend, 'app', userId) });
}

/** Ends every session of an account (a password reset). */
export function endSessions(backend: Backend, userId: string): void {
  backend.store.deleteTokens(userId);
}

/**
 * POST /account/user/logout: revokes the access and refresh tokens the call carries (headers
 * `apptoken` and `reftoken`), whichever are still live. Always answers success: a client that
 * logs out forgets its tokens whatever the answer.
 */
export function logout(backend: Backend, call: Call): Outcome {
  for (const token of [call.apptoken, call.reftoken]) if (token) backend.store.deleteToken(hashToken(token));
  return ok({});
}
