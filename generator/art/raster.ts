// Renders source art (SVG) into raster images with sharp, in the build's own process: sharp's
// work runs on libuv's thread pool, never on this thread, and the callers (images.ts) start as
// many at once as the machine has cores. Worker processes did it until issue 48: each carried a
// Node process and a libvips of its own (about 90 MiB) beside the build, and passed every image
// through IPC; in this process a cold 50x build's process tree peaks about 70 MiB lower (540 ->
// 470 MiB) and takes a tenth less CPU (docs/performance.md).
import sharp from 'sharp';

// Each drawing is rendered once: libvips' cache of operations would only hold memory. One
// libvips thread an image: the build renders one image per core at once already.
sharp.cache(false);
sharp.concurrency(1);

/** One image to render: the drawing and the size and format of one variant, or a share card. */
export interface RasterJob {
  readonly svg: string;
  readonly density: number;
  readonly width?: number;
  readonly format: 'webp' | 'png' | 'jpeg';
}

/**
 * One image: the SVG rasterised at `density` (so it is drawn at the target width, not scaled up)
 * and resized to `width`, as webp or png (the drawings), or jpeg (the share cards, drawn at
 * their size: no `width`, as a resize to the same size still costs a pass over every pixel).
 */
export async function renderSvg(job: RasterJob): Promise<Buffer> {
  const drawn = sharp(Buffer.from(job.svg), { density: job.density });
  const raster = job.width === undefined ? drawn : drawn.resize({ width: job.width });
  // Encoding is most of an image's cost (rasterising the drawing is about a tenth): each format at
  // the effort that pays. WebP at effort 2 takes about half the time of effort 4 for 6% more bytes.
  if (job.format === 'webp') return raster.webp({ quality: 82, effort: 2 }).toBuffer();
  // Huffman tables of the image's own (optimiseCoding) save 2-3% of a card for a third more time.
  if (job.format === 'jpeg') return raster.jpeg({ quality: 85, optimiseCoding: false }).toBuffer();
  // The PNG is the fallback of a browser without webp (none of today's): in full colour at the
  // default level, about a sixth of the time of a dithered palette at level 9 (whose
  // quantisation was three quarters of a cold build's image time), for 2.7x the bytes only such
  // a browser fetches, and no banding in the drawings' dark gradients.
  return raster.png({ compressionLevel: 6 }).toBuffer();
}
