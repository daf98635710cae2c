import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.ts';
import { MAX_AREAS } from '../../preview/review/changed-areas.js';
import { PICTURE_SIZES } from '../../preview/pictures/index.ts';
import { reviewPictures } from '../../preview/review/index.ts';
import type { ReviewOptions, ReviewResult } from '../../preview/review/index.ts';
import { axeViolations, openFile } from '../support/browser.ts';
import { copyFixtureContent, setYamlValue } from '../support/content.ts';
import { useTestSite } from '../support/site.ts';

/**
 * The review page's changed areas and marks (issue 46, points 3 and 4; docs/review.md): a price
 * change boxed and cropped before the whole page, and "Seen, as intended" ticked in the real page,
 * downloaded, and read by the next review, which lists in summary.md only what nobody has marked
 * (and no longer counts a mark once its page's picture changes). On the fixtures' small content
 * tree at a phone's width, as tests/e2e/review.test.ts.
 */
const run = promisify(execFile);
const NOW = Date.parse('2026-11-22T12:00:00+08:00');
const { work, content } = await copyFixtureContent();
afterAll(() => rm(work, { recursive: true, force: true }));
const phone = PICTURE_SIZES.find((size) => size.name === 'phone')!;
const site = useTestSite({ serve: false });
const products = path.join(content, 'regions/us/products.yaml');
const BUMBLEBEE_PRICE = ['products', 'flagshipBumblebee', 'price'];

beforeAll(async () => {
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.email=maintainer@example.com', '-c', 'user.name=Maintainer', ...args], { cwd: work });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-qm', 'the content as published');
  // One price lowered in us: its product page and the home page's line-up show it.
  await setYamlValue(products, BUMBLEBEE_PRICE, (price: unknown) => (price as number) - 100);
});

async function review(out: string, options: Partial<ReviewOptions> = {}): Promise<ReviewResult & { summary: string }> {
  const result = await reviewPictures({
    content,
    revision: 'HEAD',
    cwd: work,
    now: NOW,
    at: [],
    out: path.join(work, out),
    sizes: [phone],
    ...options,
  });
  return { ...result, summary: await readFile(path.join(work, out, 'summary.md'), 'utf8') };
}

/** Where the difference picture shows a changed pixel: red or blue, where the rest is grey. */
async function coloured(difference: Buffer): Promise<{ x: number; y: number }[]> {
  const { data, info } = await sharp(difference).raw().toBuffer({ resolveWithObject: true });
  const found: { x: number; y: number }[] = [];
  for (let i = 0; i < info.width * info.height; i++) {
    const [r, g, b] = [data[i * info.channels]!, data[i * info.channels + 1]!, data[i * info.channels + 2]!];
    if (r - g > 100 || b - r > 100) found.push({ x: i % info.width, y: Math.floor(i / info.width) });
  }
  return found;
}

let first: ReviewResult & { summary: string };

describe('the changed areas of a price change', () => {
  it('boxes the changed pixels in a few small areas, and shows their crops before the whole page', async () => {
    first = await review('review-1');
    const product = first.pictures.find((p) => p.path === '/us/flagship-bumblebee')!;
    const areas = product.areas!;
    expect(areas.length).toBeGreaterThan(0);
    expect(areas.length).toBeLessThanOrEqual(MAX_AREAS);
    // Every changed pixel is in a box; the boxes together are a small part of the page.
    expect(areas.reduce((sum, a) => sum + a.pixels, 0)).toBe(product.changed);
    expect(areas.reduce((sum, a) => sum + a.width * a.height, 0)).toBeLessThan((product.width * product.height) / 100);
    // What the difference shows changed lies in the boxes (within JPEG's 8 px blocks).
    const shown = await coloured(product.difference!);
    expect(shown.length).toBeGreaterThan(0);
    const near = (p: { x: number; y: number }) =>
      areas.some((a) => p.x >= a.x - 8 && p.x < a.x + a.width + 8 && p.y >= a.y - 8 && p.y < a.y + a.height + 8);
    expect(shown.filter((p) => !near(p))).toEqual([]);
    // The review.json keeps the areas for scripts.
    const json = JSON.parse(await readFile(path.join(work, 'review-1', 'review.json'), 'utf8'));
    expect(json.pictures.find((p: { path: string }) => p.path === '/us/flagship-bumblebee').areas).toEqual(areas);

    const { context, page, errors } = await openFile(site.browser, path.join(work, 'review-1', 'index.html'));
    try {
      const section = page.locator('section', { has: page.getByRole('heading', { name: /^us \/us\/flagship-bumblebee at / }) });
      const alts = await section.locator('img').evaluateAll((list) => list.map((img) => img.getAttribute('alt')!));
      // The crops first, each named by its area and place; the whole pictures last.
      const n = areas.length;
      const [x, y] = [Math.round(areas[0]!.x + areas[0]!.width / 2), Math.round(areas[0]!.y + areas[0]!.height / 2)];
      expect(alts.slice(0, 3)).toEqual(
        ['before', 'after', 'difference'].map(
          (side) => `${side}, changed area 1 of ${n} around ${x},${y} of /us/flagship-bumblebee, phone`,
        ),
      );
      expect(alts.slice(-3)).toEqual([
        `/us/flagship-bumblebee before, phone, the whole page, ${n} changed area${n === 1 ? '' : 's'} boxed`,
        `/us/flagship-bumblebee after, phone, the whole page, ${n} changed area${n === 1 ? '' : 's'} boxed`,
        `changed pixels of /us/flagship-bumblebee, phone, the whole page, ${n} changed area${n === 1 ? '' : 's'} boxed`,
      ]);
      const crop = section.getByAltText(`after, changed area 1 of ${n} around ${x},${y} of /us/flagship-bumblebee, phone`);
      const whole = section.getByAltText(/^\/us\/flagship-bumblebee after, phone, the whole page/);
      await expect.poll(() => crop.isVisible()).toBe(true);
      expect(await whole.isVisible()).toBe(false);
      // The crop is about the area, its box drawn over it; the whole page is a click away.
      const size = await crop.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
      expect(size[0]).toBeLessThanOrEqual(phone.width);
      expect(size[1]).toBeLessThan(product.height / 4);
      expect(await section.locator('.area').first().locator('svg rect').count()).toBe(6);
      await section.getByText('The whole page: before, after and the difference').click();
      await expect.poll(() => whole.isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000); // Both sides built and pictured: minutes when the whole suite loads the machine.
});

describe('seen, as intended', () => {
  const marksFile = path.join(work, 'downloaded-marks.json');

  it('keeps a tick in the browser and downloads it as a marks file', async () => {
    const { context, page, errors } = await openFile(site.browser, path.join(work, 'review-1', 'index.html'));
    try {
      const seen = page.getByRole('checkbox', { name: 'Seen, as intended (/us/flagship-bumblebee, phone)' });
      expect(await page.getByRole('checkbox', { name: /^Seen, as intended/ }).count()).toBe(2);
      expect(await seen.isChecked()).toBe(false);
      await seen.check();
      await expect.poll(() => page.locator('#marks-count').textContent()).toBe('1 of 2 changed pictures marked as seen, as intended.');
      // Kept in the browser: a reload (a second look at the artefact) shows it ticked.
      await page.reload();
      expect(await seen.isChecked()).toBe(true);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download the marks' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('review-marks.json');
      await download.saveAs(marksFile);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    const product = first.pictures.find((p) => p.path === '/us/flagship-bumblebee')!;
    expect(JSON.parse(await readFile(marksFile, 'utf8'))).toEqual({
      format: 'build-region review marks 1',
      revision: 'HEAD',
      marks: [{ region: 'us', path: '/us/flagship-bumblebee', at: 'now', size: 'phone', fingerprint: product.fingerprint }],
    });
    expect(first.summary).toContain('Not yet marked as seen: us /us (phone); us /us/flagship-bumblebee (phone).');
  });

  it('counts the downloaded marks in the next review: the marked page leaves the unmarked list', async () => {
    const second = await review('review-2', { marks: marksFile });
    expect(second.summary).toContain('Not yet marked as seen: us /us (phone).');
    expect(second.summary).not.toMatch(/Not yet marked as seen:.*flagship-bumblebee/);
    expect(second.summary).toContain('| us | /us/flagship-bumblebee | 2026-11-22T04:00:00Z |');
    expect(second.summary).toMatch(/\| us \| \/us\/flagship-bumblebee \| 2026-11-22T04:00:00Z \| [\d,]+, seen \|/);
    const page = await readFile(path.join(work, 'review-2', 'index.html'), 'utf8');
    expect(page).toContain('1 of 2 changed pictures marked as seen, as intended (1 from downloaded-marks.json).');
  });

  it('no longer counts a mark once the picture it was given for has changed', async () => {
    await setYamlValue(products, BUMBLEBEE_PRICE, (price: unknown) => (price as number) - 100);
    const third = await review('review-3', { marks: marksFile });
    expect(third.summary).toContain('Not yet marked as seen: us /us (phone); us /us/flagship-bumblebee (phone).');
    expect(third.summary).not.toContain(', seen |');
  });

  it('as a command, reads the marks file given with --marks', async () => {
    let given: ReviewOptions | undefined;
    const status = await main(
      ['diff', 'HEAD', '--pictures', '--marks', 'downloaded-marks.json', '--content', content, '--now', new Date(NOW).toISOString()],
      {
        cwd: work,
        isTTY: false,
        env: {},
        stdout: () => {},
        stderr: () => {},
        // What the command hands the review (its pictures are tested above).
        reviewPictures: async (options) => ((given = options), { pages: [], pictures: [], file: path.join(work, 'index.html') }),
      },
    );
    expect(status).toBe(0);
    expect(given?.marks).toBe(marksFile);
  });
});
