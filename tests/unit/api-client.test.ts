import type { $Fetch } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { apiBase } from '../../runtime/api.ts';
import { createApiClient, loginPath } from '../../runtime/api-client.ts';
import { ApiError, ApiTransportError } from '../../runtime/api-error.ts';
import type { SessionTokens } from '../../runtime/api-client.ts';
import type { SiteData } from '../../core/model.ts';
import { createSession } from '../../runtime/session.ts';
import { safeFromPath } from '../../core/validation.ts';
import { region as us } from '../../sites/us/region.ts';
import { region as cn } from '../../sites/cn/region.ts';
import { region as fr } from '../../sites/fr/region.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  timeout?: number;
}

/** A back end scripted per path: each answer is a body, or an Error to throw (transport failure). */
function harness(options: {
  site?: SiteData;
  tokens?: SessionTokens;
  answers: Record<string, (sent: Sent) => unknown>;
  realDelays?: boolean;
  storedTokens?: () => SessionTokens;
}) {
  const sent: Sent[] = [];
  const toasts: string[] = [];
  const visits: string[] = [];
  const replaced: boolean[] = [];
  let exclusive = 0;
  const delays: number[] = [];
  let tokens: SessionTokens = { ...options.tokens };
  let cleared = 0;
  const fetch = (async (
    url: string,
    init: { method: string; headers: Record<string, string>; query?: Record<string, string>; body?: unknown; timeout?: number },
  ) => {
    const entry: Sent = { url, method: init.method, headers: init.headers, query: init.query, body: init.body, timeout: init.timeout };
    sent.push(entry);
    await Promise.resolve();
    const path = url.replace(/^.*\/_api\/\w+/, '');
    const answer = options.answers[path];
    if (!answer) throw new Error(`unexpected call ${path}`);
    const result = await answer(entry);
    if (result instanceof Error) throw result;
    return result;
  }) as unknown as $Fetch;
  const client = createApiClient({
    site: options.site ?? us,
    base: apiBase(options.site ?? us, 'localhost'),
    tokens: () => tokens,
    refreshed: (next) => {
      tokens = { ...tokens, ...next };
    },
    clearSession: () => {
      cleared += 1;
      tokens = {};
    },
    toast: (text) => toasts.push(text),
    message: (key) =>
      ({
        'errors.loginExpired': 'Login expired, please log in again.',
        'errors.server': 'Server error, please try again later.',
        'errors.code4010': 'Incorrect email or password. Please try again.',
      })[key] ?? '',
    go: (path, how) => {
      visits.push(path);
      replaced.push(how?.replace === true);
    },
    ...(options.storedTokens && { storedTokens: options.storedTokens }),
    exclusive: (work) => {
      exclusive += 1;
      return work();
    },
    currentPath: () => '/us/profile?tab=1',
    delay: (ms) => {
      delays.push(ms);
      return options.realDelays ? new Promise((resolve) => setTimeout(resolve, 20)) : Promise.resolve();
    },
    fetch,
  });
  return { client, sent, toasts, visits, replaced, delays, tokens: () => tokens, cleared: () => cleared, exclusive: () => exclusive };
}

const ok = (data: unknown) => () => ({ code: 2000, message: 'success', data });
const LOGGED_IN = { user_id: 'u1', apptoken: 'old-app', reftoken: 'ref' };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the API client', () => {
  it('resolves to the data of a 2000 answer and sends the tokens, region and language', async () => {
    const h = harness({ tokens: LOGGED_IN, answers: { '/account/user/profile/new': ok({ email: 'ada@example.com' }) } });
    await expect(h.client.call('/account/user/profile/new')).resolves.toEqual({ email: 'ada@example.com' });
    expect(h.sent[0]).toMatchObject({
      url: '/_api/us/account/user/profile/new',
      method: 'GET',
      headers: { apptoken: 'old-app', reftoken: 'ref', region: 'us', 'Accept-Language': 'en' },
      timeout: 60000,
    });
    expect(h.toasts).toEqual([]);
  });

  it('asks for the region code as language outside English, none on /ssr/iso, and 10 s for the server time', async () => {
    const h = harness({ site: fr, answers: { '/ssr/iso': ok({ iso: 'FR' }), '/ssr/timestamp': ok({ timestamp: 1 }) } });
    await h.client.call('/ssr/iso');
    await h.client.call('/ssr/timestamp');
    expect(h.sent[0]!.url).toBe('/_api/eu/ssr/iso');
    expect(h.sent[0]!.headers).toEqual({ region: 'fr' });
    expect(h.sent[1]!.headers['Accept-Language']).toBe('fr');
    expect(h.sent[1]!.timeout).toBe(10000);
  });

  it('never sends anything to another origin', async () => {
    const h = harness({ tokens: LOGGED_IN, answers: {} });
    await expect(h.client.call('//evil.example.net/steal')).rejects.toThrow(TypeError);
    await expect(h.client.call('https://evil.example.net/steal')).rejects.toThrow(TypeError);
    expect(h.sent).toEqual([]);
  });

  it('shows the server message of another code as an error toast and rejects with the body', async () => {
    const h = harness({
      answers: { '/account/user/profile/new': () => ({ code: 4290, message: 'Too many requests. Please wait a moment.', data: null }) },
    });
    const failure = h.client.call('/account/user/profile/new');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 4290 });
    expect(h.toasts).toEqual(['Too many requests. Please wait a moment.']);
  });

  it("falls back to the catalogue's text for the code, then to the generic message", async () => {
    const h = harness({ answers: { '/a': () => ({ code: 4010 }), '/b': () => ({ code: 4999, message: '' }) } });
    await expect(h.client.call('/a')).rejects.toMatchObject({ code: 4010 });
    await expect(h.client.call('/b')).rejects.toMatchObject({ code: 4999 });
    expect(h.toasts).toEqual(['Incorrect email or password. Please try again.', 'Server error, please try again later.']);
  });

  it('shows no toast when the call suppresses it', async () => {
    const h = harness({
      answers: { '/account/user/login/pwd': () => ({ code: 4010, message: 'Incorrect email or password. Please try again.' }) },
    });
    await expect(
      h.client.call('/account/user/login/pwd', { body: { email: 'a@example.com', password: 'x' }, toast: false }),
    ).rejects.toMatchObject({
      code: 4010,
    });
    expect(h.sent[0]!.method).toBe('POST');
    expect(h.toasts).toEqual([]);
  });

  it('rejects a transport failure without a toast', async () => {
    const h = harness({ answers: { '/down': () => new Error('ECONNREFUSED'), '/html': () => '<!doctype html>' } });
    await expect(h.client.call('/down')).rejects.toBeInstanceOf(ApiTransportError);
    await expect(h.client.call('/html')).rejects.toBeInstanceOf(ApiTransportError);
    expect(h.toasts).toEqual([]);
  });

  it('4003 without tokens: the login-expired toast, then the login with fromPath 300 ms later', async () => {
    const h = harness({ tokens: { user_id: 'u1', apptoken: 'app' }, answers: { '/account/user/profile/new': () => ({ code: 4003 }) } });
    await expect(h.client.call('/account/user/profile/new')).rejects.toMatchObject({ code: 4003 });
    expect(h.toasts).toEqual(['Login expired, please log in again.']);
    expect(h.sent.map((s) => s.url)).toEqual(['/_api/us/account/user/profile/new']); // no refresh without reftoken
    await flush();
    expect(h.delays).toEqual([300]);
    expect(h.visits).toEqual(['/us/login?fromPath=%2Fus%2Fprofile%3Ftab%3D1']);
  });

  it("4003 without tokens shows the server's own message when it has one", async () => {
    const h = harness({ answers: { '/x': () => ({ code: 4003, message: 'Connexion expirée, veuillez vous reconnecter.' }) } });
    await expect(h.client.call('/x')).rejects.toMatchObject({ code: 4003 });
    expect(h.toasts).toEqual(['Connexion expirée, veuillez vous reconnecter.']);
  });

  it('4003 with all three tokens: refreshes once, stores the new apptoken and replays the call', async () => {
    const h = harness({
      tokens: LOGGED_IN,
      answers: {
        '/account/user/profile/new': (sent) =>
          sent.headers.apptoken === 'new-app' ? { code: 2000, data: { email: 'ada@example.com' } } : { code: 4003 },
        '/account/user/sign_in/refresh': ok({ user_id: 'u1', apptoken: 'new-app' }),
      },
    });
    await expect(h.client.call('/account/user/profile/new')).resolves.toEqual({ email: 'ada@example.com' });
    const refresh = h.sent.find((s) => s.url.endsWith('/refresh'))!;
    expect(refresh.query).toEqual({ user_id: 'u1' });
    expect(refresh.headers).toMatchObject({ apptoken: 'old-app', reftoken: 'ref' });
    expect(h.tokens()).toEqual({ user_id: 'u1', apptoken: 'new-app', reftoken: 'ref' });
    expect(h.toasts).toEqual([]);
    expect(h.visits).toEqual([]);
  });

  it('concurrent 4003s share one refresh, and every call is replayed', async () => {
    const h = harness({
      tokens: LOGGED_IN,
      answers: {
        '/a': (sent) => (sent.headers.apptoken === 'new-app' ? { code: 2000, data: 'a' } : { code: 4003 }),
        '/b': (sent) => (sent.headers.apptoken === 'new-app' ? { code: 2000, data: 'b' } : { code: 4003 }),
        '/c': (sent) => (sent.headers.apptoken === 'new-app' ? { code: 2000, data: 'c' } : { code: 4003 }),
        '/account/user/sign_in/refresh': ok({ user_id: 'u1', apptoken: 'new-app' }),
      },
    });
    await expect(Promise.all([h.client.call('/a'), h.client.call('/b'), h.client.call('/c')])).resolves.toEqual(['a', 'b', 'c']);
    expect(h.sent.filter((s) => s.url.endsWith('/refresh'))).toHaveLength(1);
    expect(h.sent).toHaveLength(7);
  });

  it('a failed refresh clears the session and goes to the region login', async () => {
    const h = harness({
      site: cn,
      tokens: LOGGED_IN,
      answers: {
        '/a': () => ({ code: 4003 }),
        '/b': () => ({ code: 4003 }),
        '/account/user/sign_in/refresh': () => ({ code: 4003, message: '登录已过期，请重新登录。' }),
      },
    });
    const results = await Promise.allSettled([h.client.call('/a'), h.client.call('/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(h.sent.filter((s) => s.url.endsWith('/refresh'))).toHaveLength(1);
    expect(h.cleared()).toBe(1);
    expect(h.tokens()).toEqual({});
    // Back to where the session ended afterwards, and the login replaces the page: Back does not return to it.
    expect(h.visits).toEqual(['/login?fromPath=%2Fus%2Fprofile%3Ftab%3D1']);
    expect(h.replaced).toEqual([true]);
    expect(h.toasts).toEqual(['登录已过期，请重新登录。']);
  });

  it('one expired session gives one toast and one navigation, however far apart its answers come', async () => {
    const paths = Array.from({ length: 6 }, (_, i) => `/late${i}`);
    const h = harness({
      tokens: LOGGED_IN,
      realDelays: true,
      answers: {
        // Six calls sent together, answered 100 ms apart: longer than the 300 ms before the login opens, all told.
        ...Object.fromEntries(paths.map((p, i) => [p, () => new Promise((resolve) => setTimeout(() => resolve({ code: 4003 }), i * 100))])),
        '/account/user/sign_in/refresh': () => ({ code: 4003 }),
      },
    });
    const results = await Promise.allSettled(paths.map((p) => h.client.call(p)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(h.toasts).toEqual(['Login expired, please log in again.']);
    expect(h.visits).toEqual(['/us/login?fromPath=%2Fus%2Fprofile%3Ftab%3D1']);
    expect(h.sent.filter((s) => s.url.endsWith('/refresh'))).toHaveLength(1);
  });

  it('stores the new refresh token a refresh answers (each is single use), one refresh at a time across tabs', async () => {
    const h = harness({
      tokens: LOGGED_IN,
      answers: {
        '/a': (sent) => (sent.headers.apptoken === 'new-app' ? { code: 2000, data: 'a' } : { code: 4003 }),
        '/account/user/sign_in/refresh': ok({ user_id: 'u1', apptoken: 'new-app', reftoken: 'new-ref' }),
      },
    });
    await expect(h.client.call('/a')).resolves.toBe('a');
    expect(h.tokens()).toEqual({ user_id: 'u1', apptoken: 'new-app', reftoken: 'new-ref' });
    expect(h.exclusive()).toBe(1);
  });

  it('uses the tokens another tab renewed instead of spending the old refresh token again', async () => {
    const h = harness({
      tokens: LOGGED_IN,
      storedTokens: () => ({ user_id: 'u1', apptoken: 'tab-app', reftoken: 'tab-ref' }),
      answers: { '/a': (sent) => (sent.headers.apptoken === 'tab-app' ? { code: 2000, data: 'a' } : { code: 4003 }) },
    });
    await expect(h.client.call('/a')).resolves.toBe('a');
    expect(h.sent.map((s) => s.url)).toEqual(['/_api/us/a', '/_api/us/a']);
    expect(h.tokens()).toEqual({ user_id: 'u1', apptoken: 'tab-app', reftoken: 'tab-ref' });
  });

  it('a storm of calls refused again after the refresh gives one toast and one navigation, and ends the session', async () => {
    const paths = Array.from({ length: 20 }, (_, i) => `/c${i}`);
    const h = harness({
      tokens: LOGGED_IN,
      realDelays: true,
      answers: {
        ...Object.fromEntries(paths.map((p) => [p, () => ({ code: 4003 })])),
        '/account/user/sign_in/refresh': ok({ user_id: 'u1', apptoken: 'new-app' }),
      },
    });
    const results = await Promise.allSettled(paths.map((p) => h.client.call(p)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(h.sent.filter((s) => s.url.endsWith('/refresh'))).toHaveLength(1);
    expect(h.toasts).toEqual(['Login expired, please log in again.']);
    expect(h.visits).toEqual(['/us/login?fromPath=%2Fus%2Fprofile%3Ftab%3D1']);
    expect(h.tokens()).toEqual({});
  });

  it.each([
    ['a 5000', () => ({ code: 5000, message: 'Server error, please try again later.' })],
    ['a 4290', () => ({ code: 4290, message: 'Too many requests.' })],
    ['no answer', () => new Error('network down')],
  ])('a refresh that fails with %s keeps the session and rejects the calls, with no navigation', async (_, answer) => {
    const h = harness({
      tokens: LOGGED_IN,
      answers: { '/a': () => ({ code: 4003 }), '/b': () => ({ code: 4003 }), '/account/user/sign_in/refresh': answer },
    });
    const results = await Promise.allSettled([h.client.call('/a'), h.client.call('/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await flush();
    expect(h.sent.filter((s) => s.url.endsWith('/refresh'))).toHaveLength(1);
    expect(h.cleared()).toBe(0);
    expect(h.tokens()).toEqual(LOGGED_IN);
    expect(h.visits).toEqual([]);
    expect(h.toasts.length).toBeLessThanOrEqual(1);
  });

  it('a replayed call that is refused again is not refreshed twice', async () => {
    const h = harness({
      tokens: LOGGED_IN,
      answers: { '/a': () => ({ code: 4003 }), '/account/user/sign_in/refresh': ok({ user_id: 'u1', apptoken: 'new-app' }) },
    });
    await expect(h.client.call('/a')).rejects.toMatchObject({ code: 4003 });
    expect(h.sent.filter((s) => s.url.endsWith('/refresh'))).toHaveLength(1);
    await flush();
    expect(h.visits).toEqual(['/us/login?fromPath=%2Fus%2Fprofile%3Ftab%3D1']);
  });
});

describe('API bases', () => {
  it('use the emulator on local hosts, pre-production on the listed hosts, production elsewhere', () => {
    expect(apiBase(us, 'localhost')).toBe('/_api/us');
    expect(apiBase(fr, '127.0.0.1')).toBe('/_api/eu');
    expect(apiBase(cn, 'localhost')).toBe('/_api/cn');
    expect(apiBase(us, us.hosts.preproduction[0]!)).toBe(us.api.preproduction);
    expect(apiBase(us, us.hosts.production)).toBe(us.api.production);
    expect(loginPath(cn, '/faq')).toBe('/login?fromPath=%2Ffaq');
  });
});

describe('fromPath', () => {
  it('is honoured only for a path on the same site', () => {
    expect(safeFromPath('/us/profile?tab=1', '/us')).toBe('/us/profile?tab=1');
    expect(safeFromPath('/us//faq/', '/us')).toBe('/us/faq');
    for (const bad of [
      'https://evil.example.net/',
      '//evil.example.net/x',
      '/\\evil.example.net',
      'javascript:alert(1)',
      '',
      undefined,
      'us/faq',
      '/\u0000x',
    ]) {
      expect(safeFromPath(bad, '/us')).toBe('/us');
    }
  });
});

describe('the session', () => {
  it('keeps the four values in storage, replaces two on refresh and clears all four on logout', () => {
    const storage = new Map<string, string>();
    const backing = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    };
    const session = createSession(backing);
    session.signIn({ user_id: 'u1', apptoken: 'a1', reftoken: 'r1' });
    session.setProfile({ user_id: 'u1', email: 'ada@example.com' } as never);
    session.refreshed({ user_id: 'u1', apptoken: 'a2' });
    expect(new Set(storage.keys())).toEqual(new Set(['apptoken', 'reftoken', 'user_id', 'userInfo']));
    const again = createSession(backing);
    again.restore();
    expect(again.store.getState()).toMatchObject({
      user_id: 'u1',
      apptoken: 'a2',
      reftoken: 'r1',
      userInfo: { email: 'ada@example.com' },
      ready: true,
    });
    again.clear();
    expect(storage.size).toBe(0);
    expect(again.store.getState()).toEqual({ ready: true });
  });
});
