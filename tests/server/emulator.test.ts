import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLimiter } from '../../server/backends/secrets.ts';
import { startServer } from '../../server/serve.ts';
import type { RunningServer } from '../../server/serve.ts';

const START = Date.parse('2026-12-08T00:00:00-05:00');
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-emulator-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>cn</title>');
  await copyFile(path.join(inject('distDir'), 'backends.json'), path.join(dir, 'backends.json'));
  server = await startServer({ dir, port: 0, host: '127.0.0.1', now: START });
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (pathname: string, init?: RequestInit) => fetch(new URL(pathname, server.url), init);

describe('the emulated back ends of serve-regions', () => {
  it('answer GET /_api/<backend>/ssr/timestamp with the emulated clock, which starts at --now and runs on', async () => {
    const response = await call('/_api/us/ssr/timestamp');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { code: number; data: { timestamp: number } };
    expect(body.code).toBe(2000);
    expect(body.data.timestamp).toBeGreaterThanOrEqual(START);
    expect(body.data.timestamp).toBeLessThan(START + 60_000);
  });

  it('move the clock of all three back ends with PUT /__emulator/clock', async () => {
    const put = await call('/__emulator/clock', { method: 'PUT', body: JSON.stringify({ now: '2026-12-26T00:00:00-05:00' }) });
    expect(put.status).toBe(200);
    for (const backend of ['us', 'eu', 'cn']) {
      const { data } = (await (await call(`/_api/${backend}/ssr/timestamp`)).json()) as { data: { timestamp: number } };
      expect(data.timestamp, backend).toBeGreaterThanOrEqual(Date.parse('2026-12-26T00:00:00-05:00'));
      expect(data.timestamp, backend).toBeLessThan(Date.parse('2026-12-26T00:01:00-05:00'));
    }
  });

  it('answer the time only under a back end: /ssr/timestamp at the root is the static site', async () => {
    expect((await call('/ssr/timestamp')).status).toBe(404);
  });

  it('refuse malformed requests with a clear message and keep serving', async () => {
    for (const body of ['not json', '{"now": "tomorrow"}', '{"now": "2026-12-26T00:00:00"}', '[]', 'x'.repeat(70 * 1024)]) {
      const response = await call('/__emulator/clock', { method: 'PUT', body });
      expect(response.status, body.slice(0, 20)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/now|JSON/);
    }
    expect((await call('/_api/us/ssr/timestamp', { method: 'POST' })).status).toBe(405);
    expect((await call('/__emulator/clock', { method: 'DELETE' })).status).toBe(405);
    // Everything else is still the static site.
    expect((await call('/')).status).toBe(200);
  });
});

describe('password hashing', () => {
  it('runs at most two hashes at a time, the rest in order, so file reads keep threads of their own', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const tasks = Array.from({ length: 12 }, (_, i) =>
      limit(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        order.push(i);
        running -= 1;
        return i;
      }),
    );
    await expect(Promise.all(tasks)).resolves.toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(most).toBe(2);
    expect(order).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });
});
