import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileContent, contentAtRevision } from '../../generator/index.ts';
import { PICTURE_SIZES } from '../../preview/pictures/index.ts';
import { pagesToReview, reviewPictures } from '../../preview/review/index.ts';
import { copyFixtureContent, setYamlValue } from '../support/content.ts';

/**
 * `build-region diff <revision> --pictures --at ...` (issue 46, points 1 and 2; docs/review.md,
 * "Instants"): pictures at later instants have the width asked for, and at a schedule boundary
 * only the pages that differ between the two sides then are pictured. On the fixtures' content
 * (us: Black Friday closes 2026-12-01T00:00-05:00, a boundary within 14 days of NOW).
 */
const run = promisify(execFile);
const NOW = Date.parse('2026-11-22T12:00:00+08:00');
const LATER = Date.parse('2026-11-27T00:00:00-05:00');
const BLACK_FRIDAY_ENDS = Date.parse('2026-12-01T00:00:00-05:00');
const { work, content } = await copyFixtureContent();
afterAll(() => rm(work, { recursive: true, force: true }));

beforeAll(async () => {
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.email=maintainer@example.com', '-c', 'user.name=Maintainer', ...args], { cwd: work });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-qm', 'the content as published');
});

/** The pages a review would picture, by instant (`region path`), for the working tree as it is. */
async function pagesByInstant(): Promise<Record<string, string[]>> {
  const old = await contentAtRevision(content, 'HEAD');
  try {
    const before = await compileContent({ content: old.dir, cwd: work, now: NOW, history: old.history });
    const after = await compileContent({ content, cwd: work, now: NOW });
    const out: Record<string, string[]> = {};
    for (const page of pagesToReview(before, after, NOW, ['boundaries'])) {
      const at = new Date(page.at).toISOString();
      out[at] = [...(out[at] ?? []), `${page.region} ${page.path}`];
    }
    return out;
  } finally {
    await old.dispose();
  }
}

describe('diff --pictures at later instants', () => {
  it('does not picture at a boundary a page the change leaves the same on both sides then (Black Friday closed on both)', async () => {
    const file = path.join(content, 'pages/black-friday/en.yaml');
    const heading = await setYamlValue(file, ['heading'], (old: unknown) => `${old} (reworded by the test)`);
    try {
      // Pictured at the diff's instant, where the heading shows; at the boundary the page closes
      // on both sides, and a visitor sees the same on both.
      expect(await pagesByInstant()).toEqual({ [new Date(NOW).toISOString()]: ['us /us/black-friday'] });
    } finally {
      await setYamlValue(file, ['heading'], heading);
    }
  });

  it('pictures a one-price change at its boundary and at an instant given: only the pages showing the price, each at the width asked for', async () => {
    // One width of the two a review takes by default: none of the other is pictured.
    const ASKED = PICTURE_SIZES.filter((size) => size.name === 'phone');
    // One price lowered in us: its product page and the home page's line-up show it.
    await setYamlValue(
      path.join(content, 'regions/us/products.yaml'),
      ['products', 'flagshipBumblebee', 'price'],
      (p: unknown) => (p as number) - 100,
    );
    const shown = ['us /us', 'us /us/flagship-bumblebee'];
    // At the boundary in the window (us's Black Friday nav item hides on every page) only those.
    expect(await pagesByInstant()).toEqual({
      [new Date(NOW).toISOString()]: shown,
      [new Date(BLACK_FRIDAY_ENDS).toISOString()]: shown,
    });

    const result = await reviewPictures({
      content,
      revision: 'HEAD',
      cwd: work,
      now: NOW,
      at: [LATER, 'boundaries'],
      out: path.join(work, 'review'),
      sizes: ASKED,
    });
    expect(result.errors).toBeUndefined();
    const instants = [NOW, LATER, BLACK_FRIDAY_ENDS];
    expect(result.pictures.map((p) => `${new Date(p.at).toISOString()} ${p.region} ${p.path} ${p.size}`).sort()).toEqual(
      instants.flatMap((at) => shown.flatMap((page) => ASKED.map((size) => `${new Date(at).toISOString()} ${page} ${size.name}`))).sort(),
    );
    for (const picture of result.pictures) {
      const size = ASKED.find((s) => s.name === picture.size)!;
      const where = `${picture.path} ${picture.size} at ${new Date(picture.at).toISOString()}`;
      expect(picture.missing, where).toBeUndefined();
      expect(picture.width, where).toBe(size.width);
      // Both sides' pictures, not only the comparison's canvas: the page as a visitor at that width sees it.
      for (const image of [picture.before!, picture.after!]) expect((await sharp(image).metadata()).width, where).toBe(size.width);
      // The price, not the whole page: a page pictured at another width would differ everywhere.
      expect(picture.changed, where).toBeGreaterThan(0);
      expect(picture.changed, where).toBeLessThan(size.width * picture.height * 0.05);
    }
  }, 600_000); // Both sides built, six pages pictured on each: minutes when the machine is loaded.
});
