import { fail, ok } from './backend.ts';
import type { Backend, Call, Outcome } from './backend.ts';
import { badField, isDate, isEmail, isSerial, normalizeEmail, readFields } from './fields.ts';
import { mailText, sendNote } from './mail.ts';
import type { MailText } from './mail.ts';

/**
 * POST /support/product-registration and /support/return (docs/api.md, "Support"): the
 * product registration and return-to-manufacturer forms. Each request is stored with a
 * reference the visitor can quote, and a confirmation goes to the outbox.
 */

const LIMITS = { name: 100, product: 60, retailer: 100, orderNumber: 40, reason: 2000 } as const;

function tooLong(values: Record<string, string | undefined>): Outcome | undefined {
  for (const [field, max] of Object.entries(LIMITS)) {
    const value = values[field];
    if (value !== undefined && [...value].length > max) return badField(field, `must be at most ${max} characters.`);
  }
  return undefined;
}

function reference(kind: 'registration' | 'return', id: number): string {
  return `${kind === 'registration' ? 'REG' : 'RMA'}-${String(id).padStart(6, '0')}`;
}

/** The fields both forms share, checked; the 4000 or 4001 to answer otherwise. */
function checkCommon(
  values: { name: string; email: string; product: string; serial: string } & Record<string, string | undefined>,
): Outcome | undefined {
  const long = tooLong(values);
  if (long) return long;
  if (!values.name.trim()) return badField('name', 'is required.');
  if (!values.product.trim()) return badField('product', 'is required.');
  if (!isEmail(normalizeEmail(values.email))) return fail(4001);
  if (!isSerial(values.serial.trim())) return badField('serial', 'must be 8 to 20 letters and digits.');
  return undefined;
}

/** Stores the request and mails its confirmation in the site's language; answers the reference. */
function file(backend: Backend, call: Call, kind: 'registration' | 'return', fields: Record<string, string>): Outcome {
  const email = normalizeEmail(fields.email!);
  const id = backend.store.insertSupport({
    kind,
    email,
    body: JSON.stringify({ ...fields, email, region: call.region ?? null }),
    created_at: backend.clock.now(),
  });
  const ref = reference(kind, id);
  const text = (key: MailText) => mailText(backend, call.locale, key, { ...fields, reference: ref });
  sendNote(backend, call.locale, email, text(`${kind}Subject`), [text('supportThanks'), text(`${kind}Text`), text('supportReference')]);
  return ok({ reference: ref });
}

export function registerProduct(backend: Backend, call: Call): Outcome {
  const read = readFields(call.body, {
    name: 'string',
    email: 'string',
    product: 'string',
    serial: 'string',
    purchaseDate: 'string',
    retailer: 'string?',
  });
  if (!read.ok) return read.failure;
  const refused = checkCommon(read.values);
  if (refused) return refused;
  const { purchaseDate, product } = read.values;
  if (!isDate(purchaseDate) || Date.parse(`${purchaseDate}T00:00:00Z`) > backend.clock.now())
    return badField('purchaseDate', 'must be a date as YYYY-MM-DD, not in the future.');
  const serial = read.values.serial.trim().toUpperCase();
  const fields = {
    name: read.values.name.trim(),
    email: read.values.email,
    product,
    serial,
    purchaseDate,
    retailer: read.values.retailer?.trim() ?? '',
  };
  return file(backend, call, 'registration', fields);
}

export function requestReturn(backend: Backend, call: Call): Outcome {
  const read = readFields(call.body, {
    name: 'string',
    email: 'string',
    product: 'string',
    serial: 'string',
    orderNumber: 'string?',
    reason: 'string',
  });
  if (!read.ok) return read.failure;
  const refused = checkCommon(read.values);
  if (refused) return refused;
  if (read.values.reason.trim().length < 10) return badField('reason', 'must say in at least 10 characters what is wrong.');
  const { product } = read.values;
  const serial = read.values.serial.trim().toUpperCase();
  const fields = {
    name: read.values.name.trim(),
    email: read.values.email,
    product,
    serial,
    orderNumber: read.values.orderNumber?.trim() ?? '',
    reason: read.values.reason.trim(),
  };
  return file(backend, call, 'return', fields);
}
