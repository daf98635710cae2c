import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { changedAreas, cropOf, MAX_AREAS } from '../../preview/review/changed-areas.js';
import type { ChangedArea } from '../../preview/review/changed-areas.js';
import { compare } from '../../preview/review/compare-worker.js';

/**
 * The changed areas of a comparison (issue 46, point 3; docs/review.md "Changed areas"): boxes
 * around clusters of changed pixels, merged when close, at most MAX_AREAS, so a one-line change
 * in a long page is shown where it is.
 */

/** A mask of a picture with the given rectangles changed. */
function maskWith(width: number, height: number, ...rects: [x: number, y: number, w: number, h: number][]) {
  const mask = new Uint8Array(width * height);
  for (const [x, y, w, h] of rects) for (let row = y; row < y + h; row++) mask.fill(1, row * width + x, row * width + x + w);
  return mask;
}
const box = (area: ChangedArea) => [area.x, area.y, area.width, area.height];
const inside = (area: ChangedArea, x: number, y: number) =>
  x >= area.x && x < area.x + area.width && y >= area.y && y < area.y + area.height;

describe('changed areas', () => {
  it('finds none without a change, and the exact box of one cluster', () => {
    expect(changedAreas(new Uint8Array(100 * 50), 100, 50)).toEqual([]);
    expect(changedAreas(maskWith(375, 4000, [21, 2003, 90, 17]), 375, 4000)).toEqual([
      { x: 21, y: 2003, width: 90, height: 17, pixels: 90 * 17 },
    ]);
  });

  it('merges clusters closer than the gap (a price and the line below it) and keeps those far apart, in reading order', () => {
    // 60 px between the first two, more than 64 px between any others.
    const areas = changedAreas(
      maskWith(1280, 3000, [900, 2500, 40, 10], [600, 400, 100, 20], [600, 480, 60, 12], [20, 2500, 30, 30], [700, 2600, 20, 20]),
      1280,
      3000,
    );
    expect(areas.map(box)).toEqual([
      [600, 400, 100, 92],
      [20, 2500, 30, 30],
      [900, 2500, 40, 10],
      [700, 2600, 20, 20],
    ]);
    expect(areas.map((a) => a.pixels)).toEqual([100 * 20 + 60 * 12, 900, 400, 400]);
  });

  it('merges the nearest when there are more than the cap, keeping every changed pixel in a box', () => {
    // A changed pixel every 100 px across and down: 13 x 40 clusters, none near another.
    const width = 1280;
    const height = 4000;
    const mask = new Uint8Array(width * height);
    for (let y = 5; y < height; y += 100) for (let x = 5; x < width; x += 100) mask[y * width + x] = 1;
    const changed = mask.reduce((sum, m) => sum + m, 0);
    const areas = changedAreas(mask, width, height);
    expect(areas.length).toBeGreaterThan(0);
    expect(areas.length).toBeLessThanOrEqual(MAX_AREAS);
    expect(areas.reduce((sum, a) => sum + a.pixels, 0)).toBe(changed);
    for (let y = 5; y < height; y += 100)
      for (let x = 5; x < width; x += 100)
        expect(
          areas.some((a) => inside(a, x, y)),
          `${x},${y}`,
        ).toBe(true);
  });

  it('crops an area with context around it, within the picture', () => {
    // At least 360 px wide (a phone's whole width, nearly), around the area's middle.
    expect(cropOf({ x: 600, y: 100, width: 20, height: 10 }, 1280, 3000)).toEqual({ x: 430, y: 36, width: 360, height: 138 });
    expect(cropOf({ x: 100, y: 2000, width: 90, height: 20 }, 375, 4000)).toEqual({ x: 0, y: 1936, width: 360, height: 148 });
    expect(cropOf({ x: 10, y: 3990, width: 360, height: 10 }, 375, 4000)).toEqual({ x: 0, y: 3926, width: 375, height: 74 });
    expect(cropOf({ x: 0, y: 0, width: 1280, height: 50 }, 1280, 3000)).toEqual({ x: 0, y: 0, width: 1280, height: 114 });
  });
});

describe('a one-price change compared', () => {
  /** A long white page with a line of text, as PNG (the price is the only difference between two). */
  const page = (price: string) =>
    sharp({ create: { width: 375, height: 4000, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="375" height="60"><text x="24" y="40" font-family="sans-serif" font-size="24" fill="#222">AI Base ${price}</text></svg>`,
          ),
          left: 0,
          top: 2200,
        },
        { input: { create: { width: 327, height: 300, channels: 3, background: '#3355aa' } }, left: 24, top: 400 },
      ])
      .png()
      .toBuffer();

  it('boxes the price: one area around every changed pixel, small beside the page, cropped with context', async () => {
    const [before, after] = await Promise.all([page('$1,299.00'), page('$1,199.00')]);
    const compared = await compare(before, after, 0, 'jpeg');
    expect(compared.changed).toBeGreaterThan(0);
    expect(compared.areas).toHaveLength(1);
    const area = compared.areas[0]!;
    // Every pixel that differs between the two pictures is inside the box.
    const pixels = async (picture: Buffer) => {
      const data = await sharp(picture).ensureAlpha().raw().toBuffer();
      return new Uint32Array(data.buffer, data.byteOffset, data.length / 4);
    };
    const [a, b] = await Promise.all([pixels(before), pixels(after)]);
    let differing = 0;
    for (let i = 0; i < 375 * 4000; i++)
      if (a![i] !== b![i]) {
        differing++;
        expect(inside(area, i % 375, Math.floor(i / 375))).toBe(true);
      }
    expect(area.pixels).toBe(differing);
    expect(compared.changed).toBe(differing);
    // On the line of text (2200 to 2260 px down), a small part of the page.
    expect(area.y).toBeGreaterThanOrEqual(2200);
    expect(area.y + area.height).toBeLessThanOrEqual(2260);
    expect(area.width * area.height).toBeLessThan((375 * 4000) / 100);
    // Its crop: the three pictures of the area and 64 px around it.
    const crop = compared.crops![0]!;
    expect(crop).toMatchObject(cropOf(area, 375, 4000));
    for (const picture of [crop.before, crop.after, crop.difference])
      expect(await sharp(picture).metadata()).toMatchObject({ format: 'jpeg', width: crop.width, height: crop.height });
    expect(compared.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same fingerprint for the same pixels however encoded, and another when the after picture changes', async () => {
    const [base, after, again, other] = await Promise.all([page('$1,299.00'), page('$1,199.00'), page('$1,199.00'), page('$1,099.00')]);
    // The same pixels written otherwise: other bytes, the same picture.
    const recoded = await sharp(after).png({ compressionLevel: 1 }).toBuffer();
    expect(recoded.equals(after)).toBe(false);
    const [first, second, third] = await Promise.all([
      compare(base, after, 0, 'jpeg'),
      compare(base, again, 0, 'jpeg'),
      compare(base, other, 0, 'jpeg'),
    ]);
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(third.fingerprint).not.toBe(first.fingerprint);
    expect((await compare(base, recoded, 0, 'jpeg')).fingerprint).toBe(first.fingerprint);
  });
});
