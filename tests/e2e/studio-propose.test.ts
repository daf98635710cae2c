import { spawnSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio } from '../../studio/server/index.ts';
import { axeViolations, collectErrors } from '../support/browser.ts';
import { copyFixtureContent } from '../support/content.ts';
import { useStudioSession } from '../support/studio.ts';
import type { StudioSession } from '../support/studio.ts';

// The change as a reviewer sees it and proposes it (docs/studio.md, "Changes" and "Propose";
// issue 50): the files changed and the diff's words per region, its pictures on request, and
// Propose: a branch with exactly the change pushed to a bare repository standing in for the
// remote, and one pull-request call to a local server standing in for GitHub's API (GitHub cannot
// be reached here: this server records the call instead, and is the only stand-in).

const PRODUCTS = 'regions/us/products.yaml';
let session: StudioSession;
let remote: string;
let api: Server;
/** Each session's remote (beside its work folder, which the session removes). */
const remotes: string[] = [];
const calls: { method: string; url: string; authorization: string; body: unknown }[] = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      calls.push({
        method: req.method!,
        url: req.url!,
        authorization: String(req.headers.authorization),
        body: JSON.parse(body || 'null'),
      });
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ html_url: 'https://github.example/example/robots/pull/7', number: 7 }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => api?.close(resolve));
  await Promise.all(remotes.map((dir) => rm(dir, { recursive: true, force: true })));
});

const github = () => ({
  github: { token: 'test-token', repository: 'example/robots', apiUrl: `http://127.0.0.1:${(api.address() as { port: number }).port}` },
});

useStudioSession(
  Date.parse('2026-11-27T12:00:00Z'),
  async (started) => {
    session = started;
    calls.length = 0;
    // The repository's remote: a bare repository with the content's first commit.
    remote = path.join(session.work, '..', `${path.basename(session.work)}-remote.git`);
    remotes.push(remote);
    spawnSync('git', ['init', '-q', '--bare', remote]);
    session.git('remote', 'add', 'origin', remote);
    session.git('config', 'user.name', 'Rowan Reviewer');
    session.git('config', 'user.email', 'rowan@example.com');
    session.git('push', '-q', 'origin', 'HEAD');
    // The maintainer saved a new us price; another file outside the content is changed too.
    const file = path.join(session.content, PRODUCTS);
    await writeFile(file, (await readFile(file, 'utf8')).replace('    price: 199\n', '    price: 189\n'));
    await writeFile(path.join(session.work, 'NOTES.txt'), 'not content\n');
  },
  github,
);

const bare = (...args: string[]) => spawnSync('git', args, { cwd: remote, encoding: 'utf8' }).stdout.trim();

describe('the change, as a reviewer sees it and proposes it', () => {
  it('says, on a content folder outside git, that Changes compares with a commit, and the screen stays', async () => {
    const outside = await copyFixtureContent();
    const studio = await startStudio({ content: 'content', cwd: outside.work, port: 0, now: Date.parse('2026-11-27T12:00:00Z') });
    const page = await session.context.newPage();
    try {
      const errors = collectErrors(page);
      await page.goto(studio.url);
      await page.goto(`http://127.0.0.1:${studio.port}/?changes=`);
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toBe('The content folder is not in a git repository: the Changes view compares it with a commit.');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Changes');
      // The browser reports the refused request itself (409); nothing else went wrong.
      expect(errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
    } finally {
      await page.close();
      await studio.close();
      await rm(outside.work, { recursive: true, force: true });
    }
  });

  it('says a screen stopped on a bug, with a way on, instead of going blank', async () => {
    const { page } = await session.open();
    // An answer the page cannot read (what a bug of the page or of the server would make): no list of changes.
    await page.route('**/api/changes?*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
    await page.goto(`http://127.0.0.1:${session.studio.port}/?changes=`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('This screen stopped');
    expect(await page.getByRole('alert').textContent()).toMatch(/^The studio's page hit a bug: \S/);
    // The header stays, and the way on leads to a screen that works.
    expect(await page.locator('header.bar .brand').textContent()).toBe('Studio');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Every file' }).click();
    await page.locator('.regions .region').first().waitFor();
    await page.close();
  });

  it('lists the files changed and what visitors will see change, per region', async () => {
    const { page, errors } = await session.open();
    await page.getByRole('link', { name: 'Changes' }).click();
    await expect.poll(() => page.locator('.files li').allTextContents()).toEqual([`${PRODUCTS} modified`]);
    const us = page.getByRole('region', { name: 'Changes in us' });
    expect(await us.locator('h4').allTextContents()).toEqual(['prices and offers']);
    expect(await us.locator('li').allTextContents()).toEqual([
      'price of Mini Robot: $199.00 -> $189.00 (on /us, /us/mini-robot)',
      'installment line: "Pay in 12 monthly installments · $16.58/month" -> "Pay in 12 monthly installments · $15.75/month" (on /us/mini-robot)',
    ]);
    expect(await page.getByLabel('Commit message (its first line)').inputValue()).toBe(
      'Content: price of Mini Robot: $199.00 -> $189.00 and 1 more (us)',
    );
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `Changes at ${width}`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('pictures the pages touched on request, before and after, in a review page the studio serves', async () => {
    const { page, errors } = await session.open();
    await page.goto(`http://127.0.0.1:${session.studio.port}/?changes=`);
    await page.getByRole('button', { name: 'Make the pictures' }).click();
    const status = page.locator('.pictures-status');
    await expect.poll(() => status.textContent(), { timeout: 180_000 }).toMatch(/^\d+ pages? pictured, [1-9]\d* with changed pixels\.$/);
    const href = await page.getByRole('link', { name: 'Open the review page' }).getAttribute('href');
    expect(href).toMatch(/^\/review\/[0-9a-f]{16}$/);
    // The review page runs under a CSP of its own (its inline scripts by hash): no error, its pictures shown.
    const review = await session.context.newPage();
    const reviewErrors: string[] = [];
    review.on('console', (message) => message.type() === 'error' && reviewErrors.push(message.text()));
    await review.goto(`http://127.0.0.1:${session.studio.port}${href}`);
    expect(await review.locator('img').count()).toBeGreaterThan(1);
    expect(await review.locator('body').textContent()).toContain('/us/mini-robot');
    expect(reviewErrors).toEqual([]);
    await review.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('proposes it: one commit of the content change alone on a new branch of the remote, and one pull-request call', async () => {
    const { page, errors } = await session.open();
    await page.goto(`http://127.0.0.1:${session.studio.port}/?changes=`);
    await page.getByRole('button', { name: 'Propose' }).click();
    const status = page.locator('.propose [role="status"]');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain('Pull request #7 opened.');
    const branch = (await status.locator('code').first().textContent())!;
    expect(branch).toMatch(/^content\//);
    expect(await status.textContent()).toContain('Pushed to origin.');
    // The remote has the branch: one commit over the base, with the content file alone, by the repository's author.
    const base = bare('rev-parse', 'HEAD');
    expect(bare('rev-list', '--count', `${base}..${branch}`)).toBe('1');
    expect(bare('diff', '--name-only', base, branch)).toBe(`content/${PRODUCTS}`);
    expect(bare('log', '-1', '--format=%an <%ae>%n%s', branch)).toBe(
      'Rowan Reviewer <rowan@example.com>\nContent: price of Mini Robot: $199.00 -> $189.00 and 1 more (us)',
    );
    // One call to the API, as GitHub's REST API takes it, with the diff's words as the body.
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/repos/example/robots/pulls',
      authorization: expect.stringContaining('test-token'),
    });
    expect(calls[0]!.body).toMatchObject({ title: 'Content: price of Mini Robot: $199.00 -> $189.00 and 1 more (us)', head: branch });
    expect((calls[0]!.body as { body: string }).body).toContain('- price of Mini Robot: $199.00 -> $189.00 (on /us, /us/mini-robot)');
    // The maintainer's checkout is as it was: the change still in the working tree, the other file untouched.
    expect(session.git('status', '--porcelain').stdout.split('\n').filter(Boolean).sort()).toEqual([
      ` M content/${PRODUCTS}`,
      '?? NOTES.txt',
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
