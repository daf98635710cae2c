import { fail, tooMany } from './backend.ts';
import type { Backend, Call, ErrorCode, Failure } from './backend.ts';
import { isEmail, normalizeEmail, readFields } from './fields.ts';
import { buildLink, sendMail } from './mail.ts';
import { createCode, createToken, hashCode, hashToken, matchesCode } from './secrets.ts';
import { authenticate, endSessions } from './sessions.ts';
import type { AccountRow } from './store.ts';

/**
 * What the account endpoints (docs/api.md "Codes, verification, passwords") share: the codes
 * and links a mailbox receives, the guessing limits a check runs under, and what proving a
 * mailbox undoes. The endpoints are by flow: login.ts, registration.ts, passwords.ts.
 */

export const CODE_MS = 10 * 60_000;
export const LINK_MS = 24 * 60 * 60_000;

export type CodePurpose = 'login' | 'verify';

/** The body's `email`, normalised, or the 4000/4001 to answer. */
export function readEmail(call: Call): { email: string } | { failure: Failure } {
  const read = readFields(call.body, { email: 'string' });
  if (!read.ok) return { failure: read.failure };
  const email = normalizeEmail(read.values.email);
  return isEmail(email) ? { email } : { failure: fail(4001) };
}

export function resendAfter(backend: Backend): { resendAfter: number } {
  return { resendAfter: Math.ceil(backend.limits.options.resendMs / 1000) };
}

/** Stores a new code for the email, replacing any earlier one of that purpose. */
export function issueCode(backend: Backend, email: string, purpose: CodePurpose): string {
  const code = createCode();
  const { salt, hash } = hashCode(code);
  backend.store.putCode(email, purpose, salt, hash, backend.clock.now() + CODE_MS);
  return code;
}

/**
 * Spends the code when it is the live one. A wrong guess counts against it: after
 * `codeTries` of them the code is gone, and even the right one no longer works (a new code
 * must be sent).
 */
export function spendCode(backend: Backend, email: string, purpose: CodePurpose, code: string): boolean {
  const row = backend.store.code(email, purpose);
  if (!row || row.expires_at <= backend.clock.now()) return false;
  if (!matchesCode(code, row.salt, row.hash)) {
    if (row.tries + 1 >= backend.limits.options.codeTries) backend.store.deleteCode(email, purpose);
    else backend.store.countCodeTry(email, purpose);
    return false;
  }
  backend.store.deleteCode(email, purpose);
  return true;
}

/** A link token of that purpose that is unused and unexpired, with its account. */
export function liveLink(backend: Backend, token: string, purpose: 'verify' | 'reset'): AccountRow | undefined {
  const link = backend.store.link(hashToken(token));
  if (!link || link.purpose !== purpose || link.used_at !== null || link.expires_at <= backend.clock.now()) return undefined;
  return backend.store.accountById(link.user_id);
}

export function issueLink(backend: Backend, account: AccountRow, purpose: 'verify' | 'reset', call: Call): string {
  const token = createToken();
  backend.store.replaceLink(hashToken(token), purpose, account.id, backend.clock.now() + LINK_MS);
  return buildLink(backend, purpose, token, call.origin, call.region);
}

export function mailVerification(backend: Backend, account: AccountRow, call: Call): void {
  const code = issueCode(backend, account.email, 'verify');
  sendMail(backend, call.locale, account.email, 'verify', { code, link: issueLink(backend, account, 'verify', call) });
  backend.limits.recordSent(account.email, 'verify', call.address);
}

/**
 * Runs a password or code check under the guessing limits of this email and the call's address
 * (limits.ts): 4291 while that address must wait, `wrong` (4010 or 4011) for a failed check,
 * undefined for a right one (which, with `remember`, makes the address known to the account). The wait is looked at again after the check, because a slow
 * password hash lets parallel guesses overtake each other.
 */
export async function attempt(
  backend: Backend,
  call: Call,
  email: string,
  wrong: ErrorCode,
  check: () => boolean | Promise<boolean>,
  remember = true,
): Promise<Failure | undefined> {
  const kind = wrong === 4010 ? 'password' : 'code';
  const before = backend.limits.waitFor(email, call.address, kind);
  if (before) return tooMany(before);
  const right = await check();
  const after = backend.limits.waitFor(email, call.address, kind);
  if (after) return tooMany(after);
  if (!right) {
    backend.limits.recordFailure(email, call.address, kind);
    return fail(wrong);
  }
  // A right secret that starts no session (an unverified account's password) makes no address known.
  if (remember) backend.limits.recordSuccess(email, call.address);
  return undefined;
}

/**
 * The email of an unverified account was just proven (a code or link from its mailbox). What
 * whoever registered the address did before is undone: the password they set, the profile they
 * wrote and their sessions, unless the proof comes from a session of that same registration
 * (`keepFor`: the registrant verifying in the session register/pwd gave them). Then the
 * account is verified.
 */
export function proveMailbox(backend: Backend, account: AccountRow, keepFor?: string): void {
  if (account.verified) return;
  if (keepFor !== account.id) {
    backend.store.setPassword(account.id, null);
    backend.store.clearProfile(account.id);
    endSessions(backend, account.id);
  }
  backend.store.setVerified(account.id);
}

/** The account whose live access token the call carries, if any. */
export function sessionOwner(backend: Backend, call: Call): string | undefined {
  const auth = authenticate(backend, call);
  return 'account' in auth ? auth.account.id : undefined;
}
