import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CARRIED_OVER_HASH } from '../../server/backends/carried-over.ts';
import { DEFAULT_PASSWORD_COST, hashPassword, verifyPassword } from '../../server/backends/secrets.ts';
import { startServer } from '../../server/serve.ts';
import type { RunningServer } from '../../server/serve.ts';

/**
 * The accounts carried over from the brand's previous site (docs/api.md, "Carried-over
 * accounts"): each emulated back end holds one, `login/pwd` answers it 4019 and the old sign-in
 * (`sign_in`) signs it in. Through the real HTTP server, as the sites call it.
 */

const START = Date.parse('2026-12-08T00:00:00-05:00');
const FAST = { passwordCost: 1024, limits: { clientRequests: 10_000 } };
/** The documented password of every back end's carried-over account. */
const OLD_PASSWORD = 'oldsite2024';
const carriedOver = (backend: string) => `carried-over@${backend}.example.com`;
const EN_US = (
  parse(readFileSync(new URL('../../content/messages/en-US.yaml', import.meta.url), 'utf8')) as {
    messages: { errors: Record<string, string> };
  }
).messages.errors;

let work: string;
let server: RunningServer;
let backends: string[];
let reward: number;
const started: RunningServer[] = [];

async function start(dataDir?: string): Promise<RunningServer> {
  const running = await startServer({ dir: work, port: 0, host: '127.0.0.1', now: START, emulator: FAST, ...(dataDir && { dataDir }) });
  started.push(running);
  return running;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-carried-over-'));
  await writeFile(path.join(work, 'index.html'), '<!doctype html><title>cn</title>');
  await copyFile(path.join(inject('distDir'), 'backends.json'), path.join(work, 'backends.json'));
  const data = JSON.parse(await readFile(path.join(work, 'backends.json'), 'utf8')) as {
    backends: Record<string, unknown>;
    newUserReward: number;
  };
  backends = Object.keys(data.backends);
  reward = data.newUserReward;
  server = await start();
});
afterAll(async () => {
  for (const running of started) await running.close().catch(() => undefined);
  await rm(work, { recursive: true, force: true });
});

interface Answer {
  code: number;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: Record<string, any>;
}

/** Calls a back end as the sites do (English); POST when there is a body. */
async function api(backend: string, pathname: string, options: { body?: unknown; apptoken?: string; on?: RunningServer } = {}) {
  const response = await fetch(new URL(`/_api/${backend}${pathname}`, (options.on ?? server).url), {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      ...(options.apptoken && { apptoken: options.apptoken }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return (await response.json()) as Answer;
}

const signIn = (backend: string, password: string, on?: RunningServer) =>
  api(backend, '/account/user/sign_in', { body: { email: carriedOver(backend), password }, on });

describe('the carried-over accounts', () => {
  it('are held by every back end: login/pwd answers 4019 whatever the password, sign_in signs in', async () => {
    expect(backends.length).toBeGreaterThan(1);
    for (const backend of backends) {
      const email = carriedOver(backend);
      for (const password of [OLD_PASSWORD, 'not-the-password1']) {
        const login = await api(backend, '/account/user/login/pwd', { body: { email, password } });
        expect(login, backend).toMatchObject({ code: 4019, data: {} });
        expect(login.message).toMatch(/previous site/);
        expect(login.data).not.toHaveProperty('apptoken');
      }
      const session = await signIn(backend, OLD_PASSWORD);
      expect(session.code, `${backend}: ${session.message}`).toBe(2000);
      expect(session.data).toEqual({ user_id: expect.stringMatching(/^u_/), apptoken: expect.any(String), reftoken: expect.any(String) });
      const profile = await api(backend, '/account/user/profile/new', { apptoken: session.data.apptoken });
      expect(profile).toMatchObject({
        code: 2000,
        data: { user_id: session.data.user_id, email, verified: true, hasPassword: true, nickname: 'Veteran', credits: reward },
      });
    }
  });

  it('sign in by the old password at the default cost, whose hash every back end seeds with as it opens', async () => {
    // A server at the emulator's own cost, as `serve-regions` and the live preview run: its back
    // ends seed the carried-over account with the stored hash, not a hash made as they open.
    const real = await startServer({ dir: work, port: 0, host: '127.0.0.1', now: START, emulator: { limits: FAST.limits } });
    started.push(real);
    expect(CARRIED_OVER_HASH.split('$').slice(0, 2)).toEqual(['scrypt', String(DEFAULT_PASSWORD_COST)]);
    expect(await verifyPassword(OLD_PASSWORD, CARRIED_OVER_HASH)).toBe(true);
    expect((await signIn('us', OLD_PASSWORD, real)).code).toBe(2000);
    expect((await signIn('us', 'oldsite2023', real)).code).toBe(4010);
    await real.close();
  });

  it('refuse a wrong password at sign_in as any wrong password, under the same limits', async () => {
    // eu's account only: the five tries slow this address down for that email.
    const wrong = await signIn('eu', 'oldsite2023');
    expect(wrong).toMatchObject({ code: 4010, message: EN_US.code4010 });
    expect(wrong.message).toBe('Incorrect email or password. Please try again.');
    for (let attempt = 2; attempt <= 5; attempt += 1) expect((await signIn('eu', `wrong${attempt}password`)).code).toBe(4010);
    expect((await signIn('eu', OLD_PASSWORD)).code).toBe(4291);
    expect((await api('eu', '/account/user/login/pwd', { body: { email: carriedOver('eu'), password: OLD_PASSWORD } })).code).toBe(4291);
  });

  it('stay one account per back end across restarts of a data folder', async () => {
    const dataDir = path.join(work, 'kept');
    const first = await start(dataDir);
    const before = await signIn('us', OLD_PASSWORD, first);
    await first.close();
    const second = await start(dataDir);
    const after = await signIn('us', OLD_PASSWORD, second);
    expect(after.code).toBe(2000);
    expect(after.data.user_id).toBe(before.data.user_id);
    await second.close();
  });

  it('are added to a data folder of the version before, whose own accounts stay as they were', async () => {
    const dataDir = path.join(work, 'older');
    await mkdir(dataDir);
    // The accounts table of user_version 1, with an account of this site in it.
    const db = new Database(path.join(dataDir, 'us.sqlite'));
    db.exec(`CREATE TABLE accounts (
      id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, password_hash TEXT, verified INTEGER NOT NULL DEFAULT 0,
      nickname TEXT NOT NULL DEFAULT '', first_name TEXT NOT NULL DEFAULT '', last_name TEXT NOT NULL DEFAULT '',
      birthday TEXT NOT NULL DEFAULT '', country TEXT NOT NULL DEFAULT '', credits INTEGER NOT NULL, created_at INTEGER NOT NULL
    ) STRICT`);
    db.prepare('INSERT INTO accounts (id, email, password_hash, verified, credits, created_at) VALUES (?, ?, ?, 1, 200, ?)').run(
      'u_before',
      'before@example.com',
      await hashPassword('robots4ever', 1024),
      START,
    );
    db.pragma('user_version = 1');
    db.close();
    const older = await start(dataDir);
    const own = await api('us', '/account/user/login/pwd', { body: { email: 'before@example.com', password: 'robots4ever' }, on: older });
    expect(own).toMatchObject({ code: 2000, data: { user_id: 'u_before' } });
    expect((await signIn('us', OLD_PASSWORD, older)).code).toBe(2000);
    await older.close();
  });
});
