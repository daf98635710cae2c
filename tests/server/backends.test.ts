import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer } from '../../server/serve.ts';
import type { RunningServer, ServeOptions } from '../../server/serve.ts';

/**
 * The three emulated back ends of docs/api.md, driven through the real HTTP server as the
 * sites' API client drives them. Each test uses its own email addresses and only ever moves
 * the shared clock forward, so the tests do not depend on each other's order.
 */

const START = Date.parse('2026-12-08T00:00:00-05:00');
/** scrypt's cheapest sensible cost: the rules are the same, the hashes just are not slow. */
const FAST = { passwordCost: 1024, limits: { clientRequests: 10_000 } };
const PASSWORD = 'robots4ever';
const EN_US = (
  parse(readFileSync(new URL('../../content/messages/en-US.yaml', import.meta.url), 'utf8')) as {
    messages: { errors: Record<string, string> };
  }
).messages.errors;

let work: string;
let server: RunningServer;
const started: RunningServer[] = [];

async function start(options: Partial<ServeOptions> = {}): Promise<RunningServer> {
  const running = await startServer({ dir: work, port: 0, host: '127.0.0.1', now: START, emulator: FAST, ...options });
  started.push(running);
  return running;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-backends-'));
  await writeFile(path.join(work, 'index.html'), '<!doctype html><title>cn</title>');
  // What the back ends know of the sites: the real content's, as its build wrote it.
  await copyFile(path.join(inject('distDir'), 'backends.json'), path.join(work, 'backends.json'));
  server = await start({ dataDir: path.join(work, 'data') });
});
afterAll(async () => {
  for (const running of started) await running.close().catch(() => undefined);
  await rm(work, { recursive: true, force: true });
});

// A back end's JSON answer, of whatever shape the test asserts on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
interface Answer<T = Record<string, any>> {
  status: number;
  headers: Headers;
  code: number;
  message: string;
  data: T;
}

interface CallOptions {
  body?: unknown;
  /** A body sent exactly as given, not as JSON. */
  raw?: string;
  method?: string;
  headers?: Record<string, string>;
  on?: RunningServer;
  /** The client's address (a loopback address: 127.0.0.2, ...); default 127.0.0.1. */
  from?: string;
}

/** A request sent from a given local address (fetch cannot choose one). */
function requestFrom(
  url: URL,
  from: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method, headers: init.headers, localAddress: from }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: new Headers(
            Object.entries(res.headers).flatMap(([name, value]) =>
              value === undefined ? [] : [[name, String(value)] as [string, string]],
            ),
          ),
          text,
        }),
      );
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Calls a back end: `api('us', '/account/user/login/pwd', { body })`. POST when there is a body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function api<T = Record<string, any>>(backend: string, pathname: string, options: CallOptions = {}): Promise<Answer<T>> {
  const on = options.on ?? server;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const init = {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      origin: new URL(on.url).origin,
      region: 'us',
      ...options.headers,
    },
    body,
  };
  const url = new URL(`/_api/${backend}${pathname}`, on.url);
  if (options.from) {
    const response = await requestFrom(url, options.from, init);
    return {
      status: response.status,
      headers: response.headers,
      ...(JSON.parse(response.text) as { code: number; message: string; data: T }),
    };
  }
  const response = await fetch(url, init);
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  return { status: response.status, headers: response.headers, ...envelope };
}

interface Mail {
  id: string;
  backend: string;
  to: string;
  subject: string;
  text: string;
  code?: string;
  link?: string;
  sentAt: number;
}

async function outbox(to: string, on = server): Promise<Mail[]> {
  const response = await fetch(new URL(`/__emulator/outbox.json?to=${encodeURIComponent(to)}`, on.url));
  return ((await response.json()) as { data: Mail[] }).data;
}

async function latestMail(to: string, on = server): Promise<Mail> {
  const [mail] = await outbox(to, on);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function now(on = server): Promise<number> {
  const { data } = (await (await fetch(new URL('/__emulator/clock', on.url))).json()) as { data: { now: string } };
  return Date.parse(data.now);
}

/** Moves the shared clock of the three back ends forward by `ms`. */
async function advance(ms: number, on = server): Promise<void> {
  const response = await fetch(new URL('/__emulator/clock', on.url), {
    method: 'PUT',
    body: JSON.stringify({ now: new Date((await now(on)) + ms).toISOString() }),
  });
  expect(response.status).toBe(200);
}

let serial = 0;
const newEmail = (label: string) => `${label}-${++serial}@example.com`;

/**
 * Registers with a password, and (unless `verify` is false) verifies the email by its mailed
 * code in the registration's own session, which keeps the password.
 */
async function register(backend: string, email: string, password = PASSWORD, on = server, verify = true) {
  const answer = await api<{ user_id: string; apptoken: string; reftoken: string }>(backend, '/account/user/register/pwd', {
    body: { email, password },
    on,
  });
  expect(answer.code, answer.message).toBe(2000);
  if (verify) {
    const { code } = await latestMail(email, on);
    const verified = await api(backend, '/account/user/verify', { body: { email, code }, headers: { apptoken: answer.data.apptoken }, on });
    expect(verified.code, verified.message).toBe(2000);
  }
  return answer.data;
}

describe('registration and verification', () => {
  it('registers with a password, mails a code and link, and verifies by code', async () => {
    const email = newEmail('ada');
    const session = await register('us', email, PASSWORD, server, false);
    expect(session.user_id).toMatch(/^u_/);
    expect(session.apptoken).not.toBe(session.reftoken);

    const before = await api('us', '/account/user/profile/new', { headers: { apptoken: session.apptoken } });
    expect(before.data).toMatchObject({
      user_id: session.user_id,
      email,
      verified: false,
      hasPassword: true,
      credits: 200,
      createdAt: expect.any(Number),
    });

    const mail = await latestMail(email);
    expect(mail).toMatchObject({ backend: 'us', to: email, subject: expect.stringContaining('Axlebot Robotics') });
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.code);
    expect(mail.link).toMatch(new RegExp(`^${new URL(server.url).origin}/us/verification-success\\?token=[\\w-]+$`));

    expect((await api('us', '/account/user/verify', { body: { email, code: mail.code === '000000' ? '111111' : '000000' } })).code).toBe(
      4011,
    );
    // In the registration's own session (as the site does): the password stays.
    const verified = await api('us', '/account/user/verify', {
      body: { email: email.toUpperCase(), code: mail.code },
      headers: { apptoken: session.apptoken },
    });
    expect(verified).toMatchObject({ code: 2000, data: { email } });
    expect((await api('us', '/account/user/profile/new', { headers: { apptoken: session.apptoken } })).data.verified).toBe(true);
    // Single use, and the mail's link went with the code.
    expect((await api('us', '/account/user/verify', { body: { email, code: mail.code } })).code).toBe(4011);
    expect((await api('us', '/account/user/verify', { body: { token: tokenOf(mail.link!) } })).code).toBe(4014);
    expect((await api('us', '/account/user/register/pwd', { body: { email, password: PASSWORD } })).code).toBe(4013);
  });

  it('verifies by the link token, once', async () => {
    const email = newEmail('grace');
    await register('eu', email, PASSWORD, server, false);
    const token = tokenOf((await latestMail(email)).link!);
    expect(await api('eu', '/account/user/verify', { body: { token } })).toMatchObject({ code: 2000, data: { email } });
    const again = await api('eu', '/account/user/verify', { body: { token } });
    expect(again.code).toBe(4014);
    expect(again.message).toBe(EN_US.code4014);
    expect((await api('eu', '/account/user/verify', { body: { token: 'no-such-token' } })).code).toBe(4014);
  });

  it('points links at a local asking site, else at the production site; cn has no region segment', async () => {
    const email = newEmail('links');
    await api('cn', '/account/user/register/pwd', {
      body: { email, password: PASSWORD },
      headers: { origin: 'http://127.0.0.1:5173', region: 'cn' },
    });
    expect((await latestMail(email)).link).toMatch(/^http:\/\/127\.0\.0\.1:5173\/verification-success\?token=/);
    await api('cn', '/account/user/password/forgot', { body: { email }, headers: { origin: 'https://evil.example.net', region: 'cn' } });
    expect((await latestMail(email)).link).toMatch(/^https:\/\/www\.example\.cn\/reset-password\?token=/);
    const other = newEmail('links');
    await api('eu', '/account/user/register/pwd', {
      body: { email: other, password: PASSWORD },
      headers: { origin: 'https://evil.example.net', region: 'fr' },
    });
    expect((await latestMail(other)).link).toMatch(/^https:\/\/www\.example\.com\/fr\/verification-success\?token=/);
  });

  it('refuses a weak password and an invalid email', async () => {
    expect((await api('us', '/account/user/register/pwd', { body: { email: newEmail('weak'), password: 'abcdefgh' } })).code).toBe(4002);
    expect((await api('us', '/account/user/register/pwd', { body: { email: newEmail('weak'), password: 'abc123' } })).code).toBe(4002);
    expect((await api('us', '/account/user/register/pwd', { body: { email: 'not-an-email', password: PASSWORD } })).code).toBe(4001);
  });
});

describe('logging in', () => {
  it('logs in with the right password, refuses a wrong one (4010) and an unknown email (4012)', async () => {
    const email = newEmail('login');
    const registered = await register('us', email);
    const right = await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } });
    expect(right.code).toBe(2000);
    expect(right.data).toMatchObject({ user_id: registered.user_id, apptoken: expect.any(String), reftoken: expect.any(String) });
    expect((await api('us', '/account/user/sign_in', { body: { email, password: PASSWORD } })).code).toBe(2000);
    expect((await api('us', '/account/user/login/pwd', { body: { email, password: 'wrong-password1' } })).code).toBe(4010);
    expect((await api('us', '/account/user/login/pwd', { body: { email: newEmail('nobody'), password: PASSWORD } })).code).toBe(4012);
  });

  it('logs in with a mailed code, once', async () => {
    const email = newEmail('code');
    await register('us', email);
    expect(await api('us', '/account/user/code/send', { body: { email } })).toMatchObject({ code: 2000, data: { resendAfter: 60 } });
    const { code } = await latestMail(email);
    expect((await api('us', '/account/user/login/code', { body: { email, code } })).code).toBe(2000);
    expect((await api('us', '/account/user/login/code', { body: { email, code } })).code).toBe(4011);
    expect((await api('us', '/account/user/login/code', { body: { email: newEmail('nobody'), code } })).code).toBe(4012);
  });

  it('registers or logs in with a code: created, then not', async () => {
    const email = newEmail('rol');
    await api('eu', '/account/user/code/send', { body: { email } });
    const first = await api('eu', '/account/user/register_or_login', { body: { email, code: (await latestMail(email)).code } });
    expect(first).toMatchObject({ code: 2000, data: { created: true, user_id: expect.any(String), apptoken: expect.any(String) } });
    const profile = await api('eu', '/account/user/profile/new', { headers: { apptoken: first.data.apptoken } });
    expect(profile.data).toMatchObject({ verified: true, hasPassword: false, credits: 200 });

    await advance(61_000);
    await api('eu', '/account/user/code/send', { body: { email } });
    const second = await api('eu', '/account/user/register_or_login', { body: { email, code: (await latestMail(email)).code } });
    expect(second).toMatchObject({ code: 2000, data: { created: false, user_id: first.data.user_id } });
    // An account without a password cannot log in with one.
    expect((await api('eu', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).code).toBe(4010);
  });

  it('has the cn login on cn only', async () => {
    const email = newEmail('cn');
    await api('cn', '/account/user/code/send', { body: { email } });
    const answer = await api('cn', '/account/user/cn/login', { body: { email, code: (await latestMail(email)).code } });
    expect(answer).toMatchObject({ code: 2000, data: { created: true } });
    const elsewhere = await api('us', '/account/user/cn/login', { body: { email, code: '123456' } });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.code).toBe(404);
  });

  it("slows down the address that guesses, never the owner's right password or code from another", async () => {
    const email = newEmail('guessed');
    await register('us', email);
    const stranger = '127.0.0.2';
    for (let i = 0; i < 5; i++)
      expect((await api('us', '/account/user/login/pwd', { body: { email, password: `wrong-${i}-password` }, from: stranger })).code).toBe(
        4010,
      );
    // The sixth try from that address waits 30 s, even with the right password.
    const slowed = await api<{ retryAfter: number }>('us', '/account/user/login/pwd', {
      body: { email, password: PASSWORD },
      from: stranger,
    });
    expect(slowed.code).toBe(4291);
    expect(slowed.data.retryAfter).toBeGreaterThanOrEqual(29);
    expect(slowed.data.retryAfter).toBeLessThanOrEqual(30);
    // The catalogue's plural, in the form of the count (docs/translations.md, "Plurals").
    const seconds = slowed.data.retryAfter as number;
    expect(EN_US.code4291).toBe('Too many attempts. Please try again in {seconds, plural, one {# second} other {# seconds}}.');
    expect(slowed.message).toBe(`Too many attempts. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`);
    // The owner, at another address, is not kept out: by password, or by a code from the mailbox.
    expect((await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).code).toBe(2000);
    await api('us', '/account/user/code/send', { body: { email } });
    expect((await api('us', '/account/user/login/code', { body: { email, code: (await latestMail(email)).code } })).code).toBe(2000);
    // The stranger's wait doubles with every further failure: 30 s, then 60 s.
    await advance(31_000);
    expect((await api('us', '/account/user/login/pwd', { body: { email, password: 'wrong-6-password' }, from: stranger })).code).toBe(4010);
    const longer = await api<{ retryAfter: number }>('us', '/account/user/login/pwd', {
      body: { email, password: 'wrong-7-password' },
      from: stranger,
    });
    expect(longer.code).toBe(4291);
    expect(longer.data.retryAfter).toBeGreaterThan(55);
    expect(longer.data.retryAfter).toBeLessThanOrEqual(60);
    // Thirty minutes of trying as fast as allowed gets the stranger a handful of guesses; the owner is never refused.
    let guesses = 0;
    for (let minute = 0; minute < 30; minute++) {
      await advance(60_000);
      if (
        (await api('us', '/account/user/login/pwd', { body: { email, password: `wrong-${minute}-again1` }, from: stranger })).code === 4010
      )
        guesses++;
      expect((await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).code).toBe(2000);
    }
    expect(guesses).toBeLessThanOrEqual(6);
    // By now it waits the longest: 15 minutes between guesses, about four an hour.
    const longest = await api<{ retryAfter: number }>('us', '/account/user/login/pwd', {
      body: { email, password: 'one-more-guess1' },
      from: stranger,
    });
    if (longest.code === 4010)
      expect(
        (
          await api<{ retryAfter: number }>('us', '/account/user/login/pwd', {
            body: { email, password: 'one-more-guess2' },
            from: stranger,
          })
        ).data.retryAfter,
      ).toBeGreaterThan(14 * 60);
    else expect(longest.code).toBe(4291);
  });

  it('slows one account guessed from many addresses for addresses it does not know; a known one and code login stay open', async () => {
    const email = newEmail('crowd');
    await register('us', email);
    // The owner logged in from 127.0.0.1 before: a known address.
    expect((await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).code).toBe(2000);
    for (let i = 0; i < 20; i++)
      expect(
        (await api('us', '/account/user/login/pwd', { body: { email, password: `crowd-${i}-guess` }, from: `127.0.1.${i + 1}` })).code,
      ).toBe(4010);
    // A twenty-first address, even with the right password, waits its turn (one try per 30 s among unknown addresses).
    expect((await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD }, from: '127.0.2.1' })).code).toBe(4291);
    expect((await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).code).toBe(2000);
    // Code login from a new address is open: the mailbox is the proof.
    await api('us', '/account/user/code/send', { body: { email }, from: '127.0.2.2' });
    expect(
      (await api('us', '/account/user/login/code', { body: { email, code: (await latestMail(email)).code }, from: '127.0.2.2' })).code,
    ).toBe(2000);
    await advance(31_000);
    expect((await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD }, from: '127.0.2.1' })).code).toBe(2000);
  });

  it('ends a code after three wrong guesses: the right code no longer works, a new one does', async () => {
    const email = newEmail('code-tries');
    await register('us', email);
    await api('us', '/account/user/code/send', { body: { email } });
    const { code } = await latestMail(email);
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 3; i++)
      expect((await api('us', '/account/user/login/code', { body: { email, code: wrong(i) }, from: '127.0.0.3' })).code).toBe(4011);
    expect((await api('us', '/account/user/login/code', { body: { email, code } })).code).toBe(4011);
    await advance(61_000);
    await api('us', '/account/user/code/send', { body: { email } });
    expect((await api('us', '/account/user/login/code', { body: { email, code: (await latestMail(email)).code } })).code).toBe(2000);
  });

  it('sends at most ten codes an hour to one email at the asking of addresses it does not know', async () => {
    const email = newEmail('code-hour');
    await register('us', email);
    expect((await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).code).toBe(2000);
    for (let i = 0; i < 10; i++) {
      expect((await api('us', '/account/user/code/send', { body: { email }, from: `127.0.3.${i + 1}` })).code).toBe(2000);
      await advance(61_000);
    }
    const capped = await api<{ retryAfter: number }>('us', '/account/user/code/send', { body: { email }, from: '127.0.3.99' });
    expect(capped.code).toBe(4291);
    expect(capped.data.retryAfter).toBeGreaterThan(60 * 60 - 11 * 61);
    // The owner's own address still gets a code.
    expect((await api('us', '/account/user/code/send', { body: { email } })).code).toBe(2000);
  });

  it('sends a code at most once a minute per email and purpose', async () => {
    const email = newEmail('resend');
    expect((await api('us', '/account/user/code/send', { body: { email } })).code).toBe(2000);
    const again = await api<{ retryAfter: number }>('us', '/account/user/code/send', { body: { email } });
    expect(again.code).toBe(4291);
    expect(again.data.retryAfter).toBeGreaterThan(55);
    expect(again.data.retryAfter).toBeLessThanOrEqual(60);
    expect(again.message).toContain(String(again.data.retryAfter));
    expect(await outbox(email)).toHaveLength(1);
    // Another email, or another back end, is another count.
    expect((await api('us', '/account/user/code/send', { body: { email: newEmail('resend') } })).code).toBe(2000);
    expect((await api('eu', '/account/user/code/send', { body: { email } })).code).toBe(2000);
  });
});

describe('an address someone else registered', () => {
  it("logs nobody in with a stranger's password, and the owner's code login drops it and ends the stranger's sessions", async () => {
    const email = newEmail('victim');
    const stranger = await register('us', email, 'strangers1Pass', server, false);
    // Not verified: the password is right, and still logs nobody in.
    const tried = await api('us', '/account/user/login/pwd', { body: { email, password: 'strangers1Pass' } });
    expect(tried).toMatchObject({ code: 4017, message: EN_US.code4017 });
    // The owner logs in by code from the mailbox.
    await api('us', '/account/user/code/send', { body: { email } });
    const owner = await api('us', '/account/user/register_or_login', { body: { email, code: (await latestMail(email)).code } });
    expect(owner).toMatchObject({ code: 2000, data: { created: false } });
    expect((await api('us', '/account/user/login/pwd', { body: { email, password: 'strangers1Pass' } })).code).toBe(4010);
    expect((await api('us', '/account/user/profile/new', { headers: { apptoken: stranger.apptoken } })).code).toBe(4003);
    expect(
      (await api('us', `/account/user/sign_in/refresh?user_id=${stranger.user_id}`, { headers: { reftoken: stranger.reftoken } })).code,
    ).toBe(4003);
    const profile = await api('us', '/account/user/profile/new', { headers: { apptoken: owner.data.apptoken } });
    expect(profile.data).toMatchObject({ email, verified: true, hasPassword: false });
  });

  it('drops the password when the mailed link verifies outside the registration, keeps it inside', async () => {
    const email = newEmail('linked');
    await register('eu', email, PASSWORD, server, false);
    const token = tokenOf((await latestMail(email)).link!);
    expect((await api('eu', '/account/user/verify', { body: { token } })).code).toBe(2000);
    expect((await api('eu', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).code).toBe(4010);

    const own = newEmail('linked');
    const session = await register('eu', own, PASSWORD, server, false);
    const ownToken = tokenOf((await latestMail(own)).link!);
    expect((await api('eu', '/account/user/verify', { body: { token: ownToken }, headers: { apptoken: session.apptoken } })).code).toBe(
      2000,
    );
    expect((await api('eu', '/account/user/login/pwd', { body: { email: own, password: PASSWORD } })).code).toBe(2000);
  });
});

describe('passwords and sessions', () => {
  it('resets a forgotten password through the mailed link, ending every session', async () => {
    const email = newEmail('forgot');
    await register('us', email);
    const old = (await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).data;
    expect(await api('us', '/account/user/password/forgot', { body: { email } })).toMatchObject({ code: 2000, data: { resendAfter: 60 } });
    const mail = await latestMail(email);
    expect(mail.code).toBeUndefined();
    expect(mail.link).toMatch(/\/us\/reset-password\?token=/);
    const token = tokenOf(mail.link!);

    expect((await api('us', '/account/user/password/reset', { body: { token, password: 'short1' } })).code).toBe(4002);
    expect((await api('us', '/account/user/password/reset', { body: { token, password: 'newRobots42' } })).code).toBe(2000);
    expect((await api('us', '/account/user/password/reset', { body: { token, password: 'newRobots43' } })).code).toBe(4014);

    expect((await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).code).toBe(4010);
    expect((await api('us', '/account/user/login/pwd', { body: { email, password: 'newRobots42' } })).code).toBe(2000);
    expect((await api('us', '/account/user/profile/new', { headers: { apptoken: old.apptoken } })).code).toBe(4003);
    expect(
      (
        await api('us', `/account/user/sign_in/refresh?user_id=${old.user_id}`, {
          headers: { apptoken: old.apptoken, reftoken: old.reftoken },
        })
      ).code,
    ).toBe(4003);
    expect((await api('us', '/account/user/password/forgot', { body: { email: newEmail('nobody') } })).code).toBe(4012);
  });

  it('sets a password on an account made by code', async () => {
    const email = newEmail('setpwd');
    await api('us', '/account/user/code/send', { body: { email } });
    const { apptoken } = (await api('us', '/account/user/register_or_login', { body: { email, code: (await latestMail(email)).code } }))
      .data;
    expect((await api('us', '/account/user/password/set', { body: { password: 'weak' }, headers: { apptoken } })).code).toBe(4002);
    expect((await api('us', '/account/user/password/set', { body: { password: PASSWORD } })).code).toBe(4003);
    expect((await api('us', '/account/user/password/set', { body: { password: PASSWORD }, headers: { apptoken } })).code).toBe(2000);
    expect((await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).code).toBe(2000);
  });

  it('ends a session on logout: its access token reads nothing more and its refresh token buys nothing', async () => {
    const email = newEmail('logout');
    const session = await register('us', email);
    const other = (await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).data;
    expect(
      (await api('us', '/account/user/logout', { body: {}, headers: { apptoken: session.apptoken, reftoken: session.reftoken } })).code,
    ).toBe(2000);
    expect((await api('us', '/account/user/profile/new', { headers: { apptoken: session.apptoken } })).code).toBe(4003);
    expect(
      (await api('us', '/account/user/password/set', { body: { password: 'newRobots42' }, headers: { apptoken: session.apptoken } })).code,
    ).toBe(4003);
    expect(
      (
        await api('us', `/account/user/sign_in/refresh?user_id=${session.user_id}`, {
          headers: { apptoken: session.apptoken, reftoken: session.reftoken },
        })
      ).code,
    ).toBe(4003);
    // Only that session: another device stays logged in; logging out twice is no error.
    expect((await api('us', '/account/user/profile/new', { headers: { apptoken: other.apptoken } })).data.email).toBe(email);
    expect(
      (await api('us', '/account/user/logout', { body: {}, headers: { apptoken: session.apptoken, reftoken: session.reftoken } })).code,
    ).toBe(2000);
  });

  it('changes a password only with the current one or a recent login, and ends every other session', async () => {
    const email = newEmail('change');
    const first = await register('us', email);
    const second = (await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).data;
    await advance(6 * 60_000); // neither login is recent now
    expect(
      (await api('us', '/account/user/password/set', { body: { password: 'newRobots42' }, headers: { apptoken: first.apptoken } })).code,
    ).toBe(4010);
    expect(
      (
        await api('us', '/account/user/password/set', {
          body: { password: 'newRobots42', currentPassword: 'wrong-password1' },
          headers: { apptoken: first.apptoken },
        })
      ).code,
    ).toBe(4010);
    const changed = await api<{ user_id: string; apptoken: string; reftoken: string }>('us', '/account/user/password/set', {
      body: { password: 'newRobots42', currentPassword: PASSWORD },
      headers: { apptoken: first.apptoken },
    });
    expect(changed).toMatchObject({
      code: 2000,
      data: { user_id: first.user_id, apptoken: expect.any(String), reftoken: expect.any(String) },
    });
    for (const old of [first, second])
      expect((await api('us', '/account/user/profile/new', { headers: { apptoken: old.apptoken } })).code).toBe(4003);
    expect((await api('us', '/account/user/profile/new', { headers: { apptoken: changed.data.apptoken } })).data.email).toBe(email);
    // Just logged in: no current password needed.
    const fresh = (await api('us', '/account/user/login/pwd', { body: { email, password: 'newRobots42' } })).data;
    expect(
      (await api('us', '/account/user/password/set', { body: { password: 'newRobots43' }, headers: { apptoken: fresh.apptoken } })).code,
    ).toBe(2000);
  });

  it('expires the access token after 2 hours; the refresh token buys a new one', async () => {
    const email = newEmail('expiry');
    const session = await register('us', email);
    await advance(3 * 60 * 60_000);
    const expired = await api('us', '/account/user/profile/new', { headers: { apptoken: session.apptoken } });
    expect(expired.code).toBe(4003);
    expect(expired.message).toBe(EN_US.code4003);

    const refreshPath = `/account/user/sign_in/refresh?user_id=${session.user_id}`;
    expect((await api('us', refreshPath, { headers: { apptoken: session.apptoken, reftoken: 'wrong' } })).code).toBe(4003);
    const other = await register('us', newEmail('expiry'));
    expect((await api('us', refreshPath, { headers: { apptoken: session.apptoken, reftoken: other.reftoken } })).code).toBe(4003);
    expect((await api('us', '/account/user/sign_in/refresh', { headers: { reftoken: session.reftoken } })).code).toBe(4003);

    const refreshed = await api<{ user_id: string; apptoken: string }>('us', refreshPath, {
      headers: { apptoken: session.apptoken, reftoken: session.reftoken },
    });
    expect(refreshed).toMatchObject({
      code: 2000,
      data: { user_id: session.user_id, apptoken: expect.any(String), reftoken: expect.any(String) },
    });
    expect((await api('us', '/account/user/profile/new', { headers: { apptoken: refreshed.data.apptoken } })).data.email).toBe(email);
  });
});

describe('refresh tokens and proofs (issue 27)', () => {
  type Pair = { user_id: string; apptoken: string; reftoken: string };
  const refresh = (pair: Pair) =>
    api<Pair>('us', `/account/user/sign_in/refresh?user_id=${pair.user_id}`, {
      headers: { apptoken: pair.apptoken, reftoken: pair.reftoken },
    });
  const profile = (pair: Pair) => api('us', '/account/user/profile/new', { headers: { apptoken: pair.apptoken } });

  it('never takes a refreshed token as proof: no password is set or changed with one', async () => {
    const email = newEmail('refreshed');
    await register('us', email);
    const login = (await api<Pair>('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).data;
    await advance(6 * 60_000);
    const refreshed = await refresh(login);
    expect(refreshed).toMatchObject({
      code: 2000,
      data: { user_id: login.user_id, apptoken: expect.any(String), reftoken: expect.any(String) },
    });
    // A brand-new access token, and still no proof: the current password is asked for.
    expect(
      (await api('us', '/account/user/password/set', { body: { password: 'takenOver42' }, headers: { apptoken: refreshed.data.apptoken } }))
        .code,
    ).toBe(4010);
    expect((await api('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).code).toBe(2000);

    // An account made by code has no password to ask for: a first password needs a login of the last minutes.
    const other = newEmail('refreshed');
    await api('us', '/account/user/code/send', { body: { email: other } });
    const byCode = (
      await api<Pair>('us', '/account/user/register_or_login', { body: { email: other, code: (await latestMail(other)).code } })
    ).data;
    await advance(6 * 60_000);
    const later = (await refresh(byCode)).data;
    const refused = await api('us', '/account/user/password/set', {
      body: { password: 'takenOver42' },
      headers: { apptoken: later.apptoken },
    });
    expect(refused).toMatchObject({ code: 4018, message: EN_US.code4018 });
    expect((await api('us', '/account/user/login/pwd', { body: { email: other, password: 'takenOver42' } })).code).toBe(4010);
    // A new code login is the proof.
    await api('us', '/account/user/code/send', { body: { email: other } });
    const fresh = (await api<Pair>('us', '/account/user/login/code', { body: { email: other, code: (await latestMail(other)).code } }))
      .data;
    expect(
      (await api('us', '/account/user/password/set', { body: { password: 'ownersOwn42' }, headers: { apptoken: fresh.apptoken } })).code,
    ).toBe(2000);
  });

  it('rotates the refresh token at every refresh, leaving one live access token a session', async () => {
    const email = newEmail('rotate');
    const first = await register('us', email);
    const pairs: Pair[] = [first];
    for (let i = 0; i < 10; i++) {
      const next = await refresh(pairs.at(-1)!);
      expect(next.code).toBe(2000);
      expect(next.data.reftoken).not.toBe(pairs.at(-1)!.reftoken);
      pairs.push(next.data);
    }
    const live = [];
    for (const pair of pairs) if ((await profile(pair)).code === 2000) live.push(pair);
    expect(live).toEqual([pairs.at(-1)]);
  });

  it('ends the session when a spent refresh token comes back (someone else holds a copy)', async () => {
    const email = newEmail('replay');
    const stolen = await register('us', email);
    const elsewhere = (await api<Pair>('us', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).data;
    const owner = (await refresh(stolen)).data;
    // The thief replays the copy: refused, and the session it belonged to is over for both.
    expect((await refresh(stolen)).code).toBe(4003);
    expect((await profile(owner)).code).toBe(4003);
    expect((await refresh(owner)).code).toBe(4003);
    // The account's other session is untouched.
    expect((await profile(elsewhere)).code).toBe(2000);
  });

  it('ends every token of a session on logout, those from before a refresh too', async () => {
    const email = newEmail('logout-all');
    const first = await register('us', email);
    const second = (await refresh(first)).data;
    // A client that logs out with the tokens it held before the refresh still ends the session.
    expect(
      (await api('us', '/account/user/logout', { body: {}, headers: { apptoken: first.apptoken, reftoken: first.reftoken } })).code,
    ).toBe(2000);
    for (const pair of [first, second]) {
      expect((await profile(pair)).code).toBe(4003);
      expect((await refresh(pair)).code).toBe(4003);
    }
  });

  it("drops what a stranger wrote to the profile when the owner's mailbox proves the address", async () => {
    const email = newEmail('prehijack');
    const stranger = await register('us', email, 'strangers1Pass', server, false);
    expect(
      (
        await api('us', '/account/user/profile/new', {
          body: { nickname: 'Mallory', firstName: 'M', country: 'ZZ' },
          headers: { apptoken: stranger.apptoken },
        })
      ).code,
    ).toBe(2000);
    await api('us', '/account/user/code/send', { body: { email } });
    const owner = (await api<Pair>('us', '/account/user/register_or_login', { body: { email, code: (await latestMail(email)).code } }))
      .data;
    expect((await profile(owner)).data).toMatchObject({
      email,
      verified: true,
      hasPassword: false,
      nickname: '',
      firstName: '',
      lastName: '',
      country: '',
    });
  });

  it('answers with nosniff: no answer of the API or the emulator is read as another kind of file', async () => {
    expect((await api('us', '/ssr/timestamp')).headers.get('x-content-type-options')).toBe('nosniff');
    expect((await api('us', '/no/such/path')).headers.get('x-content-type-options')).toBe('nosniff');
    for (const script of ['/__emulator/chat.js', '/__emulator/preview-clock.js', '/__emulator/outbox.json']) {
      expect((await fetch(new URL(script, server.url))).headers.get('x-content-type-options'), script).toBe('nosniff');
    }
  });
});

describe('profile, newsletter, time and place', () => {
  it('reads and changes the profile, checking every field', async () => {
    const { apptoken } = await register('eu', newEmail('profile'));
    const headers = { apptoken };
    const change = { nickname: 'Ada', firstName: 'Ada', lastName: 'Lovelace', birthday: '1990-12-10', country: 'gb' };
    expect(await api('eu', '/account/user/profile/new', { body: change, headers })).toMatchObject({ code: 2000, data: {} });
    const profile = await api('eu', '/account/user/profile/new', { headers });
    expect(profile.data).toMatchObject({ ...change, country: 'GB', credits: 200 });

    const refused: [Record<string, unknown>, string][] = [
      [{ nickname: 5 }, 'nickname'],
      [{ nickname: 'x'.repeat(41) }, 'nickname'],
      [{ lastName: 'x'.repeat(61) }, 'lastName'],
      [{ birthday: '1990-02-30' }, 'birthday'],
      [{ country: 'GBR' }, 'country'],
      [{ nickname: 'Ok', credits: 10_000 }, 'credits'],
    ];
    for (const [body, field] of refused) {
      const answer = await api('eu', '/account/user/profile/new', { body, headers });
      expect(answer.code, JSON.stringify(body)).toBe(4000);
      expect(answer.data.field).toBe(field);
    }
    // Nothing of a refused change was kept.
    expect((await api('eu', '/account/user/profile/new', { headers })).data).toMatchObject({ nickname: 'Ada', credits: 200 });
    expect((await api('eu', '/account/user/profile/new', { body: { birthday: '', country: '' }, headers })).code).toBe(2000);
    expect((await api('eu', '/account/user/profile/new', { headers })).data).toMatchObject({ birthday: '', country: '', nickname: 'Ada' });

    expect((await api('eu', '/account/user/profile/new')).code).toBe(4003);
    expect((await api('eu', '/account/user/profile/new', { body: { nickname: 'x' } })).code).toBe(4003);
    expect((await api('eu', '/account/user/profile/new', { headers: { apptoken: 'forged' } })).code).toBe(4003);
  });

  it('subscribes an email once', async () => {
    const email = newEmail('news');
    const body = { email, region: 'us', weekly: true, member: false, source: 'popup' };
    expect(await api('us', '/account/user/subscribe/create', { body })).toMatchObject({ code: 2000, data: { created: true } });
    expect(await api('us', '/account/user/subscribe/create', { body: { email: email.toUpperCase() } })).toMatchObject({
      code: 2000,
      data: { created: false },
    });
    expect((await api('us', '/account/user/subscribe/create', { body: { email: 'nope@' } })).code).toBe(4001);
    expect((await api('us', '/account/user/subscribe/create', { body: { email, weekly: 'yes' } })).data.field).toBe('weekly');
    expect((await api('us', '/account/user/subscribe/create', { body: { email, source: 'banner' } })).data.field).toBe('source');
  });

  it('keeps the three back ends apart', async () => {
    const email = newEmail('apart');
    await register('us', email);
    expect((await api('eu', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).code).toBe(4012);
    expect((await api('cn', '/account/user/login/pwd', { body: { email, password: PASSWORD } })).code).toBe(4012);
    // The same email can have an account on each.
    await register('eu', email, 'another1password');
  });

  it('answers the time on the shared clock and the country as each back end sees it', async () => {
    const at = await now();
    for (const backend of ['us', 'eu', 'cn']) {
      const { data } = await api<{ timestamp: number }>(backend, '/ssr/timestamp');
      expect(data.timestamp).toBeGreaterThanOrEqual(at);
      expect(data.timestamp).toBeLessThan(at + 60_000);
    }
    expect((await api('us', '/ssr/iso')).data).toEqual({ iso: 'US' });
    expect((await api('eu', '/ssr/iso')).data).toEqual({ iso: 'GB' });
    expect((await api('cn', '/ssr/iso')).data).toEqual({ iso: 'CN' });
    expect((await api('eu', '/ssr/iso', { headers: { 'x-country': 'fr' } })).data).toEqual({ iso: 'FR' });
  });
});

describe('bad requests', () => {
  it('answers each with a clear envelope and keeps serving', async () => {
    const login = '/account/user/login/pwd';
    const malformed = await api('us', login, { raw: '{"email": ' });
    expect(malformed).toMatchObject({ status: 200, code: 4000, message: EN_US.code4000, data: { detail: expect.stringMatching(/JSON/) } });
    expect((await api('us', login, { raw: '' })).code).toBe(4000);
    expect((await api('us', login, { body: [] })).data.detail).toMatch(/object/);
    expect((await api('us', login, { body: 'ada@example.com' })).code).toBe(4000);
    expect((await api('us', login, { body: null })).code).toBe(4000);
    expect((await api('us', login, { body: { email: 42, password: PASSWORD } })).data).toEqual({
      field: 'email',
      detail: '"email" must be a string.',
    });
    expect((await api('us', login, { body: { email: 'ada@example.com' } })).data).toEqual({
      field: 'password',
      detail: '"password" is required.',
    });
    const huge = await api('us', login, { body: { email: 'ada@example.com', password: 'x'.repeat(20 * 1024) } });
    expect(huge).toMatchObject({ status: 200, code: 4016, message: EN_US.code4016 });

    const unknown = await api('us', '/account/user/nothing', { body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toMatch(/no API/);
    expect((await api('xx', '/ssr/timestamp')).status).toBe(404);
    const wrongMethod = await api('us', login);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect((await api('us', '/ssr/timestamp', { method: 'DELETE' })).status).toBe(405);

    expect((await api('us', '/ssr/timestamp')).code).toBe(2000);
  });

  it('takes only JSON bodies: what a form on another site can post without asking is refused', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', undefined]) {
      const email = newEmail('csrf');
      const answer = await api('us', '/account/user/subscribe/create', {
        raw: JSON.stringify({ email, source: 'footer' }),
        headers: type ? { 'content-type': type } : { 'content-type': '' },
      });
      expect(answer.code, String(type)).toBe(4000);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(
      (
        await api('us', '/account/user/subscribe/create', {
          body: { email: newEmail('json'), source: 'footer' },
          headers: { 'content-type': 'application/json; charset=utf-8' },
        })
      ).code,
    ).toBe(2000);
  });

  it('closes at once though a browser holds connections it never used or keeps alive, after answering a request under way', async () => {
    const closing = await start();
    const url = new URL(closing.url);
    // A connection opened ahead and never used, and one kept alive after its answer.
    const unused = connect(Number(url.port), '127.0.0.1');
    await new Promise((resolve) => unused.once('connect', resolve));
    const unusedClosed = new Promise((resolve) => unused.once('close', () => resolve('closed')));
    const agent = new Agent({ keepAlive: true });
    await new Promise((resolve) =>
      request({ host: '127.0.0.1', port: url.port, path: '/', agent }, (res) => res.resume().on('end', resolve)).end(),
    );
    // A request whose body is still arriving when the server is closed.
    const body = JSON.stringify({ email: newEmail('closing'), password: PASSWORD });
    let answer = '';
    const answered = new Promise<number>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: url.port,
          path: '/_api/us/account/user/login/pwd',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        },
        (res) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (answer += chunk)).on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 300);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closing.close();
    await expect(answered).resolves.toBe(200);
    expect(JSON.parse(answer).code).toBe(4012); // no such account: answered in full
    await closed; // (without the server ending them, the unused connection would hold it open)
    await expect(unusedClosed).resolves.toBe('closed');
    agent.destroy();
  });

  it('cuts off a client whose body never arrives', async () => {
    const slow = await start({ timeouts: { headers: 300, request: 500 } });
    {
      const url = new URL('/_api/us/account/user/login/pwd', slow.url);
      const closed = await new Promise<string>((resolve) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': '100' },
          },
          (res) => {
            res.on('error', () => undefined).resume();
            resolve(`answered ${res.statusCode}`);
            req.destroy();
          },
        );
        req.on('error', () => resolve('closed'));
        req.write('{"email":'); // and nothing more
      });
      expect(closed).toBe('answered 408');
    }
  });

  it('answers an oversize body that is still arriving, without waiting for its end', async () => {
    const url = new URL('/_api/us/account/user/login/pwd', server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body: text });
          });
        },
      );
      req.on('error', reject);
      // Chunked, no length: the server only learns the size by reading, and the body never ends.
      req.write(`{"email":"ada@example.com","password":"`);
      for (let i = 0; i < 20; i++) req.write('x'.repeat(1024));
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 4016 });
    expect((await api('us', '/ssr/timestamp')).code).toBe(2000);
  });

  it('limits the account requests of one client per minute', async () => {
    const limited = await start({ emulator: { passwordCost: 1024, limits: { clientRequests: 3 } } });
    const body = { email: newEmail('flood') };
    for (let i = 0; i < 3; i++) expect((await api('us', '/account/user/subscribe/create', { body, on: limited })).code).toBe(2000);
    const refused = await api('us', '/account/user/subscribe/create', { body, on: limited });
    expect(refused).toMatchObject({ status: 200, code: 4290, message: EN_US.code4290 });
    // Only account requests count, and each back end counts its own.
    expect((await api('us', '/ssr/timestamp', { on: limited })).code).toBe(2000);
    expect((await api('eu', '/account/user/subscribe/create', { body, on: limited })).code).toBe(2000);
    await advance(61_000, limited);
    expect((await api('us', '/account/user/subscribe/create', { body, on: limited })).code).toBe(2000);
  });
});

describe('the outbox and the data folder', () => {
  it('shows the mail as an escaped HTML page that loads nothing', async () => {
    const email = '<script>alert(1)</script>@example.com';
    expect((await api('us', '/account/user/code/send', { body: { email } })).code).toBe(2000);
    const response = await fetch(new URL('/__emulator/outbox', server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain('&#60;script&#62;alert(1)&#60;/script&#62;@example.com');
    expect(page).not.toContain('<script>');
    expect(page).not.toMatch(/<(script|link|img|iframe|object)\b|\bsrc=/i);
    expect(page).toContain((await latestMail(email)).code);
    const filtered = await (await fetch(new URL(`/__emulator/outbox?to=${encodeURIComponent(email)}`, server.url))).text();
    expect(filtered).toContain('1 mail');
  });

  it('keeps accounts and mail across a restart on the same data folder', async () => {
    const dataDir = path.join(work, 'restart');
    const email = newEmail('restart');
    const first = await start({ dataDir });
    await register('cn', email, PASSWORD, first);
    expect((await api('us', '/account/user/subscribe/create', { body: { email }, on: first })).data).toEqual({ created: true });
    await first.close();

    const second = await start({ dataDir });
    expect((await api('cn', '/account/user/login/pwd', { body: { email, password: PASSWORD }, on: second })).code).toBe(2000);
    expect(await outbox(email, second)).toHaveLength(1);
    // The subscription is still there: subscribing again changes nothing.
    expect((await api('us', '/account/user/subscribe/create', { body: { email }, on: second })).data).toEqual({ created: false });
    await second.close();
  });

  it('keeps them when the serve-regions command itself is stopped and started again', async () => {
    const dataDir = path.join(work, 'command');
    const email = newEmail('command');
    /** Runs `serve-regions` as a maintainer would, and resolves with its address once it listens. */
    const launch = () =>
      new Promise<{ on: RunningServer; stop: () => Promise<void> }>((resolve, reject) => {
        const child = spawn(process.execPath, ['bin/serve-regions.js', '--port', '0', '--dir', work, '--data', dataDir], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const address = /Serving .* at (http:\/\/\S+)/.exec(output)?.[1];
          if (!address) return;
          child.stdout.off('data', onData);
          const stop = () => new Promise<void>((done) => child.once('exit', () => done()).kill('SIGTERM'));
          resolve({ on: { url: address } as RunningServer, stop });
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (status) => reject(new Error(`serve-regions exited with ${status}: ${output}`)));
      });

    const first = await launch();
    await register('eu', email, PASSWORD, first.on);
    await first.stop();
    const second = await launch();
    try {
      expect((await api('eu', '/account/user/login/pwd', { body: { email, password: PASSWORD }, on: second.on })).code).toBe(2000);
      expect(await outbox(email, second.on)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});

/** A catalogue's mail text with its placeholders filled, `{brand}` from its `site.name`: what a visitor reads. */
function catalogueMail(locale: string, key: string, params: Record<string, string>): string {
  const { messages } = parse(readFileSync(new URL(`../../content/messages/${locale}.yaml`, import.meta.url), 'utf8')) as {
    messages: { site: { name: string }; mail: Record<string, string> };
  };
  const values: Record<string, string> = { brand: messages.site.name, ...params };
  return messages.mail[key]!.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
}

describe("mail in the asking site's language", () => {
  it('sends a login code from the jp site in Japanese and one from the kr site in Korean, signed with the brand of their catalogue', async () => {
    for (const [region, locale] of [
      ['jp', 'ja-JP'],
      ['kr', 'ko-KR'],
    ] as const) {
      const email = newEmail(`code-${region}`);
      expect((await api('us', '/account/user/code/send', { body: { email }, headers: { 'accept-language': region, region } })).code).toBe(
        2000,
      );
      const mail = await latestMail(email);
      expect(mail.subject).toBe(catalogueMail(locale, 'loginSubject', { code: mail.code! }));
      expect(mail.text).toContain(catalogueMail(locale, 'loginCode', { code: mail.code! }));
      expect(mail.text.endsWith(catalogueMail(locale, 'signature', {}))).toBe(true);
      expect(mail.text).not.toContain('Happy building');
    }
  });

  it('confirms a support request from the fr site in French, and a reset from the de site in German', async () => {
    const email = newEmail('support-fr');
    const body = { name: 'Camille', email, product: 'Flagship Bumblebee', serial: 'ab12cd34ef', purchaseDate: '2026-12-01' };
    const registered = await api('eu', '/support/product-registration', { body, headers: { 'accept-language': 'fr', region: 'fr' } });
    const mail = await latestMail(email);
    const fields = { ...body, serial: 'AB12CD34EF', reference: registered.data.reference as string };
    expect(mail.subject).toBe(catalogueMail('fr-FR', 'registrationSubject', fields));
    expect(mail.text).toBe(
      [
        catalogueMail('fr-FR', 'supportThanks', fields),
        catalogueMail('fr-FR', 'registrationText', fields),
        catalogueMail('fr-FR', 'supportReference', fields),
        catalogueMail('fr-FR', 'signature', {}),
      ].join('\n\n'),
    );

    const de = newEmail('reset-de');
    await register('eu', de, PASSWORD);
    expect(
      (await api('eu', '/account/user/password/forgot', { body: { email: de }, headers: { 'accept-language': 'de', region: 'de' } })).code,
    ).toBe(2000);
    const reset = await latestMail(de);
    expect(reset.subject).toBe(catalogueMail('de-DE', 'resetSubject', {}));
    expect(reset.text).toContain(catalogueMail('de-DE', 'resetLink', { link: reset.link! }));
    expect(reset.link).toContain('/de/reset-password?token=');
  });
});

describe('support requests', () => {
  it('registers a product and takes a return, each with a reference and a confirmation mail', async () => {
    const email = newEmail('support');
    const body = { name: 'Ada Lovelace', email, product: 'Flagship Bumblebee', serial: 'ab12cd34ef', purchaseDate: '2026-12-01' };
    const registered = await api('eu', '/support/product-registration', { body });
    expect(registered).toMatchObject({ code: 2000, data: { reference: expect.stringMatching(/^REG-\d{6}$/) } });
    const returned = await api('eu', '/support/return', {
      body: { name: 'Ada Lovelace', email, product: 'Flagship Bumblebee', serial: 'AB12CD34EF', reason: 'The left arm no longer moves.' },
    });
    expect(returned).toMatchObject({ code: 2000, data: { reference: expect.stringMatching(/^RMA-\d{6}$/) } });
    const mails = await outbox(email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your return request ${returned.data.reference}`,
      `Your Flagship Bumblebee is registered (${registered.data.reference})`,
    ]);
    expect(mails[1]!.text).toContain('serial number AB12CD34EF');
  });

  it('refuses each bad field by name, with the English detail, and a bad email with 4001', async () => {
    const good = {
      name: 'Ada',
      email: newEmail('support-bad'),
      product: 'Flagship Bumblebee',
      serial: 'AB12CD34EF',
      purchaseDate: '2026-12-01',
    };
    const field = async (change: Record<string, unknown>) =>
      (await api('us', '/support/product-registration', { body: { ...good, ...change } })).data.field;
    expect(await field({ serial: 'short' })).toBe('serial');
    expect(await field({ purchaseDate: '2027-01-01' })).toBe('purchaseDate'); // after the emulated today, 2026-12-08
    expect(await field({ purchaseDate: '2026-02-30' })).toBe('purchaseDate');
    expect(await field({ name: '   ' })).toBe('name');
    expect(await field({ name: 'x'.repeat(101) })).toBe('name');
    expect(await field({ product: 7 })).toBe('product');
    expect((await api('us', '/support/product-registration', { body: { ...good, email: 'nope' } })).code).toBe(4001);
    const reason = await api('us', '/support/return', { body: { ...good, reason: 'broken' } });
    expect(reason).toMatchObject({ code: 4000, data: { field: 'reason' } });
  });
});
