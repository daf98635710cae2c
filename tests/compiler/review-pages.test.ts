import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compileContent, contentAtRevision, PACKAGE_ROOT } from '../../generator/index.ts';
import { pagesToReview } from '../../preview/review/index.ts';
import { renderReviewPage, renderReviewSummary } from '../../preview/review/page.ts';
import { replaceInFile, setYamlValue, yamlValue } from '../support/content.ts';

/**
 * Which pages `build-region diff --pictures` pictures (issue 32, docs/review.md): those whose
 * visible content the diff says differs, and nothing for a comment.
 */
const run = promisify(execFile);
const NOW = Date.parse('2026-11-22T12:00:00+08:00');
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-review-'));
const content = path.join(work, 'content');
afterAll(() => rm(work, { recursive: true, force: true }));
const git = (...args: string[]) =>
  run('git', ['-c', 'user.email=maintainer@example.com', '-c', 'user.name=Maintainer', ...args], { cwd: work });

beforeAll(async () => {
  await cp(path.join(PACKAGE_ROOT, 'content'), content, { recursive: true });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-qm', 'the content as published');
  await git('tag', 'published');
});
beforeEach(async () => {
  await git('reset', '-q', '--hard', 'published');
  await git('clean', '-qfd');
});

/** Sets values in the commit compared with (by amending it), so that a test states the instants it reads back itself. */
async function publish(edit: () => Promise<unknown>): Promise<void> {
  await edit();
  await git('commit', '-qa', '--amend', '--no-edit');
}
const usRegion = path.join(content, 'regions/us/region.yaml');

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
    const currency = await yamlValue(usRegion, ['currency']);
    await replaceInFile(usRegion, `currency: ${currency}`, `currency: "${currency}" # dollars`);
    await replaceInFile(path.join(content, 'pages/faq/en.yaml'), 'sections:', '# most asked first\nsections:');
    expect(await pictured(['boundaries'])).toEqual([]);
  });

  it('pictures a price only on the pages of its region that show it', async () => {
    await setYamlValue(path.join(content, 'regions/us/products.yaml'), ['products', 'aiBase', 'price'], (price: number) => price - 10);
    expect(await pictured()).toEqual(at(['us /us', 'us /us/ai-base', 'us /us/elite-optimus-prime']));
  });

  it("pictures a page's text on that page only, in every region that shows it", async () => {
    await setYamlValue(
      path.join(content, 'pages/faq/en.yaml'),
      ['sections', 0, 'text'],
      'A full battery gives roughly 50 to 90 minutes of active play.',
    );
    const pages = await pictured();
    expect(pages.length).toBeGreaterThan(0);
    expect(
      pages.every((line) => / \/\w+\/faq @/.test(line)),
      pages.join('\n'),
    ).toBe(true);
    expect(pages).toContain('us /us/faq @2026-11-22T04:00:00.000Z');
  });

  it('pictures a nav item on every page of its region, and of no other region', async () => {
    await setYamlValue(usRegion, ['navs', { identify: 'robots' }, 'children', { identify: 'flagship-megatron' }, 'label'], 'Megatron');
    const pages = await pictured();
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.every((line) => line.startsWith('us /us'))).toBe(true);
    expect(pages).toEqual(expect.arrayContaining(at(['us /us', 'us /us/faq', 'us /us/flagship-megatron'])));
  });

  it('pictures a moved window on its page now and at the boundaries where it opens or closes on either side', async () => {
    const window = ['routes', { page: 'black-friday' }, 'window'];
    await publish(async () => {
      await setYamlValue(usRegion, [...window, 'start'], '2026-11-20T00:00:00-05:00');
      await setYamlValue(usRegion, [...window, 'end'], '2026-12-01T00:00:00-05:00');
    });
    await setYamlValue(usRegion, [...window, 'end'], '2026-12-02T00:00:00-05:00');
    const pages = await pictured(['boundaries']);
    // Before: it closes on 1 December; after: on the 2nd. On the 1st the sides differ, on the
    // page and, through the nav link to it that shows while it is open, on every us page; on the
    // 2nd it is closed and its link hidden on both sides: a visitor sees the same, nothing is
    // pictured then.
    expect(pages).toEqual(
      expect.arrayContaining([
        'us /us/black-friday @2026-11-22T04:00:00.000Z',
        'us /us/black-friday @2026-12-01T05:00:00.000Z',
        'us /us @2026-12-01T05:00:00.000Z',
        'us /us/faq @2026-12-01T05:00:00.000Z',
      ]),
    );
    expect(pages.every((line) => line.startsWith('us /us'))).toBe(true);
    expect(new Set(pages.map((line) => line.split('@')[1]))).toEqual(new Set(['2026-11-22T04:00:00.000Z', '2026-12-01T05:00:00.000Z']));
    // An instant given: the affected pages as they are then.
    const given = await pictured([Date.parse('2026-12-01T12:00:00Z')]);
    expect(given).toEqual(
      expect.arrayContaining(['us /us/black-friday @2026-11-22T04:00:00.000Z', 'us /us/black-friday @2026-12-01T12:00:00.000Z']),
    );
    expect(given.filter((line) => line.endsWith('@2026-12-01T12:00:00.000Z')).length).toBe(given.length / 2);
  });
});

describe('the review page', () => {
  it('shows each changed page before, after and the difference with the words beside them, and lists the unchanged apart', async () => {
    const sharp = (await import('sharp')).default;
    const picture = (colour: string) =>
      sharp({ create: { width: 20, height: 10, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
    const [white, red] = await Promise.all([picture('#ffffff'), picture('#ff0000')]);
    const base = { region: 'us', at: NOW, width: 20, height: 10 };
    const html = renderReviewPage({
      revision: 'main',
      now: NOW,
      pages: [],
      pictures: [
        {
          ...base,
          path: '/us/ai-base',
          size: 'phone',
          changed: 200,
          changes: ['prices and offers: price of AI Base: $299.00 -> $289.00 (on /us/ai-base)'],
          before: white,
          after: red,
          difference: red,
        },
        {
          ...base,
          path: '/us/ai-base',
          size: 'desktop',
          changed: 0,
          changes: ['prices and offers: price of AI Base: $299.00 -> $289.00 (on /us/ai-base)'],
          before: white,
          after: white,
          difference: white,
        },
        {
          ...base,
          path: '/us/faq',
          size: 'phone',
          changed: 0,
          changes: ['page heads: /us/faq: title: "FAQ" -> "FAQ, answered"'],
          before: white,
          after: white,
          difference: white,
        },
      ],
    });
    const changed = html.slice(html.indexOf('<h2>us</h2>'), html.indexOf('<h2>No visible pixel change</h2>'));
    expect(changed).toContain('<h3>us /us/ai-base at 2026-11-22T04:00:00Z</h3>');
    expect(changed).toContain('price of AI Base: $299.00 -&#62; $289.00');
    expect(changed).toContain('phone (20 px wide): 200 pixels changed');
    expect(changed).toContain('desktop (20 px wide): 0 pixels changed');
    expect(changed.match(/<figcaption>(Before|After|Difference)<\/figcaption>/g)).toHaveLength(6);
    expect(changed).not.toContain('/us/faq');
    const apart = html.slice(html.indexOf('<h2>No visible pixel change</h2>'));
    expect(apart).toContain('us /us/faq at 2026-11-22T04:00:00Z');
    expect(apart).toContain('title: &#34;FAQ&#34; -&#62; &#34;FAQ, answered&#34;');
    // Self-contained: every picture is in the page itself.
    expect([...html.matchAll(/src="([^"]+)"/g)].every(([, src]) => src!.startsWith('data:image/jpeg;base64,'))).toBe(true);
    expect(html).toContain('2 pages pictured before and after, 1 with changed pixels, 1 without');
  });

  it('has a job summary: a row per page pictured, changed pages first, changed pixels per width, no picture', () => {
    const base = { region: 'us', at: NOW, width: 20, height: 10 };
    const price = 'prices and offers: price of AI Base: $299.00 -> $289.00 (on /us, /us/ai-base)';
    const summary = renderReviewSummary({
      revision: 'origin/main',
      now: NOW,
      pictures: [
        { ...base, path: '/us', size: 'phone', changed: 0, changes: [price] },
        { ...base, path: '/us', size: 'desktop', changed: 0, changes: [price] },
        { ...base, path: '/us/ai-base', size: 'phone', changed: 1234, changes: [price, 'a | in words'] },
        { ...base, path: '/us/ai-base', size: 'desktop', changed: 56, changes: [price, 'a | in words'] },
        {
          ...base,
          path: '/us/black-friday',
          at: Date.parse('2026-12-01T05:00:00Z'),
          size: 'phone',
          changed: 750,
          missing: 'after',
          changes: ['pages: /us/black-friday removed'],
        },
      ],
    });
    const rows = summary.split('\n').filter((line) => line.startsWith('| us '));
    expect(rows).toEqual([
      '| us | /us/ai-base | 2026-11-22T04:00:00Z | 1,234 | 56 | prices and offers: price of AI Base: $299.00 -\\> $289.00 (on /us, /us/ai-base); a \\| in words |',
      '| us | /us/black-friday | 2026-12-01T05:00:00Z (later) | 750 (page only before) |  | pages: /us/black-friday removed |',
      '| us | /us | 2026-11-22T04:00:00Z | 0 | 0 | prices and offers: price of AI Base: $299.00 -\\> $289.00 (on /us, /us/ai-base) |',
    ]);
    expect(summary).toContain('| region | page | instant | phone: changed pixels | desktop: changed pixels | what changed |');
    expect(summary).toContain('3 pages pictured before and after, 2 with changed pixels');
    expect(summary).not.toContain('data:');
    expect(renderReviewSummary({ revision: 'main', now: NOW, pictures: [] })).toContain('no page shows a visible change');
  });
});
