import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackendsData } from '../../core/backends.ts';
import { loginWithCode, loginWithPassword, registerOrLogin, sendLoginCode, signInOld } from './login.ts';
import { forgotPassword, resetPassword, setPassword } from './passwords.ts';
import { registerWithPassword, sendVerification, verifyAccount } from './registration.ts';
import { fail, ok } from './backend.ts';
import type { Backend, Call, Outcome } from './backend.ts';
import { localeFor } from './messages.ts';
import type { Messages } from './messages.ts';
import { subscribe } from './newsletter.ts';
import { readProfile, updateProfile } from './profile.ts';
import { logout, refreshSession } from './sessions.ts';
import { registerProduct, requestReturn } from './support.ts';

/**
 * The HTTP side of the back ends: `/_api/<backend>/<path>` to an endpoint, the JSON body read
 * within its 16 KiB, and every outcome answered as the envelope `{ code, message, data }` with
 * the message in the language the request asked for (docs/api.md, "Answers").
 */

/** docs/api.md, "Requests": bodies are at most 16 KiB. */
export const MAX_BODY = 16 * 1024;
const API_PREFIX = '/_api';

type Handler = (backend: Backend, call: Call) => Outcome | Promise<Outcome>;
interface Route {
  methods: Partial<Record<'GET' | 'POST', Handler>>;
}

/** The country a back end reports for a visitor it cannot place: that of the first region it serves. */
function defaultCountry(backend: Backend): string {
  return backend.sites().regions.find((region) => region.backend === backend.name)?.iso ?? '';
}

/** A back end with `regionalLogin` (constants.yaml) also logs in by code at /account/user/<name>/login: the cn regional login. */
const REGIONAL_LOGIN: Route = { methods: { POST: registerOrLogin } };

function routeOf(backend: Backend, path: string): Route | undefined {
  if (path === `/account/user/${backend.name}/login`)
    return backend.sites().backends[backend.name]?.regionalLogin ? REGIONAL_LOGIN : undefined;
  return ROUTES.get(path);
}

const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  ['/ssr/timestamp', { methods: { GET: (backend) => ok({ timestamp: backend.clock.now() }) } }],
  // x-country stands in for the geolocation a real back end does on the client address.
  [
    '/ssr/iso',
    {
      methods: {
        GET: (backend, call) =>
          ok({ iso: /^[A-Za-z]{2}$/.test(call.country ?? '') ? call.country!.toUpperCase() : defaultCountry(backend) }),
      },
    },
  ],
  ['/account/user/subscribe/create', { methods: { POST: subscribe } }],
  ['/account/user/login/pwd', { methods: { POST: loginWithPassword } }],
  ['/account/user/sign_in', { methods: { POST: signInOld } }],
  ['/account/user/login/code', { methods: { POST: loginWithCode } }],
  ['/account/user/register_or_login', { methods: { POST: registerOrLogin } }],
  ['/account/user/register/pwd', { methods: { POST: registerWithPassword } }],
  ['/account/user/sign_in/refresh', { methods: { GET: refreshSession } }],
  ['/account/user/logout', { methods: { POST: logout } }],
  ['/account/user/code/send', { methods: { POST: sendLoginCode } }],
  ['/account/user/verify/send', { methods: { POST: sendVerification } }],
  ['/account/user/verify', { methods: { POST: verifyAccount } }],
  ['/account/user/password/forgot', { methods: { POST: forgotPassword } }],
  ['/account/user/password/reset', { methods: { POST: resetPassword } }],
  ['/account/user/password/set', { methods: { POST: setPassword } }],
  ['/account/user/profile/new', { methods: { GET: readProfile, POST: updateProfile } }],
  ['/support/product-registration', { methods: { POST: registerProduct } }],
  ['/support/return', { methods: { POST: requestReturn } }],
]);

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    // Never read as anything but JSON (a browser must not sniff an answer into a script or a page).
    'x-content-type-options': 'nosniff',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export type BodyRead = { ok: true; value: unknown } | { ok: false; tooLarge: boolean };

/**
 * Reads a JSON body of at most `limit` bytes. An oversize body is answered at once: the rest
 * is left to drain without being kept, so neither side waits and the connection stays usable.
 */
export function readJsonBody(req: IncomingMessage, limit: number = MAX_BODY): Promise<BodyRead> {
  if (Number(req.headers['content-length']) > limit) {
    req.resume();
    return Promise.resolve({ ok: false, tooLarge: true });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (result: BodyRead) => {
      req.off('data', onData).off('end', onEnd).off('error', reject);
      resolve(result);
    };
    function onData(chunk: Buffer) {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      settle({ ok: false, tooLarge: true });
      req.resume();
    }
    function onEnd() {
      try {
        settle({ ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      } catch {
        settle({ ok: false, tooLarge: false });
      }
    }
    req.on('data', onData).on('end', onEnd).on('error', reject);
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : undefined;
}

/** `application/json`, with or without parameters (`; charset=utf-8`). */
function isJsonContentType(value: string | undefined): boolean {
  return value !== undefined && /^application\/json\s*(;|$)/i.test(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface ApiContext {
  /** The back end of a name, or undefined when the compiled data has none of that name. */
  backend: (name: string) => Backend | undefined;
  messages: Messages;
  /** The compiled data (backends.json), for the language of the answers. */
  sites: () => BackendsData;
}

/** Answers `/_api/...`; resolves false for any other path. */
export async function handleApiRequest(context: ApiContext, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
  if (pathname !== API_PREFIX && !pathname.startsWith(`${API_PREFIX}/`)) return false;
  const locale = localeFor(header(req, 'accept-language'), context.sites());
  const answer = (outcome: Outcome) => {
    const data = outcome.code === 2000 ? outcome.data : (outcome.data ?? {});
    const params = outcome.code === 2000 ? undefined : outcome.params;
    sendJson(res, 200, { code: outcome.code, message: context.messages.text(locale, outcome.code, params), data });
  };
  try {
    const [name = '', ...rest] = pathname.slice(API_PREFIX.length + 1).split('/');
    const backend = context.backend(name);
    const path = `/${rest.join('/')}`;
    const route = backend && routeOf(backend, path);
    if (!backend || !route) {
      sendJson(res, 404, { code: 404, message: `There is no API at ${pathname}.`, data: {} });
      return true;
    }
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const handle = method === 'GET' || method === 'POST' ? route.methods[method] : undefined;
    if (!handle) {
      const allowed = Object.keys(route.methods).join(', ');
      sendJson(res, 405, { code: 405, message: `Use ${allowed} for ${path}.`, data: {} }, { allow: allowed });
      return true;
    }
    const address = req.socket.remoteAddress ?? '';
    if ((path.startsWith('/account/') || path.startsWith('/support/')) && !backend.limits.admitClient(address)) {
      answer(fail(4290));
      return true;
    }
    let body: Record<string, unknown> = {};
    if (method === 'POST') {
      // Only JSON: a plain HTML form on another site (urlencoded, multipart or text/plain, the
      // content types a browser sends across origins without asking) gets nowhere.
      if (!isJsonContentType(header(req, 'content-type'))) {
        req.resume();
        answer(fail(4000, { detail: 'The body must be JSON (Content-Type: application/json).' }));
        return true;
      }
      const read = await readJsonBody(req);
      if (!read.ok) {
        answer(read.tooLarge ? fail(4016) : fail(4000, { detail: 'The body must be JSON.' }));
        return true;
      }
      if (!isPlainObject(read.value)) {
        answer(fail(4000, { detail: 'The body must be a JSON object.' }));
        return true;
      }
      body = read.value;
    }
    const url = req.url ?? '';
    const call: Call = {
      body,
      query: new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''),
      apptoken: header(req, 'apptoken'),
      reftoken: header(req, 'reftoken'),
      origin: header(req, 'origin'),
      region: header(req, 'region'),
      country: header(req, 'x-country'),
      locale,
      address,
    };
    answer(await handle(backend, call));
  } catch (error) {
    // A client that went away (or was cut off) mid-body is no server error.
    if (req.destroyed || (error as Error).message === 'aborted') return true;
    // One broken request must not take the server down: log it and answer 5000.
    console.error(error);
    if (!res.headersSent) answer(fail(5000));
    else res.destroy();
  }
  return true;
}
