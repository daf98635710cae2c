import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLimiter } from '../../core/limit.ts';
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

/** A stand-in for the few DOM calls of the preview clock's script: elements that record their text and attributes. */
function fakePage(pathname: string) {
  interface Node {
    attributes: Record<string, string>;
    children: Node[];
    textContent: string;
    [key: string]: unknown;
  }
  const make = (): Node => {
    const node: Node = { attributes: {}, children: [], textContent: '' };
    node.setAttribute = (name: string, value: string) => void (node.attributes[name] = value);
    node.append = (...children: Node[]) => void node.children.push(...children);
    node.addEventListener = () => undefined;
    return node;
  };
  const body = make();
  const find = (attribute: string, value: string, from: Node = body): Node | undefined =>
    from.attributes[attribute] === value ? from : from.children.map((child) => find(attribute, value, child)).find(Boolean);
  const all = (from: Node = body): Node[] => [from, ...from.children.flatMap((child) => all(child))];
  const globals = {
    document: { getElementById: () => null, createElement: make, body },
    location: { pathname, reload: () => undefined },
    localStorage: { getItem: () => null, setItem: () => undefined },
    window: { innerWidth: 1280 },
    console,
  };
  return { globals, find, all };
}

describe('the preview clock', () => {
  it("names the page's region and its stages lists from the build, for a region the code has never heard of", async () => {
    const regionsDir = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-emulator-regions-'));
    try {
      await writeFile(path.join(regionsDir, 'index.html'), '<!doctype html><title>cn</title>');
      const data = JSON.parse(await readFile(path.join(inject('distDir'), 'backends.json'), 'utf8')) as {
        regions: { code: string; basePath: string }[];
      };
      const us = data.regions.find((r) => r.basePath === '/us')!;
      data.regions.push({ ...us, code: 'ca', basePath: '/ca' });
      await writeFile(path.join(regionsDir, 'backends.json'), JSON.stringify(data));
      const running = await startServer({ dir: regionsDir, port: 0, host: '127.0.0.1', now: START });
      try {
        const clock = (await (await fetch(new URL('/__emulator/clock', running.url))).json()) as {
          data: { regions: { code: string; basePath: string }[] };
        };
        expect(clock.data.regions).toContainEqual({ code: 'ca', basePath: '/ca' });
        const script = await (await fetch(new URL('/__emulator/preview-clock.js', running.url))).text();
        const stages = {
          ca: { launch: ['2026-12-20T00:00:00.000Z', '2027-01-01T00:00:00.000Z'] },
          cn: { other: ['2026-12-02T00:00:00.000Z'] },
        };
        for (const [pathname, region, lists] of [
          ['/ca/faq', 'ca', ['launch: stage 0 of 2']],
          ['//ca/', 'ca', ['launch: stage 0 of 2']],
          ['/faq', 'cn', ['other: stage 1 of 1']],
        ] as const) {
          const page = fakePage(pathname);
          const fetchStub = (url: string, init?: RequestInit) =>
            url === '/schedule.json' ? Promise.resolve(new Response(JSON.stringify({ stages }))) : fetch(new URL(url, running.url), init);
          vm.runInNewContext(script, { ...page.globals, fetch: fetchStub });
          await expect
            .poll(() => page.find('data-preview', 'now')?.textContent)
            .toMatch(new RegExp(`^Server time: 2026-12-08T05:0\\d:\\d\\dZ \\(${region}\\)$`));
          const shown = page
            .all()
            .filter((node) => node.attributes['data-list'])
            .map((node) => node.textContent);
          expect(shown, pathname).toEqual(lists);
        }
      } finally {
        await running.close();
      }
    } finally {
      await rm(regionsDir, { recursive: true, force: true });
    }
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
