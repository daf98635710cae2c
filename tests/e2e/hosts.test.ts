import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { answer, answerHeaders } from '../../core/host-rules.ts';
import type { HostRules } from '../../core/host-rules.ts';
import { readHostRules } from '../../server/serve.ts';
import { resolveStaticFile } from '../../server/static.ts';
import { hostAfterRedirect, HOSTILE_PATHS, rawGet } from '../support/hostile-paths.ts';
import { useTestSite } from '../support/site.ts';

/**
 * The same build served by serve-regions and by a real nginx with the build's nginx.conf
 * (issue 19): both give the same status, location, body and headers for every page of the
 * sitemap and a set of odd paths; `_headers` and `_redirects`, read as Netlify and Cloudflare
 * Pages read them, agree with the rules serve-regions applies. nginx is Debian's package
 * (.ci/run installs it); NGINX_PATH names another.
 */
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const distDir = inject('distDir');
const site = useTestSite();
let nginx: ChildProcess;
let nginxPort: number;
let work: string;
let rules: HostRules;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  rules = await readHostRules(distDir);
  work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-nginx-'));
  nginxPort = await freePort();
  const config = path.join(work, 'nginx.conf');
  await writeFile(
    config,
    [
      'daemon off;',
      'master_process off;',
      // The test's dist/ is in a private temporary folder: read it as the user running the test.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      `pid ${work}/nginx.pid;`,
      `error_log ${work}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${work}/${kind};`),
      '  server {',
      `    listen 127.0.0.1:${nginxPort};`,
      `    root ${distDir};`,
      `    include ${path.join(distDir, 'nginx.conf')};`,
      '  }',
      '}',
    ].join('\n'),
  );
  nginx = spawn(NGINX, ['-c', config, '-p', work], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<never>((_, reject) =>
    nginx.on('exit', (code) => reject(new Error(`nginx (${NGINX}) stopped with ${code}: ${stderr}`))),
  );
  exited.catch(() => {});
  // Ready when it answers.
  for (let tries = 0; ; tries++) {
    const ready = await Promise.race([
      fetch(`http://127.0.0.1:${nginxPort}/robots.txt`).then(
        () => true,
        () => false,
      ),
      exited,
    ]);
    if (ready) break;
    if (tries > 1200) throw new Error(`nginx did not answer: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await rm(work, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request (fetch would normalise the path), with the given Host header. */
function get(port: number, rawPath: string, host: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: rawPath, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const HEADERS = [
  'etag',
  'last-modified',
  'accept-ranges',
  'content-range',
  'cache-control',
  'content-security-policy',
  'referrer-policy',
  'permissions-policy',
  'x-content-type-options',
  'x-frame-options',
  'strict-transport-security',
];

/** What a visitor (or a crawler) gets: the status, where a redirect goes, the body and type of a page, the headers that matter. */
function visible(reply: Reply) {
  const page = reply.status === 200 || reply.status === 404;
  return {
    status: reply.status,
    location: reply.headers.location,
    ...(page && { type: reply.headers['content-type'], length: reply.body.length, body: reply.body.toString('latin1') }),
    ...(reply.status !== 400 && Object.fromEntries(HEADERS.map((name) => [name, reply.headers[name]]))),
  };
}

/** Odd paths: slashes, case, dot segments, encodings, queries, the host's own files, redirect routes. */
const ODD_PATHS = [
  '/',
  '/us/',
  '//us//faq',
  '/us/faq/?x=1',
  '/US/faq',
  '/Us/no-such-page',
  '/us/FAQ',
  '/us/no-such-page',
  '/no-such-page',
  '/de/keine-seite',
  '/kr/assets/no-such-file.js',
  '/new-release',
  '/us/new-release?from=mail',
  '/jp/new-release/',
  '/us/../uk',
  '/%75s/faq',
  '/us/faq?q=%20',
  '/hosts.json',
  '/nginx.conf',
  '/_headers',
  '/_redirects',
  '/robots.txt',
  '/sitemap.xml',
  '/schedule.json',
  '/favicon.svg',
  '/us/favicon.svg',
  '/static/img',
  '/../etc/passwd',
  '/us/%2e%2e/%2e%2e/package.json',
  '/%E0%A4%A',
  '/us/../hosts.json',
  '/us/%2e%2e/nginx.conf',
  '/./_headers',
  '/us/..%2F_redirects',
  '/hosts.json/',
];

async function everyPath(): Promise<string[]> {
  const sitemap = await readFile(path.join(distDir, 'sitemap.xml'), 'utf8');
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const assets = (await readdir(path.join(distDir, 'us', 'assets'))).slice(0, 5).map((file) => `/us/assets/${file}`);
  const images = (await readdir(path.join(distDir, 'static', 'img'))).slice(0, 4).map((file) => `/static/img/${file}`);
  expect(pages.length).toBeGreaterThan(50);
  return [...new Set([...pages, ...assets, ...images, ...ODD_PATHS])];
}

describe('no host rule sends a visitor off the site', () => {
  it('answers every hostile path the same on nginx and serve-regions, never with a Location on another host', async () => {
    const port = Number(new URL(site.server.url).port);
    const problems: string[] = [];
    for (const host of ['localhost', 'www.example.cn']) {
      for (const target of HOSTILE_PATHS) {
        const [ours, theirs] = await Promise.all([rawGet(port, target, host), rawGet(nginxPort, target, host)]);
        const label = `${host} ${JSON.stringify(target)}`;
        if (ours.status !== theirs.status || ours.headers.location !== theirs.headers.location) {
          problems.push(
            `${label}: serve-regions ${ours.status} ${ours.headers.location ?? ''}, nginx ${theirs.status} ${theirs.headers.location ?? ''}`,
          );
        }
        for (const [who, reply] of [
          ['serve-regions', ours],
          ['nginx', theirs],
        ] as const) {
          if (reply.status >= 500 || reply.status === 0) problems.push(`${label}: ${who} answered ${reply.status}`);
          const location = reply.headers.location;
          if (location !== undefined && ![host, host.replace(/\.cn$/, '.com')].includes(hostAfterRedirect(location, host)))
            problems.push(`${label}: ${who} sends browsers to ${hostAfterRedirect(location, host)} (Location: ${location})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives no Location off the site through _redirects either, read as the CDNs read it', async () => {
    const problems: string[] = [];
    for (const host of ['www.example.com', 'www.example.cn']) {
      for (const target of HOSTILE_PATHS) {
        let pathname: string;
        try {
          // The CDN matches its rules against the decoded path.
          pathname = decodeURIComponent(target.split('?', 1)[0]!);
        } catch {
          continue;
        }
        const cdn = await cdnAnswer(distDir, pathname, host);
        if (
          'location' in cdn &&
          cdn.location !== undefined &&
          ![host, host.replace(/\.cn$/, '.com')].includes(hostAfterRedirect(cdn.location, host))
        )
          problems.push(`${host} ${JSON.stringify(target)}: Location ${cdn.location}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('nginx with the generated configuration', () => {
  it('answers every page of the sitemap and every odd path as serve-regions does', async () => {
    const local = `127.0.0.1:${new URL(site.server.url).port}`;
    const differences: string[] = [];
    const paths = await everyPath();
    for (const rawPath of paths) {
      const [ours, theirs] = await Promise.all([
        get(Number(new URL(site.server.url).port), rawPath, 'localhost'),
        get(nginxPort, rawPath, 'localhost'),
      ]);
      const a = visible(ours);
      const b = visible(theirs);
      if (JSON.stringify(a) !== JSON.stringify(b))
        differences.push(
          `${rawPath}: serve-regions ${JSON.stringify({ ...a, body: undefined })}, nginx ${JSON.stringify({ ...b, body: undefined })}`,
        );
    }
    expect(differences, `of ${paths.length} paths (serve-regions at ${local})`).toEqual([]);
  });

  it('answers conditional and range requests as serve-regions does: 304, 206 with the same bytes, 416', async () => {
    const port = Number(new URL(site.server.url).port);
    const assets = await readdir(path.join(distDir, 'us', 'assets'));
    const differences: string[] = [];
    for (const rawPath of ['/us/faq', '/robots.txt', `/us/assets/${assets.find((name) => name.endsWith('.js'))}`]) {
      const { etag, 'last-modified': lastModified } = (await get(port, rawPath, 'localhost')).headers as Record<string, string>;
      const requests: Record<string, string>[] = [
        { 'if-none-match': etag! },
        { 'if-modified-since': lastModified! },
        { 'if-none-match': '"0-0"' },
        { range: 'bytes=0-99' },
        { range: 'bytes=-30' },
        { range: 'bytes=50-' },
        { range: 'bytes=99999999-' },
        { range: 'bytes=0-9', 'if-range': etag! },
        { range: 'bytes=0-9', 'if-range': '"0-0"' },
      ];
      for (const headers of requests) {
        const [ours, theirs] = await Promise.all([get(port, rawPath, 'localhost', headers), get(nginxPort, rawPath, 'localhost', headers)]);
        // nginx answers 416 with an error page of its own (its headers doubled): the status and the range say it all.
        const shown = (reply: Reply) =>
          reply.status === 416
            ? { status: 416, range: reply.headers['content-range'] }
            : {
                ...visible(reply),
                ...(reply.status !== 200 && reply.status !== 206
                  ? { body: undefined, type: undefined, length: undefined }
                  : { body: reply.body.toString('latin1') }),
              };
        if (JSON.stringify(shown(ours)) !== JSON.stringify(shown(theirs)))
          differences.push(
            `${rawPath} ${JSON.stringify(headers)}: serve-regions ${JSON.stringify({ ...shown(ours), body: undefined })}, nginx ${JSON.stringify({ ...shown(theirs), body: undefined })}`,
          );
      }
    }
    expect(differences).toEqual([]);
  });

  it('sends HSTS off local hosts and moves a missing page of us from a .cn host to the .com host, as serve-regions does', async () => {
    const port = Number(new URL(site.server.url).port);
    for (const [rawPath, host, status, location] of [
      ['/us/no-such-page', 'www.example.cn', 301, 'https://www.example.com/us/no-such-page'],
      ['/us/faq', 'www.example.cn', 200, undefined],
      ['/no-such-page', 'www.example.cn', 404, undefined],
      ['/us', 'www.example.com', 200, undefined],
    ] as const) {
      const [ours, theirs] = await Promise.all([get(port, rawPath, host), get(nginxPort, rawPath, host)]);
      expect(visible(theirs), `${host}${rawPath}`).toEqual(visible(ours));
      expect(ours.status).toBe(status);
      expect(ours.headers.location).toBe(location);
      expect(ours.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it.each(['/us', '/us/ai-base', '/login'])('serves %s to Chromium with no policy violation: the page hydrates', async (pathname) => {
    const context = await site.browser.newContext();
    const page: Page = await context.newPage();
    await page.addInitScript(() => {
      const found: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = found;
      document.addEventListener('securitypolicyviolation', (event) => found.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const response = await page.goto(`http://localhost:${nginxPort}${pathname}`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    await context.close();
  });
});

/**
 * `_redirects` and `_headers` as Netlify and Cloudflare Pages read them: redirect rules in
 * order, the first that matches wins; a rule without `!` applies only where no file is (a
 * file, or a folder's index.html); `*` matches the rest of the path and `:splat` repeats it;
 * every `_headers` block whose pattern matches adds its headers.
 */
async function cdnAnswer(distRoot: string, rawPath: string, host: string) {
  // The CDN matches the path with its dot segments resolved, as a URL parser resolves them.
  rawPath = path.posix.normalize(rawPath);
  const redirects = (await readFile(path.join(distRoot, '_redirects'), 'utf8'))
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(/\s+/));
  const file = await resolveStaticFile(distRoot, rawPath);
  for (const [from, to, code] of redirects) {
    const forced = code!.endsWith('!');
    if (file && !forced) continue;
    const absolute = from!.startsWith('https://');
    const url = absolute ? `https://${host}${rawPath}` : rawPath;
    const pattern = new RegExp(`^${from!.replace(/[.?+^$()[\]{}|\\]/g, '\\$&').replace(/\*$/, '(.*)')}$`);
    const match = pattern.exec(url) ?? (from!.endsWith('/*') ? pattern.exec(`${url}/`) : null);
    if (!match) continue;
    const status = Number(code!.replace('!', ''));
    if (status === 301) return { status, location: to!.replace(':splat', match[1] ?? '') };
    return { status, file: to };
  }
  return file ? { status: 200, file } : { status: 404 };
}

async function cdnHeaders(distRoot: string, rawPath: string): Promise<Record<string, string>> {
  const lines = (await readFile(path.join(distRoot, '_headers'), 'utf8')).split('\n').filter((line) => line && !line.startsWith('#'));
  const headers: Record<string, string> = {};
  let applies = false;
  for (const line of lines) {
    if (!line.startsWith(' ')) {
      applies = new RegExp(`^${line.replace(/[.?+^$()[\]{}|\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(rawPath);
      continue;
    }
    if (!applies) continue;
    const [name, ...value] = line.trim().split(': ');
    headers[name!] = value.join(': ');
  }
  return headers;
}

describe('_redirects and _headers for static-hosting CDNs', () => {
  it('give every normal path of the sitemap and the odd ones the answer and headers of the host rules', async () => {
    const differences: string[] = [];
    // Slashes are the CDN's own business (docs/deploy.md); a 400 is the CDN's too.
    const paths = (await everyPath()).filter((p) => !/\/\/|.\/(\?|$)|%E0|\.\.|%2e/.test(p)).map((p) => p.split('?', 1)[0]!);
    for (const host of ['www.example.com', 'www.example.cn']) {
      for (const rawPath of paths) {
        const expected = await answer(rules, { hostname: host, rawPath, query: '' }, (pathname) => resolveStaticFile(distDir, pathname));
        const cdn = await cdnAnswer(distDir, decodeURIComponent(rawPath), host);
        const same =
          cdn.status === expected.status &&
          ('location' in expected
            ? cdn.location === expected.location
            : (cdn.file ?? undefined) === ('file' in expected ? expected.file : undefined));
        if (!same) differences.push(`${host}${rawPath}: rules ${JSON.stringify(expected)}, CDN ${JSON.stringify(cdn)}`);
        if (expected.status === 200) {
          const wanted = answerHeaders(rules, host, expected.file);
          const given = await cdnHeaders(distDir, decodeURIComponent(rawPath));
          // What the CDN revalidates by itself: no Cache-Control needed.
          const { 'Cache-Control': cache, ...security } = wanted;
          if (
            JSON.stringify(security) !==
            JSON.stringify(Object.fromEntries(Object.entries(given).filter(([name]) => name !== 'Cache-Control')))
          )
            differences.push(`${rawPath}: headers differ`);
          if ((given['Cache-Control'] ?? 'no-cache') !== cache)
            differences.push(`${rawPath}: Cache-Control ${given['Cache-Control']}, rules ${cache}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
