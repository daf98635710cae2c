import { fail, ok } from './backend.ts';
import type { Backend, Call, Outcome } from './backend.ts';
import { badField, isEmail, normalizeEmail, readFields } from './fields.ts';

const SOURCES = new Set(['footer', 'popup']);

/** POST /account/user/subscribe/create: a second subscription of an email changes nothing and is no error. */
export function subscribe(backend: Backend, call: Call): Outcome {
  const read = readFields(call.body, { email: 'string', region: 'string?', weekly: 'boolean?', member: 'boolean?', source: 'string?' });
  if (!read.ok) return read.failure;
  const { region, weekly, member, source } = read.values;
  if (source !== undefined && !SOURCES.has(source)) return badField('source', 'must be "footer" or "popup".');
  const email = normalizeEmail(read.values.email);
  if (!isEmail(email)) return fail(4001);
  const created = backend.store.insertSubscription({
    email,
    region: (region ?? call.region)?.slice(0, 16) ?? null,
    weekly: weekly ? 1 : 0,
    member: member ? 1 : 0,
    source: source ?? null,
    created_at: backend.clock.now(),
  });
  return ok({ created });
}
