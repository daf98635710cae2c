import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The emulated back ends of serve-regions (DECISIONS.md, "Back ends"): on a local host the
 * sites call their API on their own origin, and this answers. Every answer has the back ends'
 * envelope `{ code, message, data }`; code 2000 is success.
 *
 * The emulator has its own clock, so time-gated pages, stages and prices can be tried at any
 * instant: it starts at `--now` (or the real time) and runs on from there. PUT
 * /__emulator/clock with `{ "now": "<ISO instant>" }` moves it.
 */
export interface EmulatedClock {
  now(): number;
  set(instant: number): void;
}

export function createEmulatedClock(start?: number, monotonic: () => number = () => performance.now()): EmulatedClock {
  let base = start ?? Date.now();
  let at = monotonic();
  return {
    now: () => Math.round(base + (monotonic() - at)),
    set(instant) {
      base = instant;
      at = monotonic();
    },
  };
}

const SUCCESS = 2000;
const MAX_BODY = 64 * 1024;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
}

export interface Emulator {
  /** Answers the request when it is an API path; resolves false when it is not. */
  handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
  clock: EmulatedClock;
}

export function createEmulator(clock: EmulatedClock = createEmulatedClock()): Emulator {
  return {
    clock,
    async handle(req, res, pathname) {
      if (pathname === '/ssr/timestamp') {
        if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { code: 405, message: 'Use GET.' }), true;
        send(res, 200, { code: SUCCESS, message: 'success', data: { timestamp: clock.now() } });
        return true;
      }
      if (pathname === '/__emulator/clock') {
        if (req.method === 'GET') return send(res, 200, { code: SUCCESS, message: 'success', data: { now: new Date(clock.now()).toISOString() } }), true;
        if (req.method !== 'PUT') return send(res, 405, { code: 405, message: 'Use GET or PUT.' }), true;
        let body: unknown;
        try {
          body = await readJson(req);
        } catch {
          return send(res, 400, { code: 400, message: 'The body must be JSON: { "now": "2026-11-27T00:00:00-05:00" }.' }), true;
        }
        const text = body && typeof body === 'object' ? (body as { now?: unknown }).now : undefined;
        const instant = typeof text === 'string' && /(Z|[+-]\d{2}:\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
        if (Number.isNaN(instant)) return send(res, 400, { code: 400, message: '"now" must be an ISO 8601 instant with an offset.' }), true;
        clock.set(instant);
        send(res, 200, { code: SUCCESS, message: 'success', data: { now: new Date(instant).toISOString() } });
        return true;
      }
      return false;
    },
  };
}
