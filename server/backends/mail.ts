import { isLocalHost } from '../../core/hosts.ts';
import type { Backend, BackendName } from './backend.ts';
import { catalogueText, fill } from './messages.ts';

/**
 * The mail the back ends send. Nothing leaves the machine: each mail is a row of the back
 * end's outbox, read at /__emulator/outbox, with the code and link also kept apart so that
 * tests and people need not pick them out of the text.
 */

export type MailPurpose = 'verify' | 'login' | 'reset';

/** One mail as /__emulator/outbox.json answers it. */
export interface OutboxMail {
  id: string;
  backend: BackendName;
  to: string;
  subject: string;
  text: string;
  code?: string;
  link?: string;
  /** Epoch ms on the emulated clock. */
  sentAt: number;
}

const PAGES: Readonly<Record<'verify' | 'reset', string>> = Object.freeze({ verify: 'verification-success', reset: 'reset-password' });

/**
 * The mail texts when no catalogue has them (a content without a `mail` group): English, as in
 * content/messages/en-US.yaml. The content's own texts (backends.json) come first.
 */
const ENGLISH_MAIL = Object.freeze({
  signature: 'Happy building,\nThe {brand} team',
  greeting: 'Hi,',
  verifySubject: 'Confirm your email for {brand}',
  verifyWelcome: 'Welcome to {brand}!',
  verifyCode:
    'Please confirm that this is your email address. Enter this code on the sign-up page (it works for 10 minutes):\n\n    {code}',
  verifyLink: 'Or open this link (it works for 24 hours):\n{link}',
  verifyReward: 'Your new account comes with {reward} credits to spend in our store.',
  verifyIgnore: 'If you did not create an account, you can ignore this email.',
  loginSubject: 'Your {brand} login code: {code}',
  loginCode: 'Here is your login code. It works once, for 10 minutes:\n\n    {code}',
  loginIgnore: 'If you did not ask for it, someone may have typed your email by mistake; you can ignore this email.',
  resetSubject: 'Reset your {brand} password',
  resetLink:
    'We got a request to reset the password of your {brand} account. Choose a new one here (the link works once, for 24 hours):\n{link}',
  resetIgnore: 'If you did not ask for this, you can ignore this email; your password stays as it is.',
  supportThanks: 'Thank you, {name}.',
  supportReference: 'Reference: {reference}',
  registrationSubject: 'Your {product} is registered ({reference})',
  registrationText: 'Your {product} with serial number {serial} is registered; its warranty runs from {purchaseDate}.',
  returnSubject: 'Your return request {reference}',
  returnText:
    'We have your request to return your {product} (serial number {serial}). Our team will reply within two working days with the next steps.',
});

export type MailText = keyof typeof ENGLISH_MAIL;

/**
 * A mail text in `locale` (the asking site's, from its request), with its `{name}` placeholders
 * filled: the locale's catalogue, else the fallback locale's, else English. `{brand}` is the
 * catalogue's `site.name`, else the back end's first region's host.
 */
export function mailText(backend: Backend, locale: string, key: MailText, params: Readonly<Record<string, string | number>> = {}): string {
  const data = backend.sites();
  const origin = data.regions.find((r) => r.backend === backend.name)?.origin;
  const brand = catalogueText(data, locale, 'site.name') ?? (origin ? new URL(origin).host : backend.name);
  return fill(catalogueText(data, locale, `mail.${key}`) ?? ENGLISH_MAIL[key], { brand, ...params });
}

/**
 * The address a mailed link opens: on the asking site's region (the `region` header), else on
 * the first region the back end serves; at the site itself when it runs locally (so a link from
 * the outbox leads back to the preview), else at the region's production origin.
 */
export function buildLink(backend: Backend, page: 'verify' | 'reset', token: string, origin?: string, region?: string): string {
  const { regions } = backend.sites();
  const code = region?.trim().toLowerCase() ?? '';
  const site = regions.find((r) => r.code === code) ?? regions.find((r) => r.backend === backend.name);
  let base = site?.origin ?? '';
  try {
    const url = new URL(origin ?? '');
    if ((url.protocol === 'http:' || url.protocol === 'https:') && isLocalHost(url.hostname)) base = url.origin;
  } catch {
    // No origin header, or not a URL: production it is.
  }
  return `${base}${site?.basePath ?? ''}/${PAGES[page]}?token=${encodeURIComponent(token)}`;
}

function composeMail(
  backend: Backend,
  locale: string,
  purpose: MailPurpose,
  code?: string,
  link?: string,
): { subject: string; text: string } {
  const text = (key: MailText, params: Record<string, string | number> = {}) => mailText(backend, locale, key, params);
  const paragraphs = (...keys: (MailText | [MailText, Record<string, string | number>])[]) =>
    [...keys.map((key) => (Array.isArray(key) ? text(...key) : text(key))), text('signature')].join('\n\n');
  switch (purpose) {
    case 'verify':
      return {
        subject: text('verifySubject'),
        text: paragraphs(
          'verifyWelcome',
          ['verifyCode', { code: code! }],
          ['verifyLink', { link: link! }],
          ['verifyReward', { reward: backend.sites().newUserReward }],
          'verifyIgnore',
        ),
      };
    case 'login':
      return {
        subject: text('loginSubject', { code: code! }),
        text: paragraphs('greeting', ['loginCode', { code: code! }], 'loginIgnore'),
      };
    case 'reset':
      return { subject: text('resetSubject'), text: paragraphs('greeting', ['resetLink', { link: link! }], 'resetIgnore') };
  }
}

/** Puts a written mail (a confirmation, with no code or link to pick out) into the outbox, signed in `locale`. */
export function sendNote(backend: Backend, locale: string, to: string, subject: string, paragraphs: readonly string[]): void {
  const text = [...paragraphs, mailText(backend, locale, 'signature')].join('\n\n');
  backend.store.insertMail({ recipient: to, subject, text, code: null, link: null, sent_at: backend.clock.now(), logged_at: Date.now() });
}

/** Puts a mail into the back end's outbox, written in `locale` (the asking site's). */
export function sendMail(
  backend: Backend,
  locale: string,
  to: string,
  purpose: MailPurpose,
  content: { code?: string; link?: string },
): void {
  const { subject, text } = composeMail(backend, locale, purpose, content.code, content.link);
  backend.store.insertMail({
    recipient: to,
    subject,
    text,
    code: content.code ?? null,
    link: content.link ?? null,
    sent_at: backend.clock.now(),
    logged_at: Date.now(),
  });
}

/** The mail of all back ends, newest first, optionally only that to one address. */
export function listOutbox(backends: readonly Backend[], to?: string): OutboxMail[] {
  const rows = backends.flatMap((backend) => backend.store.mail(to).map((row) => ({ backend: backend.name, row })));
  rows.sort((a, b) => b.row.logged_at - a.row.logged_at || b.row.sent_at - a.row.sent_at || b.row.id - a.row.id);
  return rows.map(({ backend, row }) => ({
    id: `${backend}-${row.id}`,
    backend,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    ...(row.code === null ? {} : { code: row.code }),
    ...(row.link === null ? {} : { link: row.link }),
    sentAt: row.sent_at,
  }));
}
