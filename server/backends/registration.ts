import { fail, ok, tooMany } from './backend.ts';
import type { Backend, Call, Outcome } from './backend.ts';
import { isEmail, isStrongPassword, normalizeEmail, readFields } from './fields.ts';
import { createUserId, hashPassword, hashToken } from './secrets.ts';
import { startSession } from './sessions.ts';
import { attempt, liveLink, mailVerification, proveMailbox, readEmail, resendAfter, sessionOwner, spendCode } from './proofs.ts';

/** Registering with a password, and verifying the account's email (docs/api.md "Codes, verification, passwords"). */

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
  if (
    !backend.store.insertAccount({
      id,
      email,
      password_hash: hash,
      verified: 0,
      credits: backend.sites().newUserReward,
      created_at: backend.clock.now(),
    })
  )
    return fail(4013);
  mailVerification(backend, backend.store.accountById(id)!, call);
  return ok(startSession(backend, id));
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
  const refused = await attempt(
    backend,
    call,
    email,
    4011,
    () => account !== undefined && spendCode(backend, email, 'verify', read.values.code),
  );
  if (refused) return refused;
  proveMailbox(backend, account!, sessionOwner(backend, call));
  // The mail's link did its job through the code: it must not work a second time.
  backend.store.deleteOpenLinks(account!.id, 'verify');
  return ok({ email });
}
