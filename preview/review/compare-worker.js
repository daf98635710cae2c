// The comparison of two pictures (preview/review/compare.ts, `comparePictures`), in a worker thread:
// pixelmatch's loop over every pixel and the decoding and encoding around it run beside the main
// thread, which meanwhile drives Chromium and serves the pages being pictured.
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { changedAreas, cropOf } from './changed-areas.js';

/** The quality of the JPEG pictures a review page embeds (docs/decisions.md: "Reviewing by pictures"). */
export const REVIEW_JPEG_QUALITY = 72;

/** A picture's RGBA pixels, decoded once for both the comparison and its JPEG. */
async function decode(picture) {
  const { data, info } = await sharp(picture).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The pixels on a canvas of the given size; the part they do not cover is transparent. */
function onCanvas(pixels, width, height) {
  if (pixels.width === width && pixels.height === height) return pixels.data;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < pixels.height; y++) out.set(pixels.data.subarray(y * pixels.width * 4, (y + 1) * pixels.width * 4), y * width * 4);
  return out;
}

/** A picture (its PNG bytes, or its RGBA pixels) as a review page embeds it: a JPEG of the review's quality, on white. */
export const toJpeg = (picture) =>
  (Buffer.isBuffer(picture) ? sharp(picture) : sharp(picture.data, { raw: { width: picture.width, height: picture.height, channels: 4 } }))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: REVIEW_JPEG_QUALITY })
    .toBuffer();

/**
 * A picture's fingerprint (docs/review.md, "Marks"): the SHA-256 of its size and RGBA pixels, so
 * the same pixels give the same fingerprint however the picture was encoded.
 */
const fingerprintOf = (pixels) => createHash('sha256').update(`${pixels.width}x${pixels.height}\n`).update(pixels.data).digest('hex');

/** The fingerprint of a picture given as PNG or JPEG bytes (a page pictured on one side only). */
export const fingerprint = async (picture) => fingerprintOf(await decode(picture));

/**
 * Where pixelmatch's output is a changed pixel: it draws every unchanged pixel grey (red, green
 * and blue alike) and every changed one in a colour (diffColor, diffColorAlt below; with
 * includeAA no pixel is drawn in aaColor, yellow, whose red and green are alike), so the mask
 * holds exactly the pixels it counts.
 */
function changedMask(output, width, height) {
  const mask = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < mask.length; i++, p += 4) mask[i] = output[p] !== output[p + 1] ? 1 : 0;
  return mask;
}

/** A rectangle of RGBA pixels, copied out row by row. */
function cut(data, width, rect) {
  const out = new Uint8Array(rect.width * rect.height * 4);
  for (let y = 0; y < rect.height; y++) {
    const from = ((rect.y + y) * width + rect.x) * 4;
    out.set(data.subarray(from, from + rect.width * 4), y * rect.width * 4);
  }
  return { data: out, width: rect.width, height: rect.height };
}

/**
 * The crops of the changed areas (JPEGs of before, after and difference, each area with its
 * context), or none when they would together cover half the picture or more: then the whole
 * pictures show the change better.
 */
async function cropsOf(areas, canvases, width, height) {
  const rects = areas.map((area) => cropOf(area, width, height));
  if (rects.reduce((sum, r) => sum + r.width * r.height, 0) * 2 >= width * height) return undefined;
  return Promise.all(
    rects.map(async (rect) => {
      const [before, after, difference] = await Promise.all(canvases.map((data) => toJpeg(cut(data, width, rect))));
      return { ...rect, before, after, difference };
    }),
  );
}

/**
 * Compares two pictures (PNG or JPEG bytes) pixel by pixel with pixelmatch: `threshold` 0 counts
 * any change of colour, anti-aliased pixels too. Pictures of different heights are compared on
 * the larger canvas. The changed pixels' areas (changed-areas.js) come with it. The difference is
 * a PNG, or with format 'jpeg' (a review page's) a JPEG, with the two pictures as JPEGs too, made
 * from the pixels compared, the crops of the changed areas and the after picture's fingerprint.
 * `beforeJpeg`, the before picture's JPEG made by an earlier comparison of it, is used as it is.
 */
export async function compare(before, after, threshold, format, beforeJpeg) {
  const [a, b] = await Promise.all([decode(before), decode(after)]);
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const output = new Uint8Array(width * height * 4);
  const canvases = [onCanvas(a, width, height), onCanvas(b, width, height)];
  const changed = pixelmatch(canvases[0], canvases[1], output, width, height, {
    threshold,
    includeAA: true,
    alpha: 0.2,
    diffColor: [220, 0, 0],
    diffColorAlt: [0, 90, 220],
    checkerboard: false,
  });
  const areas = changed === 0 ? [] : changedAreas(changedMask(output, width, height), width, height);
  const difference = { data: Buffer.from(output.buffer), width, height };
  if (format === 'png')
    return {
      changed,
      width,
      height,
      areas,
      difference: await sharp(difference.data, { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer(),
    };
  // JPEGs straight from the pixels: no PNG of the difference made first.
  const [jpegDifference, jpegBefore, jpegAfter, crops] = await Promise.all([
    toJpeg(difference),
    beforeJpeg ?? toJpeg(a),
    toJpeg(b),
    areas.length > 0 ? cropsOf(areas, [...canvases, output], width, height) : undefined,
  ]);
  return {
    changed,
    width,
    height,
    areas,
    difference: jpegDifference,
    jpegs: { before: jpegBefore, after: jpegAfter },
    fingerprint: fingerprintOf(b),
    ...(crops && { crops }),
  };
}

parentPort?.on('message', async ({ id, before, after, threshold, format, beforeJpeg }) => {
  try {
    parentPort.postMessage({ id, result: await compare(before, after, threshold, format, beforeJpeg && Buffer.from(beforeJpeg)) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
