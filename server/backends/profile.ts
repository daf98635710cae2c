import { ok } from './backend.ts';
import type { Backend, Call, Outcome } from './backend.ts';
import { badField, isDate } from './fields.ts';
import { authenticate } from './sessions.ts';
import type { AccountRow, ProfileChange } from './store.ts';

/** The profile of docs/api.md, "Profile": read and change the logged-in account. */

export interface Profile {
  user_id: string;
  email: string;
  verified: boolean;
  hasPassword: boolean;
  nickname: string;
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`, or '' when not given. */
  birthday: string;
  /** Two capital letters, or '' when not given. */
  country: string;
  credits: number;
  /** Epoch ms on the emulated clock. */
  createdAt: number;
}

export function toProfile(account: AccountRow): Profile {
  return {
    user_id: account.id,
    email: account.email,
    verified: account.verified === 1,
    hasPassword: account.password_hash !== null,
    nickname: account.nickname,
    firstName: account.first_name,
    lastName: account.last_name,
    birthday: account.birthday,
    country: account.country,
    credits: account.credits,
    createdAt: account.created_at,
  };
}

/** The fields a visitor may change: the column each goes to, and what makes a value acceptable. */
const EDITABLE: Readonly<Record<string, { column: keyof ProfileChange; check: (value: string) => string | undefined }>> = Object.freeze({
  nickname: { column: 'nickname', check: (v) => ([...v].length <= 40 ? undefined : 'must be at most 40 characters.') },
  firstName: { column: 'first_name', check: (v) => ([...v].length <= 60 ? undefined : 'must be at most 60 characters.') },
  lastName: { column: 'last_name', check: (v) => ([...v].length <= 60 ? undefined : 'must be at most 60 characters.') },
  birthday: { column: 'birthday', check: (v) => (v === '' || isDate(v) ? undefined : 'must be a date as YYYY-MM-DD, or empty.') },
  country: { column: 'country', check: (v) => (v === '' || /^[A-Za-z]{2}$/.test(v) ? undefined : 'must be two letters, or empty.') },
});

/** GET /account/user/profile/new (auth). */
export function readProfile(backend: Backend, call: Call): Outcome {
  const auth = authenticate(backend, call);
  return 'failure' in auth ? auth.failure : ok(toProfile(auth.account));
}

/** POST /account/user/profile/new (auth): changes only the fields sent; any other field refuses the whole change. */
export function updateProfile(backend: Backend, call: Call): Outcome {
  const auth = authenticate(backend, call);
  if ('failure' in auth) return auth.failure;
  const change: ProfileChange = { nickname: null, first_name: null, last_name: null, birthday: null, country: null };
  for (const [field, value] of Object.entries(call.body)) {
    const rule = Object.hasOwn(EDITABLE, field) ? EDITABLE[field] : undefined;
    if (!rule) return badField(field, 'cannot be changed here.');
    if (typeof value !== 'string') return badField(field, 'must be a string.');
    const problem = rule.check(value);
    if (problem) return badField(field, problem);
    change[rule.column] = field === 'country' ? value.toUpperCase() : value;
  }
  backend.store.updateProfile(auth.account.id, change);
  return ok({});
}
