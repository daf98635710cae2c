// The comparison of two pictures (preview/compare.ts, `comparePictures`), in a worker thread:
// pixelmatch's loop over every pixel and the decoding and encoding around it run beside the main
// thread, which meanwhile drives Chromium and serves the pages being pictured.
import { parentPort } from 'node:worker_threads';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';

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
 * Compares two pictures (PNG or JPEG bytes) pixel by pixel with pixelmatch: `threshold` 0 counts
 * any change of colour, anti-aliased pixels too. Pictures of different heights are compared on
 * the larger canvas. The difference is a PNG, or with format 'jpeg' (a review page's) a JPEG,
 * with the two pictures as JPEGs too, made from the pixels compared.
 */
export async function compare(before, after, threshold, format) {
  const [a, b] = await Promise.all([decode(before), decode(after)]);
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const output = new Uint8Array(width * height * 4);
  const changed = pixelmatch(onCanvas(a, width, height), onCanvas(b, width, height), output, width, height, {
    threshold,
    includeAA: true,
    alpha: 0.2,
    diffColor: [220, 0, 0],
    diffColorAlt: [0, 90, 220],
    checkerboard: false,
  });
  const difference = { data: Buffer.from(output.buffer), width, height };
  if (format === 'png')
    return {
      changed,
      width,
      height,
      difference: await sharp(difference.data, { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer(),
    };
  // JPEGs straight from the pixels: no PNG of the difference made first.
  const [jpegDifference, jpegBefore, jpegAfter] = await Promise.all([toJpeg(difference), toJpeg(a), toJpeg(b)]);
  return { changed, width, height, difference: jpegDifference, jpegs: { before: jpegBefore, after: jpegAfter } };
}

parentPort?.on('message', async ({ id, before, after, threshold, format }) => {
  try {
    parentPort.postMessage({ id, result: await compare(before, after, threshold, format) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
