// Renders source art (SVG) into raster images with sharp. It runs in worker processes of the
// build (renderImages in images.ts starts one per core): each process renders the drawings it
// is sent and exits with the build, so the memory of the rasteriser is never the build's own.
// Plain JavaScript, so a worker starts without the TypeScript loader. The dev server renders
// single images in its own process with the same function.
import sharp from 'sharp';

// Each drawing is rendered once: libvips' cache of operations would only hold memory.
sharp.cache(false);

/**
 * One image: the SVG rasterised at `density` (so it is drawn at the target width, not scaled up)
 * and resized to `width`, as webp or png (the drawings), or jpeg (the share cards).
 * @param {{ svg: string; density: number; width: number; format: 'webp' | 'png' | 'jpeg' }} job
 * @returns {Promise<Buffer>}
 */
export async function renderSvg(job) {
  const raster = sharp(Buffer.from(job.svg), { density: job.density }).resize({ width: job.width });
  if (job.format === 'webp') return raster.webp({ quality: 82, effort: 4 }).toBuffer();
  if (job.format === 'jpeg') return raster.jpeg({ quality: 85 }).toBuffer();
  return raster.png({ compressionLevel: 9, palette: true }).toBuffer();
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
