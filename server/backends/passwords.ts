import { fail, ok, tooMany } from './backend.ts';
import type { Backend, Call, Outcome } from './backend.ts';
import { isStrongPassword, readFields } from './fields.ts';
import { sendMail } from './mail.ts';
import { hashPassword, hashToken, verifyPassword } from './secrets.ts';
import { authenticate, endSessions, startSession } from './sessions.ts';
import { attempt, issueLink, liveLink, readEmail, resendAfter } from './proofs.ts';

/** Forgotten, reset and set passwords (docs/api.md "Codes, verification, passwords"). */

/** POST /account/user/password/forgot: mails a reset link. */
export function forgotPassword(backend: Backend, call: Call): Outcome {
  const read = readEmail(call);
  if ('failure' in read) return read.failure;
  const account = backend.store.accountByEmail(read.email);
  if (!account) return fail(4012);
  const wait = backend.limits.resendWait(read.email, 'reset', call.address);
  if (wait) return tooMany(wait);
  sendMail(backend, call.locale, account.email, 'reset', { link: issueLink(backend, account, 'reset', call) });
  backend.limits.recordSent(account.email, 'reset', call.address);
  return ok(resendAfter(backend));
}

/** POST /account/user/password/reset: a new password through the mailed link; every session ends. */
export async function resetPassword(backend: Backend, call: Call): Promise<Outcome> {
  const read = readFields(call.body, { token: 'string', password: 'string' });
  if (!read.ok) return read.failure;
  // The link first: a dead link is the news, whatever the password.
  if (!liveLink(backend, read.values.token, 'reset')) return fail(4014);
  if (!isStrongPassword(read.values.password)) return fail(4002);
  const hash = await hashPassword(read.values.password, backend.passwordCost);
  const account = liveLink(backend, read.values.token, 'reset');
  if (!account || !backend.store.useLink(hashToken(read.values.token), backend.clock.now())) return fail(4014);
  backend.store.setPassword(account.id, hash);
  // The link came through the mailbox, so it verifies the account and counts as a right password from this address.
  backend.store.setVerified(account.id);
  backend.limits.recordSuccess(account.email, call.address);
  endSessions(backend, account.id);
  return ok({});
}

/** How recent a login lets a password be set or changed without the current one. */
export const RECENT_LOGIN_MS = 5 * 60_000;

/**
 * POST /account/user/password/set (auth): a password for the logged-in account, only on a real
 * proof that the visitor is its owner. Replacing a password takes the current one
 * (`currentPassword`: 4010 when wrong or missing, counted as a wrong password) unless the
 * session's login is less than 5 minutes old; a first password (an account made by code) takes
 * such a recent login, else 4018 (log in again). The session's login is when it was started by
 * a password or code: a refresh never renews it, so a stolen refresh token changes nothing.
 * Every session of the account ends; the answer is a new one for this client, proven when the
 * proof given was (now, for the current password).
 */
export async function setPassword(backend: Backend, call: Call): Promise<Outcome> {
  const auth = authenticate(backend, call);
  if ('failure' in auth) return auth.failure;
  const read = readFields(call.body, { password: 'string' });
  if (!read.ok) return read.failure;
  if (!isStrongPassword(read.values.password)) return fail(4002);
  const { account, session } = auth;
  const now = backend.clock.now();
  let provenAt = session.provenAt;
  if (provenAt > now || provenAt <= now - RECENT_LOGIN_MS) {
    if (account.password_hash === null) return fail(4018);
    const current = typeof call.body.currentPassword === 'string' ? call.body.currentPassword : '';
    const refused = await attempt(backend, call, account.email, 4010, () => verifyPassword(current, account.password_hash!));
    if (refused) return refused;
    provenAt = now;
  }
  backend.store.setPassword(account.id, await hashPassword(read.values.password, backend.passwordCost));
  endSessions(backend, account.id);
  return ok(startSession(backend, account.id, provenAt));
}
