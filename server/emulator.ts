import { isLocalHost } from '../core/hosts.ts';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackendsData } from '../core/backends.ts';
import type { Backend, BackendName } from './backends/backend.ts';
import { handleApiRequest, readJsonBody, sendJson } from './backends/http.ts';
import { createBackend } from './backends/open.ts';
import { createEmulatedClock } from './backends/clock.ts';
import type { EmulatedClock } from './backends/clock.ts';
import type { LimitOptions } from './backends/limits.ts';
import { listOutbox } from './backends/mail.ts';
import { createMessages } from './backends/messages.ts';
import { normalizeEmail } from './backends/fields.ts';
import { OUTBOX_PAGE_POLICY, renderOutboxPage } from './backends/outbox-page.ts';

/**
 * The emulated back ends of serve-regions (docs/api.md; docs/decisions.md, "Back ends"): on a
 * local host the sites call their API on their own origin, at `/_api/<back end>` (`/_api/us`,
 * `/_api/eu`, `/_api/cn` with the default content), and this answers. Which back ends there
 * are, and what they know of the sites, is the build's backends.json. Every answer has the back ends' envelope `{ code, message, data }`; code
 * 2000 is success.
 *
 * The emulator has its own clock, shared by the three back ends, so time-gated pages, stages,
 * prices and token expiry can be tried at any instant: it starts at `--now` (or the real time)
 * and runs on from there. PUT /__emulator/clock with `{ "now": "<ISO instant>" }` moves it.
 * The mail the back ends would send is at /__emulator/outbox.
 */

const SUCCESS = 2000;

/** The emulator's own controls answer only to a local Host header, so a DNS-rebinding page cannot read the outbox. */
function isLocalRequest(req: IncomingMessage): boolean {
  const host = (req.headers.host ?? '').toLowerCase();
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':', 1)[0]!;
  return isLocalHost(hostname);
}

export interface EmulatorOptions {
  /**
   * What the build compiled for the back ends (backends.json): which back ends there are, the
   * regions they serve, their texts and the reward. A function is read on every request (the
   * live preview's content changes as it runs).
   */
  sites: BackendsData | (() => BackendsData);
  /** The clock of all back ends; default: one starting at the real time. */
  clock?: EmulatedClock;
  /** Folder of the back ends' SQLite files (`<name>.sqlite`); default: memory, gone on close. */
  dataDir?: string;
  /** Overrides of the attempt, resend and per-client limits of docs/api.md, "Limits" (tests use small ones). */
  limits?: Partial<LimitOptions>;
  /** scrypt cost N of new password hashes, a power of two; default 16384. Tests lower it to stay fast. */
  passwordCost?: number;
}

export interface Emulator {
  /** Answers the request when it is an API or emulator path; resolves false when it is not. */
  handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
  clock: EmulatedClock;
  /** The back end of a name (its database is opened on first use), or undefined when the data has none of that name. */
  backend(name: BackendName): Backend | undefined;
  /** Closes the databases. */
  close(): void;
}

/**
 * GET: the clock's instant and the regions of the build (code and base path, as backends.json
 * lists them), so the preview clock finds a page's region as the build does, for any region.
 */
async function handleClock(clock: EmulatedClock, sites: () => BackendsData, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET' || req.method === 'HEAD') {
    const regions = sites().regions.map(({ code, basePath }) => ({ code, basePath }));
    return sendJson(res, 200, { code: SUCCESS, message: 'success', data: { now: new Date(clock.now()).toISOString(), regions } });
  }
  if (req.method !== 'PUT') return sendJson(res, 405, { code: 405, message: 'Use GET or PUT.' }, { allow: 'GET, PUT' });
  const read = await readJsonBody(req);
  if (!read.ok) return sendJson(res, 400, { code: 400, message: 'The body must be JSON: { "now": "2026-11-27T00:00:00-05:00" }.' });
  const body = read.value;
  const text = body && typeof body === 'object' ? (body as { now?: unknown }).now : undefined;
  const instant = typeof text === 'string' && /(Z|[+-]\d{2}:\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(instant)) return sendJson(res, 400, { code: 400, message: '"now" must be an ISO 8601 instant with an offset.' });
  clock.set(instant);
  sendJson(res, 200, { code: SUCCESS, message: 'success', data: { now: new Date(instant).toISOString() } });
}

function handleOutbox(backends: readonly Backend[], req: IncomingMessage, res: ServerResponse, format: 'html' | 'json'): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { code: 405, message: 'Use GET.' }, { allow: 'GET' });
  const url = req.url ?? '';
  const to = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '').get('to')?.trim() || undefined;
  const mails = listOutbox(backends, to === undefined ? undefined : normalizeEmail(to));
  if (format === 'json') return sendJson(res, 200, { code: SUCCESS, message: 'success', data: mails });
  const page = renderOutboxPage(mails, to);
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': OUTBOX_PAGE_POLICY,
    'x-content-type-options': 'nosniff',
    'content-length': String(Buffer.byteLength(page)),
  });
  res.end(page);
}

/** The fake chat provider that local hosts load instead of the real one (docs/runtime.md, "Chat"). */
const CHAT_PROVIDER = readFileSync(new URL('./assets/chat-provider.js', import.meta.url));

/** The preview clock's toolbar, which serve-regions adds to the pages it serves (docs/runtime.md, "Server time"). */
const PREVIEW_CLOCK = readFileSync(new URL('./assets/preview-clock.js', import.meta.url));

function sendScript(script: Buffer, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { code: 405, message: 'Use GET.' }, { allow: 'GET' });
  res.writeHead(200, {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    'content-length': String(script.length),
  });
  res.end(req.method === 'HEAD' ? undefined : script);
}

export function createEmulator(options: EmulatorOptions): Emulator {
  const clock = options.clock ?? createEmulatedClock();
  const given = options.sites;
  const sites = typeof given === 'function' ? given : () => given;
  const opened = new Map<BackendName, Backend>();
  const backend = (name: BackendName): Backend | undefined => {
    if (!Object.hasOwn(sites().backends, name)) return undefined;
    let found = opened.get(name);
    if (!found) {
      found = createBackend(name, { clock, sites, dataDir: options.dataDir, limits: options.limits, passwordCost: options.passwordCost });
      opened.set(name, found);
    }
    return found;
  };
  // Every back end of a data folder from the start: a broken data folder fails now, not on a
  // visitor's request. Kept in memory (the live preview's), each opens on its first request.
  if (options.dataDir !== undefined)
    try {
      for (const name of Object.keys(sites().backends).sort()) backend(name);
    } catch (error) {
      for (const open of opened.values()) open.store.close();
      throw error;
    }
  const messages = createMessages(sites);
  const all = () => [...opened.values()];
  return {
    clock,
    backend,
    async handle(req, res, pathname) {
      if (await handleApiRequest({ backend, messages, sites }, req, res, pathname)) return true;
      if (!pathname.startsWith('/__emulator/') || !isLocalRequest(req)) return false;
      if (pathname === '/__emulator/clock') return (await handleClock(clock, sites, req, res), true);
      if (pathname === '/__emulator/outbox') return (handleOutbox(all(), req, res, 'html'), true);
      if (pathname === '/__emulator/outbox.json') return (handleOutbox(all(), req, res, 'json'), true);
      if (pathname === '/__emulator/chat.js') return (sendScript(CHAT_PROVIDER, req, res), true);
      if (pathname === '/__emulator/preview-clock.js') return (sendScript(PREVIEW_CLOCK, req, res), true);
      return false;
    },
    close() {
      for (const open of opened.values()) open.store.close();
      opened.clear();
    },
  };
}
