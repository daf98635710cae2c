import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio } from '../../studio/server/index.ts';
import type { Studio } from '../../studio/server/index.ts';
import type { CheckAnswer, FileAnswer, Overview, PreviewAnswer, SaveAnswer, SearchAnswer } from '../../studio/api.ts';
import { defaultSitesDir } from '../../generator/index.ts';
import { committedContent } from '../support/content.ts';

// The studio's server as a browser (or a hostile page) reaches it (docs/studio.md): the
// session's secret, the Host and Origin checks, the content folder's bounds, atomic saves that
// change only the lines edited, conflicts, and the diagnostics of an unsaved text.

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let studio: Studio;
let work: string;
let content: string;
let cookie: string;

function send(
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; secret?: boolean } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {
    Host: `127.0.0.1:${studio.port}`,
    ...(options.secret !== false && { Cookie: cookie }),
    ...(options.body !== undefined && { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${studio.port}` }),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: studio.port, path: target, method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
const json = <T>(reply: Reply) => JSON.parse(reply.body) as T;
let git: Awaited<ReturnType<typeof committedContent>>['git'];
const PRODUCTS = 'regions/us/products.yaml';

beforeAll(async () => {
  ({ work, content, git } = await committedContent());
  studio = await startStudio({ content: 'content', cwd: work, port: 0, now: Date.parse('2026-11-27T12:00:00Z') });
  const opened = await send(`/?token=${studio.secret}`, { secret: false });
  expect(opened.status).toBe(303);
  cookie = String(opened.headers['set-cookie']).split(';')[0]!;
});

afterAll(async () => {
  await studio?.close();
  await rm(work, { recursive: true, force: true });
});

describe('the studio is safe by default', () => {
  it('prints an address on the loopback address that carries the secret; opening it sets a SameSite=Strict, HttpOnly cookie', async () => {
    expect(studio.url).toBe(`http://127.0.0.1:${studio.port}/?token=${studio.secret}`);
    const opened = await send(`/?token=${studio.secret}`, { secret: false });
    expect(opened.headers.location).toBe('/');
    expect(String(opened.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict; Path=\//);
    const page = await send('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="studio">');
  });

  it("refuses a request without the secret, or with another session's, and says what to do", async () => {
    for (const target of ['/', '/api/overview', `/api/file?id=${PRODUCTS}`]) {
      const refused = await send(target, { secret: false });
      expect(refused.status, target).toBe(403);
      expect(json<{ error: string }>(refused).error).toContain('Open the address build-region studio printed');
    }
    expect((await send('/?token=not-the-secret', { secret: false })).status).toBe(403);
    expect((await send('/api/overview', { headers: { Cookie: `studio-${studio.port}=guess` } })).status).toBe(403);
  });

  it('refuses another Host (a DNS-rebinding page) even with the cookie', async () => {
    const refused = await send('/api/overview', { headers: { Host: `evil.example:${studio.port}` } });
    expect(refused.status).toBe(403);
    expect(json<{ error: string }>(refused).error).toContain('answers at http://127.0.0.1');
  });

  it('refuses a change from another origin, without an origin, or as a form post; the file stays as it was', async () => {
    const before = await readFile(path.join(content, PRODUCTS), 'utf8');
    const body = JSON.stringify({ id: PRODUCTS, text: 'products: {}\n', base: null });
    const attempts: Record<string, string>[] = [
      { Origin: 'http://evil.example' },
      { Origin: `http://127.0.0.1:${studio.port + 1}` },
      { Origin: '' },
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    ];
    for (const headers of attempts) {
      const refused = await send('/api/file', { method: 'PUT', body, headers });
      expect([403, 415], JSON.stringify(headers)).toContain(refused.status);
    }
    expect(await readFile(path.join(content, PRODUCTS), 'utf8')).toBe(before);
  });

  it('writes only inside the content folder: no "..", no absolute path, no symbolic link, YAML only', async () => {
    await symlink(path.join(work, 'outside.yaml'), path.join(content, 'linked.yaml'));
    await writeFile(path.join(work, 'outside.yaml'), 'kept: true\n');
    for (const id of [
      '../outside.yaml',
      '/etc/passwd.yaml',
      'regions/../../outside.yaml',
      'linked.yaml',
      'regions\\us\\products.yaml',
      'stages.json',
    ]) {
      const body = JSON.stringify({ id, text: 'broken: [\n', base: null });
      const refused = await send('/api/file', { method: 'PUT', body });
      expect([400, 403, 404], id).toContain(refused.status);
      expect(json<{ error: string }>(refused).error, id).toMatch(/Refused|No file/);
    }
    expect(await readFile(path.join(work, 'outside.yaml'), 'utf8')).toBe('kept: true\n');
    await rm(path.join(content, 'linked.yaml'));
  });

  it('bounds bodies and answers malformed requests with a message, and goes on answering', async () => {
    const large = await send('/api/check', { method: 'POST', body: JSON.stringify({ id: PRODUCTS, text: 'x'.repeat(3 * 1024 * 1024) }) });
    expect(large.status).toBe(413);
    const malformed = await send('/api/check', { method: 'POST', body: '{"id": ' });
    expect(malformed.status).toBe(400);
    expect(json<{ error: string }>(malformed).error).toContain('not JSON');
    const wrong = await send('/api/check', { method: 'POST', body: JSON.stringify({ id: 3, text: [] }) });
    expect(wrong.status).toBe(400);
    expect((await send('/api/overview')).status).toBe(200);
  });

  it('sends a strict Content-Security-Policy and no-store with every answer', async () => {
    for (const target of ['/', '/api/overview']) {
      const reply = await send(target);
      expect(reply.headers['content-security-policy'], target).toContain("script-src 'self'");
      expect(reply.headers['content-security-policy'], target).toContain("frame-ancestors 'none'");
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('finding, checking and saving content', () => {
  it('lists the regions with their pages (open now or not) and products at their prices, and every file with its counts', async () => {
    const overview = json<Overview>(await send('/api/overview'));
    expect(overview.regions.map((r) => r.code).sort()).toEqual(['cn', 'fr', 'us']);
    const us = overview.regions.find((r) => r.code === 'us')!;
    expect(us.files).toEqual(['regions/us/region.yaml', 'regions/us/products.yaml']);
    expect(us.pages.some((p) => p.path === '/us/faq' && p.open)).toBe(true);
    expect(us.products.find((p) => p.key === 'miniRobot')?.price).toMatch(/^\$\d/);
    expect(overview.files.some((f) => f.id === PRODUCTS)).toBe(true);
  });

  it("counts another hand's change on disk (an editor, a git pull): the overview and the file's diagnostics follow it", async () => {
    const id = 'regions/us/region.yaml';
    const before = json<Overview>(await send('/api/overview'));
    const stamp = async () => json<{ stamp: string }>(await send('/api/overview/stamp')).stamp;
    // What the header watches: the disk's stamp is the overview's until a file changes.
    expect(await stamp()).toBe(before.stamp);
    const disk = await readFile(path.join(content, id), 'utf8');
    await writeFile(path.join(content, id), disk.replace('link: /us/faq', 'link: /us/fqa'));
    try {
      expect(await stamp()).not.toBe(before.stamp);
      const after = json<Overview>(await send('/api/overview'));
      expect(after.stamp).toBe(await stamp());
      expect(after.errors).toBe(before.errors + 1);
      expect(after.buildable).toBe(false);
      expect(after.files.find((f) => f.id === id)?.errors).toBe(1);
      const file = json<FileAnswer>(await send(`/api/file?id=${id}`));
      expect(file.diagnostics.map((d) => d.code)).toContain('E0214');
    } finally {
      await writeFile(path.join(content, id), disk);
    }
    expect(json<Overview>(await send('/api/overview')).errors).toBe(before.errors);
  });

  it('finds every price of miniRobot', async () => {
    const found = json<SearchAnswer>(await send(`/api/search?q=${encodeURIComponent('miniRobot price')}`));
    expect(found.hits.length).toBeGreaterThan(0);
    expect(found.hits.every((hit) => hit.path.includes('miniRobot') && String(hit.path.at(-1)).includes('price'))).toBe(true);
    expect(new Set(found.hits.map((hit) => hit.id))).toContain(PRODUCTS);
  });

  it('checks an unsaved text with the whole content: a broken link is E0214 at its line and column, and the disk is untouched', async () => {
    const id = 'regions/us/region.yaml';
    const file = json<FileAnswer>(await send(`/api/file?id=${id}`));
    const line = file.text.split('\n').findIndex((l) => l.includes('link: /us/faq')) + 1;
    const column = file.text.split('\n')[line - 1]!.indexOf('/us/faq') + 1;
    const broken = file.text.replace('link: /us/faq', 'link: /us/fqa');
    const checked = json<CheckAnswer>(await send('/api/check', { method: 'POST', body: JSON.stringify({ id, text: broken }) }));
    const e0214 = checked.diagnostics.find((d) => d.code === 'E0214');
    expect(e0214).toMatchObject({ id, severity: 'error', line, column, file: `content/${id}` });
    // With its suggestion, and the hint of what to do.
    expect(e0214?.message).toContain("'/us/faq'");
    expect(e0214?.hint).toContain('routes');
    expect(checked.errors).toBeGreaterThan(0);
    expect(await readFile(path.join(content, id), 'utf8')).toBe(file.text);
  });

  it('saves a changed price as one changed line in git diff, comments intact, atomically', async () => {
    const file = json<FileAnswer>(await send(`/api/file?id=${PRODUCTS}`));
    const price = /^(\s+price: )(\d+)$/m.exec(file.text)!;
    const text = file.text.replace(price[0], `${price[1]}${Number(price[2]) + 1}`);
    const saved = json<SaveAnswer>(
      await send('/api/file', { method: 'PUT', body: JSON.stringify({ id: PRODUCTS, text, base: file.hash }) }),
    );
    expect(saved).toMatchObject({ saved: true, buildable: true });
    const diff = git('diff', '--unified=0', '--', `content/${PRODUCTS}`).stdout;
    expect(diff.split('\n').filter((l) => /^[-+](?![-+])/.test(l))).toEqual([`-${price[0]}`, `+${price[1]}${Number(price[2]) + 1}`]);
    expect(git('status', '--porcelain', '--', 'content').stdout.split('\n').filter(Boolean)).toEqual([` M content/${PRODUCTS}`]);
  });

  it('never overwrites a file changed on disk since it was opened: the answer holds the version on disk', async () => {
    const file = json<FileAnswer>(await send(`/api/file?id=${PRODUCTS}`));
    const theirs = `${file.text}# a colleague's note\n`;
    await writeFile(path.join(content, PRODUCTS), theirs);
    const mine = file.text.replace('Prices in USD.', 'Prices in US dollars.');
    const refused = await send('/api/file', { method: 'PUT', body: JSON.stringify({ id: PRODUCTS, text: mine, base: file.hash }) });
    expect(refused.status).toBe(409);
    expect(json<SaveAnswer>(refused)).toMatchObject({ saved: false, conflict: { text: theirs } });
    expect(await readFile(path.join(content, PRODUCTS), 'utf8')).toBe(theirs);
  });

  it('moves the preview clock to an instant given with its offset, and refuses one without', async () => {
    const moved = await send('/api/clock', { method: 'PUT', body: JSON.stringify({ now: '2025-10-26T12:00:00+08:00' }) });
    expect(json<{ now: number }>(moved).now).toBe(Date.parse('2025-10-26T04:00:00Z'));
    for (const now of ['2025-10-26T12:00:00', 'tomorrow', '']) {
      const refused = await send('/api/clock', { method: 'PUT', body: JSON.stringify({ now }) });
      expect(refused.status, now).toBe(400);
      expect(json<{ error: string }>(refused).error).toContain('with its offset');
    }
    expect((await send('/api/preview', { method: 'POST', body: JSON.stringify({ region: 'xx' }) })).status).toBe(404);
  });

  it('previews content with errors as a page listing them, then the pages once mended; writes nothing outside the content folder', async () => {
    // Where `--dev` of this content folder writes its generated modules (for editors; with unsaved texts here).
    const sites = defaultSitesDir(content);
    const snapshot = () =>
      existsSync(sites)
        ? readdirSync(sites, { recursive: true, encoding: 'utf8' }).map((name) => `${name} ${statSync(path.join(sites, name)).mtimeMs}`)
        : [];
    const before = snapshot();
    // The studio's own instant (a test before may have moved the preview's clock), and a broken link unsaved.
    await send('/api/clock', { method: 'PUT', body: JSON.stringify({ now: '2026-11-27T12:00:00Z' }) });
    const region = json<FileAnswer>(await send('/api/file?id=regions/us/region.yaml'));
    const check = (id: string, text: string) => send('/api/check', { method: 'POST', body: JSON.stringify({ id, text }) });
    await check(region.id, region.text.replace('link: /us/faq', 'link: /us/fqa'));
    const preview = json<PreviewAnswer>(await send('/api/preview', { method: 'POST', body: JSON.stringify({ region: 'us' }) }));
    const page = () => fetch(`${preview.origin}/us/faq`, { headers: { Accept: 'text/html' } });
    const waiting = await page();
    expect(waiting.status).toBe(503);
    const html = await waiting.text();
    expect(html).toContain('<h1>The preview waits for the content to be valid</h1>');
    expect(html).toMatch(/<code>E0214<\/code>[^<]*'\/us\/fqa'/);
    // Mended: the pages themselves.
    await check(region.id, region.text);
    await expect.poll(async () => (await page()).status).toBe(200);
    const id = 'regions/us/products.yaml';
    const file = json<FileAnswer>(await send(`/api/file?id=${id}`));
    expect(
      (
        await check(
          id,
          file.text.replace(/price: (\d+)/, (_, price: string) => `price: ${Number(price) + 1}`),
        )
      ).status,
    ).toBe(200);
    // Past the moments `--dev` writes them: 1 s after its first page is served, 2 s after an edit.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(snapshot()).toEqual(before);
    expect((await check(id, file.text)).status).toBe(200);
  });

  it('saves a file with errors (work in steps), and says the sites will not build', async () => {
    const id = 'regions/us/region.yaml';
    const file = json<FileAnswer>(await send(`/api/file?id=${id}`));
    const broken = file.text.replace('link: /us/faq', 'link: /us/fqa');
    const saved = json<SaveAnswer>(await send('/api/file', { method: 'PUT', body: JSON.stringify({ id, text: broken, base: file.hash }) }));
    expect(saved).toMatchObject({ saved: true, buildable: false });
    expect(saved.saved && saved.diagnostics.some((d) => d.code === 'E0214')).toBe(true);
    expect(json<Overview>(await send('/api/overview')).buildable).toBe(false);
    const fixed = json<SaveAnswer>(
      await send('/api/file', { method: 'PUT', body: JSON.stringify({ id, text: file.text, base: saved.saved ? saved.hash : '' }) }),
    );
    expect(fixed).toMatchObject({ saved: true, buildable: true });
  });
});
