import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegions } from '../../generator/index.ts';
import { BUILT_AT } from '../support/instants.ts';

/**
 * serve-regions over a build of some regions only, as docs/translations.md runs it:
 * `npx build-region --pseudo us --out dist-pseudo && npx serve-regions --dir dist-pseudo`. The
 * folder holds us and nothing of cn (the region at /), while its backends.json and hosts.json
 * name every region of the content. The command itself is started, as a maintainer starts it.
 */
const COMMAND = fileURLToPath(new URL('../../bin/serve-regions.js', import.meta.url));

let work: string;
let serving: { output: string; url: URL; stop(): Promise<void> } | undefined;

/** Runs serve-regions in `work` until it exits (its status and what it printed), or until it says where it serves. */
function serveRegions(args: string[]): Promise<{ status: number | null; output: string; url?: URL; stop(): Promise<void> }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [COMMAND, '--port', '0', ...args], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    const stop = async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      // Its three lines: the address, the regions, the back ends.
      const address = /^Serving .* at (http:\/\/\S+)\n.*\n.*back ends.*\n/m.exec(output)?.[1];
      if (address) resolve({ status: null, output, url: new URL(address), stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((status) => resolve({ status, output, stop }));
  });
}

/** A raw request (fetch would follow redirects and normalise the path). */
function get(rawPath: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const url = serving!.url;
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: rawPath, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-partial-'));
  const built = await buildRegions({
    out: path.join(work, 'dist-pseudo'),
    sites: path.join(work, 'sites'),
    regions: ['us'],
    now: BUILT_AT,
    pseudo: true,
  });
  expect(built.ok).toBe(true);
  const started = await serveRegions(['--dir', 'dist-pseudo', '--data', path.join(work, 'data')]);
  if (!started.url) throw new Error(`serve-regions --dir dist-pseudo exited with ${started.status}:\n${started.output}`);
  serving = { output: started.output, url: started.url, stop: started.stop };
});
afterAll(async () => {
  await serving?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('serve-regions --dir over a build of us only', () => {
  it('serves it and prints the address of us, the region it holds', () => {
    expect(serving!.url.pathname).toBe('/us');
    expect(serving!.output).toContain(`Serving dist-pseudo at ${serving!.url.origin}/us\n`);
    // Only the regions present are listed as addresses.
    expect(serving!.output).toContain(`  us: ${serving!.url.origin}/us `);
    expect(serving!.output).not.toContain(`${serving!.url.origin}/de`);
  });

  it('answers the pages of us (pseudo-localised), and its own not-found page', async () => {
    for (const page of ['/us', '/us/faq', '/us/flagship-bumblebee']) {
      const res = await get(page);
      expect(res.status, page).toBe(200);
      expect(res.headers['content-type'], page).toBe('text/html; charset=utf-8');
      expect(res.body, page).toContain('<html lang="en-US">');
      expect(/<h1[^>]*>([^<]*)/.exec(res.body)?.[1], page).toMatch(/[áéíóú]/);
    }
    expect((await get('/us/new-release')).headers.location).toBe('/us/mini-robot');
    const missing = await get('/us/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<html lang="en-US">');
  });

  it('answers every path of an absent region, cn at / included, with a plain 404 and goes on serving', async () => {
    for (const rawPath of ['/', '/faq', '/no-such-page', '/de', '/de/faq', '/de/keine-seite', '/jp/', '/new-release', '/de/new-release']) {
      const res = await get(rawPath);
      // `/jp/` first loses its slash, as on every host.
      const final = res.status === 301 ? await get(res.headers.location as string) : res;
      expect(final.status, rawPath).toBe(404);
      expect(final.headers['content-type'], rawPath).toBe('text/plain; charset=utf-8');
      expect(final.headers['content-security-policy'], rawPath).toBeTruthy();
      expect(final.body, rawPath).toBe('Not found\n');
    }
    expect((await get('/us')).status).toBe(200);
  });

  it('runs the emulated back ends from the backends.json the partial build wrote', async () => {
    const clock = JSON.parse((await get('/__emulator/clock')).body) as { data: { now: string; regions: { code: string }[] } };
    expect(clock.data.regions.map((r) => r.code)).toContain('us');
    const subscribed = await get('/_api/us/account/user/subscribe/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: serving!.url.origin, region: 'us', 'accept-language': 'en' },
      body: JSON.stringify({ email: 'partial-build@example.com' }),
    });
    expect(subscribed.status).toBe(200);
    expect(JSON.parse(subscribed.body)).toMatchObject({ code: 2000, data: { created: true } });
  });

  it('still refuses a folder with no built region, saying so', async () => {
    const empty = path.join(work, 'no-region');
    await mkdir(empty);
    // A build's backends.json, but no region's pages beside it.
    await copyFile(path.join(work, 'dist-pseudo', 'backends.json'), path.join(empty, 'backends.json'));
    const refused = await serveRegions(['--dir', 'no-region', '--data', path.join(work, 'data-refused')]);
    expect(refused.url).toBeUndefined();
    expect(refused.status).toBe(1);
    expect(refused.output).toContain(
      "serve-regions: no-region has no built site: no region's home page is in it (cn: index.html, us: us/index.html",
    );
    const nothing = await serveRegions(['--dir', 'no-such-folder']);
    expect(nothing.status).toBe(1);
    expect(nothing.output).toContain("serve-regions: no-such-folder has no built site; run 'npx build-region --all' first.");
  });
});
