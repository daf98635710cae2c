import { fail, ok } from './backend.ts';
import type { Backend, Call, Failure, Outcome } from './backend.ts';
import { createToken, hashToken } from './secrets.ts';
import type { AccountRow } from './store.ts';

/**
 * Sessions (docs/api.md, "Sessions"). A login starts a session: an access token (`apptoken`, 2
 * hours) for every call and a refresh token (`reftoken`, 30 days) that buys the next pair.
 * Both expire on the emulated clock.
 *
 * - A refresh token is single use: a refresh answers a new access token and a new refresh token
 *   and revokes the session's earlier access tokens, so a session has one live pair. A refresh
 *   token presented again after it was spent is a replay (someone else holds a copy): the whole
 *   session ends (reuse detection, OAuth 2.0 Security BCP, RFC 9700 section 4.14.2).
 * - A session remembers when the visitor last proved who they are in it (`proven_at`: the
 *   password or code login that started it). A refresh keeps that instant: a refreshed token is
 *   possession of a token, never a proof.
 * - A logout ends the session of the tokens it carries; a password set, reset or dropped ends
 *   every session of the account.
 */

export const APPTOKEN_MS = 2 * 60 * 60_000;
export const REFTOKEN_MS = 30 * 24 * 60 * 60_000;

export interface Session {
  user_id: string;
  apptoken: string;
  reftoken: string;
}

/** The session an access token belongs to. */
export interface SessionInfo {
  id: string;
  /** When the visitor last proved who they are in it (epoch ms on the emulated clock). */
  provenAt: number;
}

function issuePair(backend: Backend, sessionId: string): { apptoken: string; reftoken: string } {
  const now = backend.clock.now();
  const apptoken = createToken();
  const reftoken = createToken();
  backend.store.insertToken(hashToken(apptoken), 'app', sessionId, now + APPTOKEN_MS);
  backend.store.insertToken(hashToken(reftoken), 'ref', sessionId, now + REFTOKEN_MS);
  return { apptoken, reftoken };
}

/**
 * A new session of an account: the visitor proved who they are at `provenAt` (now, for a
 * login; a password change carries over the proof the change was made with).
 */
export function startSession(backend: Backend, userId: string, provenAt = backend.clock.now()): Session {
  backend.store.sweepTokens(backend.clock.now());
  return backend.store.transaction(() => {
    const id = createToken();
    backend.store.insertSession(id, userId, provenAt);
    return { user_id: userId, ...issuePair(backend, id) };
  });
}

/** The account whose live access token the call carries, with its session, or the 4003 to answer. */
export function authenticate(backend: Backend, call: Call): { account: AccountRow; session: SessionInfo } | { failure: Failure } {
  const token = call.apptoken ? backend.store.token(hashToken(call.apptoken)) : undefined;
  if (!token || token.kind !== 'app' || token.expires_at <= backend.clock.now()) return { failure: fail(4003) };
  const account = backend.store.accountById(token.user_id);
  return account ? { account, session: { id: token.session_id, provenAt: token.proven_at } } : { failure: fail(4003) };
}

/**
 * GET /account/user/sign_in/refresh?user_id=: a live, unspent refresh token of that user buys a
 * new pair; the session's earlier access tokens stop working. A spent one ends its session.
 */
export function refreshSession(backend: Backend, call: Call): Outcome {
  const userId = call.query.get('user_id') ?? '';
  // The expired apptoken the client also sends proves nothing: the refresh token alone decides.
  const hash = call.reftoken ? hashToken(call.reftoken) : undefined;
  const token = hash === undefined ? undefined : backend.store.token(hash);
  const now = backend.clock.now();
  if (
    !token ||
    token.kind !== 'ref' ||
    !userId ||
    token.user_id !== userId ||
    token.expires_at <= now ||
    !backend.store.accountById(userId)
  )
    return fail(4003);
  // Spent already (a replay), or spent by a refresh that raced this one: the session is over.
  if (token.used_at !== null || !backend.store.spendToken(hash!, now)) {
    backend.store.deleteSession(token.session_id);
    return fail(4003);
  }
  const pair = backend.store.transaction(() => {
    backend.store.deleteSessionTokens(token.session_id, 'app');
    return issuePair(backend, token.session_id);
  });
  return ok({ user_id: userId, ...pair });
}

/** Ends every session of an account (a password set, reset or dropped). */
export function endSessions(backend: Backend, userId: string): void {
  backend.store.deleteSessions(userId);
}

/**
 * POST /account/user/logout: ends the session of the tokens the call carries (`apptoken`,
 * `reftoken`; live, expired or spent): every token of it stops working, those issued before
 * the last refresh too. Always answers success: a client that logs out forgets its tokens
 * whatever the answer.
 */
export function logout(backend: Backend, call: Call): Outcome {
  for (const token of [call.apptoken, call.reftoken]) {
    const row = token ? backend.store.token(hashToken(token)) : undefined;
    if (row) backend.store.deleteSession(row.session_id);
  }
  return ok({});
}
