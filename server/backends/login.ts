import { fail, ok, tooMany } from './backend.ts';
import type { Backend, Call, Failure, Outcome } from './backend.ts';
import { isEmail, normalizeEmail, readFields } from './fields.ts';
import { sendMail } from './mail.ts';
import { createToken, createUserId, hashPassword, verifyPassword } from './secrets.ts';
import { startSession } from './sessions.ts';
import type { AccountRow } from './store.ts';
import { attempt, issueCode, proveMailbox, readEmail, resendAfter, spendCode } from './proofs.ts';

/**
 * The login endpoints of docs/api.md ("Sessions"): by password, by a mailed code, and by code
 * with an account made on the way, as plain functions of a back end and a call: no HTTP here,
 * so each rule reads as the reference states it.
 */

/**
 * The email and password (or code) of a login, and the account: 4000 or 4001 for a bad body,
 * 4291 while this address must wait, 4012 when it has no account.
 */
function readLogin(
  backend: Backend,
  call: Call,
  field: 'password' | 'code',
): { email: string; secret: string; account: AccountRow } | { failure: Failure } {
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

/** POST /account/user/login/pwd: an account carried over from the previous site is answered 4019, its password unread. */
export const loginWithPassword = (backend: Backend, call: Call) => checkPassword(backend, call, false);

/** POST /account/user/sign_in, the old sign-in: the password login of every account, the carried-over ones too. */
export const signInOld = (backend: Backend, call: Call) => checkPassword(backend, call, true);

/**
 * A password login. An unknown email costs the same hash as a known one (the answer's time
 * says nothing). The password of an account whose email is not verified logs nobody in (4017):
 * anyone can register someone else's address, and only the mailbox decides (the owner logs in
 * by code, which verifies the account and drops that password).
 */
async function checkPassword(backend: Backend, call: Call, oldSignIn: boolean): Promise<Outcome> {
  const login = readLogin(backend, call, 'password');
  if ('failure' in login) {
    if (login.failure.code === 4012) await verifyPassword(String(call.body.password), await decoyHash(backend.passwordCost));
    return login.failure;
  }
  const { email, secret, account } = login;
  // Its password is the previous site's: a client goes on to the old sign-in with it (docs/api.md, 4019).
  if (account.carried_over && !oldSignIn) return fail(4019);
  const hash = account.password_hash;
  const refused = await attempt(
    backend,
    call,
    email,
    4010,
    async () => (hash ? verifyPassword(secret, hash) : (await verifyPassword(secret, await decoyHash(backend.passwordCost)), false)),
    account.verified === 1,
  );
  if (refused) return refused;
  if (!account.verified) return fail(4017);
  return ok(startSession(backend, account.id));
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
  const created = backend.store.insertAccount({
    id: createUserId(),
    email,
    password_hash: null,
    verified: 1,
    credits: backend.sites().newUserReward,
    created_at: backend.clock.now(),
  });
  const account = backend.store.accountByEmail(email)!;
  proveMailbox(backend, account);
  return ok({ ...startSession(backend, account.id), created });
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
