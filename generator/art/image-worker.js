// Renders source art (SVG) into raster images with sharp. It runs in worker processes of the
// build (renderImages in images.ts starts one per core): each process renders the drawings it
// is sent and exits with the build, so the memory of the rasteriser is never the build's own.
// Plain JavaScript, so a worker starts without the TypeScript loader. The dev server renders
// single images in its own process with the same function.
import sharp from 'sharp';

// Each drawing is rendered once: libvips' cache of operations would only hold memory. One
// libvips thread an image: the build runs a worker per core already.
sharp.cache(false);
sharp.concurrency(1);

/**
 * One image: the SVG rasterised at `density` (so it is drawn at the target width, not scaled up)
 * and resized to `width`, as webp or png (the drawings), or jpeg (the share cards, drawn at
 * their size: no `width`, as a resize to the same size still costs a pass over every pixel).
 * @param {{ svg: string; density: number; width?: number; format: 'webp' | 'png' | 'jpeg' }} job
 * @returns {Promise<Buffer>}
 */
export async function renderSvg(job) {
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

if (process.send) {
  process.on('message', async (message) => {
    try {
      process.send({ id: message.id, bytes: await renderSvg(message.job) });
    } catch (error) {
      process.send({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
