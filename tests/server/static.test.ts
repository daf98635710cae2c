import { cp, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer } from '../../server/serve.ts';
import type { RunningServer } from '../../server/serve.ts';

let server: RunningServer;
const distDir = inject('distDir');

beforeAll(async () => {
  server = await startServer({ dir: distDir, port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

/** A raw request: fetch() would normalise the path, and the point here is the raw path. */
function get(rawPath: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const url = new URL(server.url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: rawPath, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('serve-regions', () => {
  it('serves a page from its index.html, and sends a path with a trailing slash or repeated slashes to it with 301', async () => {
    const plain = await get('/us/choose-your-region');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body.toString()).toContain('<html lang="en-US">');
    for (const variant of ['/us/choose-your-region/', '//us//choose-your-region', '/us///choose-your-region//']) {
      const res = await get(variant);
      expect(res.status, variant).toBe(301);
      expect(res.headers.location, variant).toBe('/us/choose-your-region');
    }
    expect((await get('/us/choose-your-region/?from=mail')).headers.location).toBe('/us/choose-your-region?from=mail');
  });

  it('sends a redirect route to its target with 301, the query kept', async () => {
    for (const [from, to] of [
      ['/new-release', '/mini-robot'],
      ['/us/new-release?x=1', '/us/mini-robot?x=1'],
    ]) {
      const res = await get(from!);
      expect(res.status, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it('serves cn at the root and every other region under its code', async () => {
    expect((await get('/')).body.toString()).toContain('<html lang="zh-CN">');
    expect((await get('/kr')).body.toString()).toContain('<html lang="ko-KR">');
    expect((await get('/jp')).body.toString()).toContain('<html lang="ja-JP">');
  });

  it("answers a path with no page with 404 and the region's own not-found page", async () => {
    const us = await get('/us/no-such-page');
    expect(us.status).toBe(404);
    expect(us.body.toString()).toContain('<html lang="en-US">');
    expect(us.body.toString()).toContain('<meta name="robots" content="noindex">');
    const de = await get('/de/keine-seite');
    expect(de.status).toBe(404);
    expect(de.body.toString()).toContain('<html lang="de-DE">');
    const cn = await get('/no-such-page');
    expect(cn.status).toBe(404);
    expect(cn.body.toString()).toContain('<html lang="zh-CN">');
  });

  it('gives hashed assets a long immutable cache and compresses text when asked', async () => {
    const assets = await readdir(path.join(distDir, 'us', 'assets'));
    const script = assets.find((name) => name.endsWith('.js'))!;
    const res = await get(`/us/assets/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).length).toBeGreaterThan(res.body.length);
  });

  it('never crashes on hostile or malformed requests', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/../../etc/passwd')).status).toBe(400);
    expect((await get('/us/%2e%2e/%2e%2e/package.json')).status).toBe(400);
    expect((await get('/hosts.json')).status).toBe(404);
    expect((await get('/us', { method: 'POST' })).status).toBe(405);
    expect((await get('/us', { method: 'HEAD' })).status).toBe(200);
    expect((await get('/us')).status).toBe(200);
  });

  it("never serves the host's own files, whatever dot segments or encodings lead to them", async () => {
    for (const rawPath of [
      '/hosts.json',
      '/us/../hosts.json',
      '/us/%2e%2e/nginx.conf',
      '/./_headers',
      '/us/..%2F_redirects',
      '/de/./../_redirects',
      '/us/%2E%2E/hosts.json',
    ]) {
      const res = await get(rawPath);
      expect(res.status, rawPath).toBe(404);
      // The not-found page, not the file.
      expect(res.body.toString(), rawPath).toMatch(/^<!doctype html>/);
    }
    expect((await get('/hosts.json/')).headers.location).toBe('/hosts.json');
  });

  it('answers a conditional request with 304 when the file is unchanged, by ETag or by date, gzipped or not', async () => {
    const first = await get('/us/faq');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await get('/us/faq', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-security-policy']).toBeTruthy();
    expect((await get('/us/faq', { headers: { 'if-modified-since': first.headers['last-modified'] as string } })).status).toBe(304);
    expect((await get('/us/faq', { headers: { 'if-none-match': '"0-0"' } })).status).toBe(200);
    // The gzipped bytes are another representation: a weak ETag, which a weak comparison matches.
    const gzipped = await get('/us/faq', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.etag).toBe(`W/${etag}`);
    expect((await get('/us/faq', { headers: { 'accept-encoding': 'gzip', 'if-none-match': gzipped.headers.etag as string } })).status).toBe(
      304,
    );
    // A not-found page is never "not modified".
    expect(
      (await get('/us/no-such-page', { headers: { 'if-none-match': (await get('/us/no-such-page')).headers.etag as string } })).status,
    ).toBe(404);
  });

  it('answers a byte range with 206 and those bytes, one out of the file with 416, and a stale If-Range with the whole file', async () => {
    const whole = await get('/us/faq');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.body.length;
    const part = await get('/us/faq', { headers: { range: 'bytes=10-109', 'accept-encoding': 'gzip' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-109/${size}`);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body.equals(whole.body.subarray(10, 110))).toBe(true);
    const tail = await get('/us/faq', { headers: { range: 'bytes=-20' } });
    expect(tail.body.equals(whole.body.subarray(size - 20))).toBe(true);
    const outside = await get('/us/faq', { headers: { range: `bytes=${size + 10}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${size}`);
    expect((await get('/us/faq', { headers: { range: 'bytes=0-9', 'if-range': '"0-0"' } })).status).toBe(200);
    expect((await get('/us/faq', { headers: { range: 'bytes=0-9', 'if-range': whole.headers.etag as string } })).status).toBe(206);
  });
});

describe('serve-regions dates a file as nginx does', () => {
  it('by the whole second of its modification time in both Last-Modified and the ETag, even a hair before the next second', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-mtime-'));
    try {
      await cp(distDir, dir, { recursive: true });
      // 44.9996 s past a minute: Node's stat().mtime rounds it to 45 s, nginx says 44.
      const seconds = 1_795_000_004;
      await utimes(path.join(dir, 'robots.txt'), seconds + 0.9996, seconds + 0.9996);
      const own = await startServer({ dir, port: 0, host: '127.0.0.1' });
      try {
        const res = await fetch(new URL('/robots.txt', own.url));
        expect(res.status).toBe(200);
        expect(res.headers.get('last-modified')).toBe(new Date(seconds * 1000).toUTCString());
        expect(res.headers.get('etag')).toMatch(new RegExp(`^(W/)?"${seconds.toString(16)}-`));
      } finally {
        await own.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
