import { fail, ok, tooMany } from './backend.ts';
import type { Backend, Call, ErrorCode, Failure, Outcome } from './backend.ts';
import { isEmail, isStrongPassword, normalizeEmail, readFields } from './fields.ts';
import { buildLink, sendMail } from './mail.ts';
import { createCode, createToken, createUserId, hashCode, hashPassword, hashToken, matchesCode, verifyPassword } from './secrets.ts';
import { authenticate, endSessions, startSession } from './sessions.ts';
import type { AccountRow } from './store.ts';

/**
 * The account endpoints of docs/api.md ("Sessions", "Codes, verification, passwords") as plain
 * functions of a back end and a call: no HTTP here, so each rule reads as the reference states it.
 */

export const CODE_MS = 10 * 60_000;
export const LINK_MS = 24 * 60 * 60_000;

type CodePurpose = 'login' | 'verify';

/** The body's `email`, normalised, or the 4000/4001 to answer. */
function readEmail(call: Call): { email: string } | { failure: Failure } {
  const read = readFields(call.body, { email: 'string' });
  if (!read.ok) return { failure: read.failure };
  const email = normalizeEmail(read.values.email);
  return isEmail(email) ? { email } : { failure: fail(4001) };
}

function resendAfter(backend: Backend): { resendAfter: number } {
  return { resendAfter: Math.ceil(backend.limits.options.resendMs / 1000) };
}

/** Stores a new code for the email, replacing any earlier one of that purpose. */
function issueCode(backend: Backend, email: string, purpose: CodePurpose): string {
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
function spendCode(backend: Backend, email: string, purpose: CodePurpose, code: string): boolean {
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
function liveLink(backend: Backend, token: string, purpose: 'verify' | 'reset'): AccountRow | undefined {
  const link = backend.store.link(hashToken(token));
  if (!link || link.purpose !== purpose || link.used_at !== null || link.expires_at <= backend.clock.now()) return undefined;
  return backend.store.accountById(link.user_id);
}

function issueLink(backend: Backend, account: AccountRow, purpose: 'verify' | 'reset', call: Call): string {
  const token = createToken();
  backend.store.replaceLink(hashToken(token), purpose, account.id, backend.clock.now() + LINK_MS);
  return buildLink(backend, purpose, token, call.origin, call.region);
}

function mailVerification(backend: Backend, account: AccountRow, call: Call): void {
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
async function attempt(backend: Backend, call: Call, email: string, wrong: ErrorCode, check: () => boolean | Promise<boolean>, remember = true): Promise<Failure | undefined> {
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
 * The email and password (or code) of a login, and the account: 4000 or 4001 for a bad body,
 * 4291 while this address must wait, 4012 when it has no account.
 */
function readLogin(backend: Backend, call: Call, field: 'password' | 'code'): { email: string; secret: string; account: AccountRow } | { failure: Failure } {
  const read = readFields(call.body, { email: 'string' });
  if (!read.ok) return { failure: read.failure };
  const given = readFields(call.body, { [field]: 'string' } as Record<typeof field, 'string'>);
  if (!given.ok) return { failure: given.failure };
  const email = normalizeEmail(read.values.email);
  if (!isEmail(email)) return { failure: fail(4001) };
  const wait = backend.limits.waitFor(email, call.address, field === 'password' ? 'password' : 'code');
  if (wait) return { failure: tooMany(wait) };
  const account = backend.store.accountByEmail(email);
  if (!account) return { failure: fail(4012) };
  return { email, secret: given.values[field], account };
}

/** A hash of no one's password at a back end's cost: what an unknown email's login is checked against. */
const decoys = new Map<number, Promise<string>>();
function decoyHash(cost: number): Promise<string> {
  let decoy = decoys.get(cost);
  if (!decoy) decoys.set(cost, (decoy = hashPassword(createToken(), cost)));
  return decoy;
}

/**
 * POST /account/user/login/pwd and the old /account/user/sign_in. An unknown email costs the
 * same hash as a known one (the answer's time says nothing). The password of an account whose
 * email is not verified logs nobody in (4017): anyone can register someone else's address, and
 * only the mailbox decides (the owner logs in by code, which verifies the account and drops
 * that password).
 */
export async function loginWithPassword(backend: Backend, call: Call): Promise<Outcome> {
  const login = readLogin(backend, call, 'password');
  if ('failure' in login) {
    if (login.failure.code === 4012) await verifyPassword(String(call.body.password), await decoyHash(backend.passwordCost));
    return login.failure;
  }
  const { email, secret, account } = login;
  const hash = account.password_hash;
  const refused = await attempt(backend, call, email, 4010, async () => (hash ? verifyPassword(secret, hash) : (await verifyPassword(secret, await decoyHash(backend.passwordCost)), false)), account.verified === 1);
  if (refused) return refused;
  if (!account.verified) return fail(4017);
  return ok(startSession(backend, account.id));
}

/**
 * The email of an unverified account was just proven (a code or link from its mailbox). What
 * whoever registered the address did before is undone: the password they set, the profile they
 * wrote and their sessions, unless the proof comes from a session of that same registration
 * (`keepFor`: the registrant verifying in the session register/pwd gave them). Then the
 * account is verified.
 */
function proveMailbox(backend: Backend, account: AccountRow, keepFor?: string): void {
  if (account.verified) return;
  if (keepFor !== account.id) {
    backend.store.setPassword(account.id, null);
    backend.store.clearProfile(account.id);
    endSessions(backend, account.id);
  }
  backend.store.setVerified(account.id);
}

/** POST /account/user/login/code: the code from code/send logs an existing account in. */
export async function loginWithCode(backend: Backend, call: Call): Promise<Outcome> {
  const login = readLogin(backend, call, 'code');
  if ('failure' in login) return login.failure;
  const { email, secret, account } = login;
  const refused = await attempt(backend, call, email, 4011, () => spendCode(backend, email, 'login', secret));
  if (refused) return refused;
  // The code reached the mailbox, which is all that verifying an account proves.
  proveMailbox(backend, account);
  return ok(startSession(backend, account.id));
}

/** POST /account/user/register_or_login (and cn/login): logs in, or creates a verified account without password. */
export async function registerOrLogin(backend: Backend, call: Call): Promise<Outcome> {
  const read = readFields(call.body, { email: 'string', code: 'string' });
  if (!read.ok) return read.failure;
  const email = normalizeEmail(read.values.email);
  if (!isEmail(email)) return fail(4001);
  const refused = await attempt(backend, call, email, 4011, () => spendCode(backend, email, 'login', read.values.code));
  if (refused) return refused;
  const created = backend.store.insertAccount({ id: createUserId(), email, password_hash: null, verified: 1, credits: backend.sites().newUserReward, created_at: backend.clock.now() });
  const account = backend.store.accountByEmail(email)!;
  proveMailbox(backend, account);
  return ok({ ...startSession(backend, account.id), created });
}

/** POST /account/user/register/pwd: an unverified account, a verification mail, and a session. */
export async function registerWithPassword(backend: Backend, call: Call): Promise<Outcome> {
  const read = readFields(call.body, { email: 'string', password: 'string' });
  if (!read.ok) return read.failure;
  const email = normalizeEmail(read.values.email);
  if (!isEmail(email)) return fail(4001);
  if (!isStrongPassword(read.values.password)) return fail(4002);
  // Checked before the slow hash, and again by the insert for a request that raced this one.
  if (backend.store.accountByEmail(email)) return fail(4013);
  const hash = await hashPassword(read.values.password, backend.passwordCost);
  const id = createUserId();
  if (!backend.store.insertAccount({ id, email, password_hash: hash, verified: 0, credits: backend.sites().newUserReward, created_at: backend.clock.now() })) return fail(4013);
  mailVerification(backend, backend.store.accountById(id)!, call);
  return ok(startSession(backend, id));
}

/** POST /account/user/code/send: a login code, to any address (register_or_login may create the account). */
export function sendLoginCode(backend: Backend, call: Call): Outcome {
  const read = readEmail(call);
  if ('failure' in read) return read.failure;
  const wait = backend.limits.resendWait(read.email, 'login', call.address);
  if (wait) return tooMany(wait);
  sendMail(backend, call.locale, read.email, 'login', { code: issueCode(backend, read.email, 'login') });
  backend.limits.recordSent(read.email, 'login', call.address);
  return ok(resendAfter(backend));
}

/** POST /account/user/verify/send: a new verification code and link. */
export function sendVerification(backend: Backend, call: Call): Outcome {
  const read = readEmail(call);
  if ('failure' in read) return read.failure;
  const account = backend.store.accountByEmail(read.email);
  if (!account) return fail(4012);
  const wait = backend.limits.resendWait(read.email, 'verify', call.address);
  if (wait) return tooMany(wait);
  mailVerification(backend, account, call);
  return ok(resendAfter(backend));
}

/** POST /account/user/verify: `{ token }` from the link, or `{ email, code }` from the mail. */
export async function verifyAccount(backend: Backend, call: Call): Promise<Outcome> {
  if (call.body.token !== undefined) {
    const read = readFields(call.body, { token: 'string' });
    if (!read.ok) return read.failure;
    const account = liveLink(backend, read.values.token, 'verify');
    if (!account || !backend.store.useLink(hashToken(read.values.token), backend.clock.now())) return fail(4014);
    proveMailbox(backend, account, sessionOwner(backend, call));
    backend.store.deleteCode(account.email, 'verify');
    return ok({ email: account.email });
  }
  const read = readFields(call.body, { email: 'string', code: 'string' });
  if (!read.ok) return read.failure;
  const email = normalizeEmail(read.values.email);
  if (!isEmail(email)) return fail(4001);
  const account = backend.store.accountByEmail(email);
  const refused = await attempt(backend, call, email, 4011, () => account !== undefined && spendCode(backend, email, 'verify', read.values.code));
  if (refused) return refused;
  proveMailbox(backend, account!, sessionOwner(backend, call));
  // The mail's link did its job through the code: it must not work a second time.
  backend.store.deleteOpenLinks(account!.id, 'verify');
  return ok({ email });
}

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

/** The account whose live access token the call carries, if any. */
function sessionOwner(backend: Backend, call: Call): string | undefined {
  const auth = authenticate(backend, call);
  return 'account' in auth ? auth.account.id : undefined;
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
