import { execFile } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.ts';
import { PICTURE_SIZES } from '../../preview/pictures/index.ts';
import { reviewPictures, startPictureThread } from '../../preview/review/index.ts';
import type { ReviewResult } from '../../preview/review/index.ts';
import { formatPrice } from '../../core/format.ts';
import { copyFixtureContent, setYamlValue, yamlValue } from '../support/content.ts';

/**
 * `build-region diff <revision> --pictures` from end to end (issue 32, docs/review.md): both
 * sides built, the pages the change names pictured and compared, the review page, review.json
 * and summary.md written, and a second review against the same base pictures only the working
 * tree's side. On the fixtures' small content tree, at a phone's width only, to keep it short.
 */
const run = promisify(execFile);
const NOW = Date.parse('2026-11-22T12:00:00+08:00');
const { work, content } = await copyFixtureContent();
afterAll(() => rm(work, { recursive: true, force: true }));
const phone = PICTURE_SIZES.find((size) => size.name === 'phone')!;

/** The price change, as the review writes it (read back from the fixtures, not copied from them). */
let change: { name: string; was: string; is: string };

beforeAll(async () => {
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.email=maintainer@example.com', '-c', 'user.name=Maintainer', ...args], { cwd: work });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-qm', 'the content as published');
  // One price lowered in us: its product page and the home page's line-up show it.
  const products = path.join(content, 'regions/us/products.yaml');
  const was = (await setYamlValue(
    products,
    ['products', 'flagshipBumblebee', 'price'],
    (price: unknown) => (price as number) - 100,
  )) as number;
  const name = await yamlValue(products, ['products', 'flagshipBumblebee', 'name']);
  change = { name: name as string, was: formatPrice(was, 'en-US', 'USD'), is: formatPrice(was - 100, 'en-US', 'USD') };
});

async function review(out: string): Promise<{ result: ReviewResult; log: string }> {
  let log = '';
  const result = await reviewPictures({
    content,
    revision: 'HEAD',
    cwd: work,
    now: NOW,
    at: [],
    out: path.join(work, out),
    sizes: [phone],
    log: (line) => (log += line),
  });
  return { result, log };
}

/** The command as bin/build-region.js runs it: its picture thread started before the words are compiled. */
async function command(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const running = main(['diff', 'HEAD', '--pictures', '--content', content, '--now', new Date(NOW).toISOString(), ...args], {
    cwd: work,
    isTTY: false,
    env: {},
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    reviewPictures,
    startPictures: async () => startPictureThread(),
  });
  // A review that hangs says how far it got, just before the test's own limit (vitest.config.ts).
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the review has not ended after 200 s; it said:\n${stderr}`)), 200_000);
  });
  const status = await Promise.race([running, late]).finally(() => clearTimeout(timer));
  return { status, stdout, stderr };
}

describe('diff --pictures', () => {
  it('pictures the pages that show a changed price on both sides, marks the pixels that changed and writes the review', async () => {
    const first = await review('review-1');
    expect(first.result.errors).toBeUndefined();
    const pictured = first.result.pictures.map((p) => `${p.region} ${p.path} ${p.size}`);
    expect(pictured).toEqual(['us /us phone', 'us /us/flagship-bumblebee phone']);
    // Only us is built, on both sides: no other region shows the price.
    expect(first.log).toContain('Building us at HEAD and us in the working tree');
    for (const picture of first.result.pictures) {
      expect(picture.changed, picture.path).toBeGreaterThan(0);
      expect(picture.width).toBe(phone.width);
      // Real pictures of the page, before and after, and their difference.
      for (const image of [picture.before!, picture.after!, picture.difference!]) {
        const meta = await sharp(image).metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.width).toBe(phone.width);
        expect(meta.height).toBeGreaterThan(phone.height);
      }
      expect(picture.before!.equals(picture.after!)).toBe(false);
    }

    const page = await readFile(path.join(work, 'review-1', 'index.html'), 'utf8');
    expect(page).toContain('/us/flagship-bumblebee');
    expect(page).toContain(`${change.was} -&#62; ${change.is}`);
    // Self-contained: every picture is in the page itself (and the crops of its changed areas).
    const crops = first.result.pictures.reduce((n, p) => n + (p.crops?.length ?? 0), 0);
    expect(page.match(/src="data:image\/jpeg;base64,/g)?.length).toBe(3 * (first.result.pictures.length + crops));
    const json = JSON.parse(await readFile(path.join(work, 'review-1', 'review.json'), 'utf8')) as {
      pictures: { path: string; changed: number }[];
    };
    expect(json.pictures.map((p) => [p.path, p.changed])).toEqual(first.result.pictures.map((p) => [p.path, p.changed]));
    expect(await readFile(path.join(work, 'review-1', 'summary.md'), 'utf8')).toContain('/us/flagship-bumblebee');
  }); // Both sides built and pictured: more than a minute when the whole suite loads the machine.

  it("keeps the base side's pictures: a second review builds and pictures the working tree only, with the same result", async () => {
    const earlier = JSON.parse(await readFile(path.join(work, 'review-1', 'review.json'), 'utf8'));
    const again = await review('review-2');
    expect(again.log).toContain('Building us in the working tree (2 pictures of HEAD kept from an earlier review)');
    expect(JSON.parse(await readFile(path.join(work, 'review-2', 'review.json'), 'utf8'))).toEqual(earlier);
    // The base side's pictures as the review page shows them (JPEGs) were kept with them, and
    // the page embeds the same bytes as the first review's, which made them.
    const kept = await readdir(path.join(process.env.BUILD_REGION_CACHE_DIR!, 'pictures'));
    expect(kept.filter((name) => name.endsWith('.jpg')).length).toBeGreaterThan(0);
    expect(await readFile(path.join(work, 'review-2', 'index.html'))).toEqual(await readFile(path.join(work, 'review-1', 'index.html')));
  });

  it('as a command, pictures with Chromium started before the words: the same review at both widths', async () => {
    const result = await command('--out', 'review-3');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`price of ${change.name}: ${change.was} -> ${change.is}`);
    expect(result.stderr).toContain('Review page: review-3/index.html (2 pages pictured, 2 with changed pixels)');
    const pictures = JSON.parse(await readFile(path.join(work, 'review-3', 'review.json'), 'utf8')).pictures;
    expect(pictures.map((p: { path: string; size: string }) => `${p.path} ${p.size}`)).toEqual([
      '/us phone',
      '/us desktop',
      '/us/flagship-bumblebee phone',
      '/us/flagship-bumblebee desktop',
    ]);
    // The phone pictures are those of the review before (the same pages, the same pixels changed).
    const earlier = JSON.parse(await readFile(path.join(work, 'review-1', 'review.json'), 'utf8')).pictures;
    expect(pictures.filter((p: { size: string }) => p.size === 'phone')).toEqual(earlier);
  });

  it('as a command without Chromium, says where it looked, pictures nothing and exits 2 after the words', async () => {
    const missing = path.join(work, 'no-such-chromium');
    const before = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = missing;
    try {
      const result = await command('--out', 'review-4');
      expect(result.status).toBe(2);
      expect(result.stdout).toContain(`price of ${change.name}`);
      expect(result.stderr).toBe(
        `build-region: --pictures pictured nothing: no Chromium at ${missing} (install it, apt-get install chromium, or set CHROMIUM_PATH to where it is)\n`,
      );
    } finally {
      if (before === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = before;
    }
  });
});
