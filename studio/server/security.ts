import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The studio's guard (docs/studio.md, "Safe by default"). The studio writes the content folder,
 * so a page of another site in the same browser must not reach it:
 * - it listens on the loopback address only (index.ts);
 * - every request carries the session's secret: in the address the command prints
 *   (`/?token=`), which sets a SameSite=Strict, HttpOnly cookie and redirects to the bare
 *   address; a cross-site request carries no such cookie;
 * - the Host header names the studio itself (a DNS-rebinding page has its own host name);
 * - a request that changes anything comes from the studio's own origin (Origin header) with a
 *   JSON body (a cross-site form cannot send one without a CORS preflight the studio refuses);
 * - bodies are bounded, and every answer says what the browser may do with it (CSP).
 */

/** A body larger than this is refused (a content file is far smaller). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface Guard {
  readonly secret: string;
  /** The cookie that carries the secret (one per port: two studios on one machine keep theirs). */
  readonly cookie: string;
  /** Checks a request; answers and returns false when it is refused. */
  admit(req: IncomingMessage, res: ServerResponse): boolean;
}

/** Why a request is refused, in words for whoever sees the answer. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function createGuard(port: () => number, secret = randomBytes(24).toString('base64url')): Guard {
  const cookie = () => `studio-${port()}`;
  const guard: Guard = {
    secret,
    get cookie() {
      return cookie();
    },
    admit(req, res) {
      try {
        check(req, secret, cookie(), port());
        return true;
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        refuse(res, error);
        return false;
      }
    },
  };
  return guard;
}

/** The headers of every answer: nothing loads from elsewhere, nothing frames the studio. */
export function setSecurityHeaders(res: ServerResponse, options: { frames?: readonly string[]; nonce?: string } = {}): void {
  const { frames = [], nonce } = options;
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      "script-src 'self'",
      // Style sheets from the studio, and the <style> elements of the page's own code with this
      // answer's nonce (CodeMirror's, EditorView.cspNonce); style attributes are allowed, as
      // the editor places its gutters and cursor with them.
      "style-src 'self'",
      `style-src-elem 'self'${nonce ? ` 'nonce-${nonce}'` : ''}`,
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      // The preview's pages: the live preview listens on the loopback address, on a port of its own.
      `frame-src ${frames.length > 0 ? frames.join(' ') : 'http://127.0.0.1:*'}`,
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Cache-Control', 'no-store');
}

function check(req: IncomingMessage, secret: string, cookieName: string, port: number): void {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  const host = req.headers.host ?? '';
  if (!hosts.includes(host))
    throw new Refusal(403, `Refused: this studio answers at http://127.0.0.1:${port}/ only, not at host '${host.slice(0, 100)}'.`);
  const url = new URL(req.url ?? '/', `http://${host}`);
  const token = url.searchParams.get('token');
  if (req.method === 'GET' && url.pathname === '/' && token !== null) {
    if (!same(token, secret))
      throw new Refusal(
        403,
        'Refused: this address has the secret of another studio session. Open the address build-region studio printed last.',
      );
    return;
  }
  if (!same(readCookie(req, cookieName) ?? '', secret))
    throw new Refusal(
      403,
      'Refused: this studio session needs its secret. Open the address build-region studio printed (it ends in ?token=...).',
    );
  if (req.method === 'GET' || req.method === 'HEAD') return;
  const origin = req.headers.origin;
  if (origin === undefined || !hosts.some((h) => origin === `http://${h}`))
    throw new Refusal(
      403,
      `Refused: a change must come from the studio's own page, not from '${String(origin ?? 'no origin').slice(0, 100)}'.`,
    );
  if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
    throw new Refusal(415, 'Refused: the studio takes JSON bodies only (Content-Type: application/json).');
}

/** Compares in constant time (a secret is never given away one character at a time). */
function same(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The cookie set when the printed address is opened: the secret, for this host and port only. */
export function sessionCookie(guard: Guard): string {
  return `${guard.cookie}=${guard.secret}; HttpOnly; SameSite=Strict; Path=/`;
}

export function refuse(res: ServerResponse, refusal: Refusal): void {
  if (res.headersSent) return void res.destroy();
  setSecurityHeaders(res);
  res.statusCode = refusal.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ error: refusal.message }));
}

/** The request's body as JSON, at most MAX_BODY_BYTES; a Refusal (413, 400) otherwise. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new Refusal(413, `Refused: a body of at most ${MAX_BODY_BYTES} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Refusal(413, `Refused: a body of at most ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refusal(400, 'Refused: the body is not JSON.');
  }
}
