import type { OutboxMail } from './mail.ts';

/**
 * /__emulator/outbox: the mail of the three back ends as one plain page, newest first, to read
 * in the browser while trying the account screens. Everything from a mail is escaped, and the
 * page loads nothing from anywhere (its content security policy says so too).
 */

export const OUTBOX_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 50rem; padding: 1rem; color: #1a1a1a; background: #fff; }
h1 { font-size: 1.5rem; }
form { margin: 0 0 1rem; }
article { border: 1px solid #c8c8c8; border-radius: 6px; padding: 0.75rem 1rem; margin: 0 0 1rem; }
h2 { font-size: 1.1rem; margin: 0 0 0.25rem; }
.meta { color: #555; font-size: 0.9rem; margin: 0; }
.code { font: 600 1.5rem/1.2 ui-monospace, monospace; letter-spacing: 0.2em; margin: 0.5rem 0; }
.link { overflow-wrap: anywhere; margin: 0.5rem 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; background: #f6f6f6; padding: 0.5rem; margin: 0.5rem 0 0; }
`;

function renderMail(mail: OutboxMail): string {
  const parts = [
    `<article>`,
    `<h2>${escapeHtml(mail.subject)}</h2>`,
    `<p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.backend)} back end · <time datetime="${new Date(mail.sentAt).toISOString()}">${new Date(mail.sentAt).toISOString()}</time></p>`,
  ];
  if (mail.code) parts.push(`<p class="code" aria-label="Code">${escapeHtml(mail.code)}</p>`);
  // Only web links become anchors; anything else would be shown, not followed.
  if (mail.link)
    parts.push(
      `<p class="link">${/^https?:\/\//.test(mail.link) ? `<a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a>` : escapeHtml(mail.link)}</p>`,
    );
  parts.push(`<pre>${escapeHtml(mail.text)}</pre>`, `</article>`);
  return parts.join('\n');
}

/** The page for `mails` (already newest first); `to` is the address filter in use, if any. */
export function renderOutboxPage(mails: readonly OutboxMail[], to?: string): string {
  const heading = to ? `Mail to ${escapeHtml(to)}` : 'All mail';
  const count = mails.length === 1 ? '1 mail' : `${mails.length} mails`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Outbox · serve-regions</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Outbox of the emulated back ends</h1>
<p>What the us, eu and cn back ends would have mailed, newest first. Nothing was really sent. ${heading}: ${count}.</p>
<form method="get" action="/__emulator/outbox"><label>Only mail to <input type="email" name="to" value="${escapeHtml(to ?? '')}"></label> <button type="submit">Show</button>${to ? ' <a href="/__emulator/outbox">Show all</a>' : ''}</form>
${mails.length ? mails.map(renderMail).join('\n') : '<p>No mail yet.</p>'}
</main>
</body>
</html>
`;
}
