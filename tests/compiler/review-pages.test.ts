import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compileContent } from '../../generator/compile.ts';
import { contentAtRevision } from '../../generator/diff.ts';
import { PACKAGE_ROOT } from '../../generator/paths.ts';
import { pagesToReview } from '../../preview/review.ts';
import { replaceInFile } from '../support/content.ts';

/**
 * Which pages `build-region diff --pictures` pictures (issue 32, docs/review.md): those whose
 * visible content the diff says differs, and nothing for a comment.
 */
const run = promisify(execFile);
const NOW = Date.parse('2026-11-22T12:00:00+08:00');
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-review-'));
const content = path.join(work, 'content');
afterAll(() => rm(work, { recursive: true, force: true }));
const git = (...args: string[]) => run('git', ['-c', 'user.email=maintainer@example.com', '-c', 'user.name=Maintainer', ...args], { cwd: work });

beforeAll(async () => {
  await cp(path.join(PACKAGE_ROOT, 'content'), content, { recursive: true });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-qm', 'the content as published');
});
beforeEach(async () => {
  await git('checkout', '-q', '--', '.');
  await git('clean', '-qfd');
});

/** The pages pictured, as `region path @instant` lines. */
async function pictured(at: readonly (number | 'boundaries')[] = []): Promise<string[]> {
  const old = await contentAtRevision(content, 'HEAD');
  try {
    const before = await compileContent({ content: old.dir, cwd: work, now: NOW, cache: false, history: old.history });
    const after = await compileContent({ content, cwd: work, now: NOW, cache: false });
    return pagesToReview(before, after, NOW, at).map((p) => `${p.region} ${p.path} @${new Date(p.at).toISOString()}`);
  } finally {
    await old.dispose();
  }
}
const at = (pages: string[], iso = '2026-11-22T04:00:00.000Z') => pages.map((p) => `${p} @${iso}`);

describe('the pages diff --pictures pictures', () => {
  it('pictures nothing for a comment or formatting', async () => {
    await replaceInFile(path.join(content, 'regions/us/region.yaml'), 'currency: USD', 'currency: "USD" # dollars');
    await replaceInFile(path.join(content, 'pages/faq/en.yaml'), 'sections:', '# most asked first\nsections:');
    expect(await pictured(['boundaries'])).toEqual([]);
  });

  it('pictures a price only on the pages of its region that show it', async () => {
    await replaceInFile(path.join(content, 'regions/us/products.yaml'), 'palette: red-blue\n    price: 299', 'palette: red-blue\n    price: 289');
    expect(await pictured()).toEqual(at(['us /us', 'us /us/ai-base', 'us /us/elite-optimus-prime']));
  });

  it("pictures a page's text on that page only, in every region that shows it", async () => {
    await replaceInFile(path.join(content, 'pages/faq/en.yaml'), 'a full battery gives roughly 45 to 90 minutes', 'a full battery gives roughly 50 to 90 minutes');
    const pages = await pictured();
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((line) => / \/\w+\/faq @/.test(line)), pages.join('\n')).toBe(true);
    expect(pages).toContain('us /us/faq @2026-11-22T04:00:00.000Z');
  });

  it('pictures a nav item on every page of its region, and of no other region', async () => {
    await replaceInFile(path.join(content, 'regions/us/region.yaml'), '{ label: Flagship Megatron, link: /us/flagship-megatron, identify', '{ label: Megatron, link: /us/flagship-megatron, identify');
    const pages = await pictured();
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.every((line) => line.startsWith('us /us'))).toBe(true);
    expect(pages).toEqual(expect.arrayContaining(at(['us /us', 'us /us/faq', 'us /us/flagship-megatron'])));
  });

  it('pictures a moved window on its page now and at the boundaries where it opens or closes on either side', async () => {
    await replaceInFile(path.join(content, 'regions/us/region.yaml'), '{ page: black-friday, window: { start: "2026-11-20T00:00:00-05:00", end: "2026-12-01T00:00:00-05:00" } }', '{ page: black-friday, window: { start: "2026-11-20T00:00:00-05:00", end: "2026-12-02T00:00:00-05:00" } }');
    const pages = await pictured(['boundaries']);
    // Before: it closes on 1 December; after: on the 2nd. Both instants show the difference, on
    // the page and, through the nav link to it that shows while it is open, on every us page.
    expect(pages).toEqual(expect.arrayContaining(['us /us/black-friday @2026-11-22T04:00:00.000Z', 'us /us/black-friday @2026-12-01T05:00:00.000Z', 'us /us/black-friday @2026-12-02T05:00:00.000Z', 'us /us @2026-12-01T05:00:00.000Z', 'us /us/faq @2026-12-02T05:00:00.000Z']));
    expect(pages.every((line) => line.startsWith('us /us'))).toBe(true);
    expect(new Set(pages.map((line) => line.split('@')[1]))).toEqual(new Set(['2026-11-22T04:00:00.000Z', '2026-12-01T05:00:00.000Z', '2026-12-02T05:00:00.000Z']));
    // An instant given: the affected pages as they are then.
    const given = await pictured([Date.parse('2026-12-01T12:00:00Z')]);
    expect(given).toEqual(expect.arrayContaining(['us /us/black-friday @2026-11-22T04:00:00.000Z', 'us /us/black-friday @2026-12-01T12:00:00.000Z']));
    expect(given.filter((line) => line.endsWith('@2026-12-01T12:00:00.000Z')).length).toBe(given.length / 2);
  });
});
