import { fail } from './backend.ts';
import type { Failure } from './backend.ts';
import { isStrongPassword as checkPassword } from '../../core/validation.ts';

const PASSWORD_MINIMUM = 8;

/**
 * Reading request bodies field by field. A missing field or one of the wrong type is a 4000
 * whose `data` names the field, so a client bug shows up as a clear answer, never a crash.
 */

type Kind = 'string' | 'string?' | 'boolean?';
type Value<K extends Kind> = K extends 'string' ? string : K extends 'string?' ? string | undefined : boolean | undefined;
export type Fields<S extends Record<string, Kind>> = { [F in keyof S]: Value<S[F]> };

export type Read<T> = { ok: true; values: T } | { ok: false; failure: Failure };

/** 4000 for a field: `data` carries the field and an English sentence naming it. */
export function badField(field: string, detail: string): Failure {
  return fail(4000, { field, detail: `"${field}" ${detail}` });
}

export function readFields<S extends Record<string, Kind>>(body: Record<string, unknown>, spec: S): Read<Fields<S>> {
  const values: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(spec)) {
    const value = body[field];
    const optional = kind.endsWith('?');
    const type = optional ? kind.slice(0, -1) : kind;
    if (value === undefined || (optional && value === null)) {
      if (!optional) return { ok: false, failure: badField(field, 'is required.') };
    } else if (typeof value !== type) {
      return { ok: false, failure: badField(field, `must be a ${type}.`) };
    }
    values[field] = value ?? undefined;
  }
  return { ok: true, values: values as Fields<S> };
}

/** Emails are matched without regard to case or surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The browser's rules (runtime/validation.ts), so a server answer and a form check always agree. */
export { isValidEmail as isEmail, isSerial } from '../../core/validation.ts';

/** docs/api.md (constants.yaml `passwordMinimum`: 8): at least 8 characters with letters and numbers. */
export function isStrongPassword(password: string): boolean {
  return checkPassword(password, PASSWORD_MINIMUM);
}

export function isCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** A real calendar date as `YYYY-MM-DD`. */
export function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}
