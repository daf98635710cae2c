import { isLocalHost } from '../../core/hosts.ts';
import type { Backend, BackendName } from './backend.ts';

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

const BRAND = 'Axlebot Robotics';
const PAGES: Readonly<Record<'verify' | 'reset', string>> = Object.freeze({ verify: 'verification-success', reset: 'reset-password' });

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

function composeMail(purpose: MailPurpose, reward: number, code?: string, link?: string): { subject: string; text: string } {
  const signature = `Happy building,\nThe ${BRAND} team`;
  switch (purpose) {
    case 'verify':
      return {
        subject: `Confirm your email for ${BRAND}`,
        text: [
          `Welcome to ${BRAND}!`,
          `Please confirm that this is your email address. Enter this code on the sign-up page (it works for 10 minutes):\n\n    ${code}`,
          `Or open this link (it works for 24 hours):\n${link}`,
          `Your new account comes with ${reward} credits to spend in our store.`,
          `If you did not create an account, you can ignore this email.`,
          signature,
        ].join('\n\n'),
      };
    case 'login':
      return {
        subject: `Your ${BRAND} login code: ${code}`,
        text: [
          `Hi,`,
          `Here is your login code. It works once, for 10 minutes:\n\n    ${code}`,
          `If you did not ask for it, someone may have typed your email by mistake; you can ignore this email.`,
          signature,
        ].join('\n\n'),
      };
    case 'reset':
      return {
        subject: `Reset your ${BRAND} password`,
        text: [
          `Hi,`,
          `We got a request to reset the password of your ${BRAND} account. Choose a new one here (the link works once, for 24 hours):\n${link}`,
          `If you did not ask for this, you can ignore this email; your password stays as it is.`,
          signature,
        ].join('\n\n'),
      };
  }
}

/** Puts a written mail (a confirmation, with no code or link to pick out) into the outbox. */
export function sendNote(backend: Backend, to: string, subject: string, paragraphs: readonly string[]): void {
  const text = [...paragraphs, `Happy building,\nThe ${BRAND} team`].join('\n\n');
  backend.store.insertMail({ recipient: to, subject, text, code: null, link: null, sent_at: backend.clock.now(), logged_at: Date.now() });
}

/** Puts a mail into the back end's outbox. */
export function sendMail(backend: Backend, to: string, purpose: MailPurpose, content: { code?: string; link?: string }): void {
  const { subject, text } = composeMail(purpose, backend.sites().newUserReward, content.code, content.link);
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
