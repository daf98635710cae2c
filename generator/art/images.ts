import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheKey, linkFileEntry, readEntry, writeEntry, writeFileEntry } from '../cache.ts';
import { compareStrings } from '../diagnostics/index.ts';
import { CORES, mapLimited } from '../limit.ts';
import { createLimiter } from '../../core/limit.ts';
import type { ImageAsset } from '../../core/model.ts';
import { IMAGE_BASE, IMAGE_SCALES } from '../../core/image-urls.ts';
import type { ImageFormat, ImageScale } from '../../core/image-urls.ts';
import { densityFor, inspectArt, SMALL_WIDTH } from './svg.ts';
import type { ArtSize } from './svg.ts';
import type { RasterJob } from './raster.ts';

/** One piece of source art: `content/assets/<name>.svg`. */
export interface SourceArt {
  /** File name without `.svg`: what page content names. */
  readonly name: string;
  /** Path relative to the content folder: `assets/robot.svg`. */
  readonly id: string;
  readonly text: string;
}

/** Reads every `assets/*.svg` of the content folder, sorted by name; none when there is no folder. */
export async function readSourceArt(contentRoot: string): Promise<SourceArt[]> {
  const dir = path.join(contentRoot, 'assets');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.svg')).sort(compareStrings);
  return Promise.all(
    names.map(async (file) => ({ name: file.slice(0, -4), id: `assets/${file}`, text: await readFile(path.join(dir, file), 'utf8') })),
  );
}

/** Source art the build can draw: sound SVG of a known size (`inspectArt`), and its image. */
export interface DrawableArt extends SourceArt {
  /** The size the rasteriser draws it at before resizing. */
  readonly size: ArtSize;
  /** Where the build puts its images, and the size a page shows them at. */
  readonly asset: ImageAsset;
}

/**
 * The drawing with the image the build makes of it: the address carries a hash of the source,
 * so a changed drawing gets a new address and caches never serve the old one.
 */
export function drawable(art: SourceArt, size: ArtSize): DrawableArt {
  const hash = createHash('sha256').update(art.text).digest('hex').slice(0, 10);
  return {
    ...art,
    size,
    asset: { src: `${IMAGE_BASE}/${art.name}.${hash}`, width: SMALL_WIDTH, height: Math.round((SMALL_WIDTH * size.height) / size.width) },
  };
}

/** The art of the list that the build can draw (the rest is what `--check` reports). */
export function drawableArt(art: readonly SourceArt[]): DrawableArt[] {
  return art.flatMap((item) => {
    const { size } = inspectArt(item.text);
    return size ? [drawable(item, size)] : [];
  });
}

/** What the rasteriser renders of a drawing: the size and format of one variant. */
function renderJob(art: DrawableArt, scale: ImageScale, format: ImageFormat): RasterJob {
  const width = art.asset.width * IMAGE_SCALES[scale];
  return { svg: art.text, density: densityFor(art.size, width), width, format };
}

/** A drawing `--check` passed that the rasteriser still refused: reported at its file, not as a crash. */
export class ArtRenderError extends Error {
  constructor(
    readonly art: DrawableArt,
    readonly reason: string,
  ) {
    super(`${art.id}: ${reason}`);
  }
}

/** The rasteriser (raster.ts: sharp), loaded on the first image the cache does not have. */
let raster: Promise<typeof import('./raster.ts')> | undefined;
const renderRaster = async (job: RasterJob): Promise<Buffer> => (await (raster ??= import('./raster.ts'))).renderSvg(job);

/** How many images the cache has are copied at once (reads and writes, no rendering: 60-75 ms two at a time for the content's 44, 40-50 ms sixteen at a time). */
const COPIES_AT_ONCE = 16;

/**
 * Renders each drawing into its four files under `<outDir>/static/img/`: webp and png, at the
 * small width and at twice it, as many at once as the machine has cores (raster.ts). A
 * variant rendered before (same drawing, same renderer) comes from the build cache, copied
 * several at once. A drawing
 * the renderer refuses rejects with ArtRenderError, once every started image is done; `signal`
 * stops it between images. Returns the written paths relative to `outDir`, sorted.
 */
export async function renderImages(
  art: readonly DrawableArt[],
  outDir: string,
  options: { cacheDir?: string; concurrency?: number; signal?: AbortSignal } = {},
): Promise<string[]> {
  const jobs = art.flatMap((item) =>
    (Object.keys(IMAGE_SCALES) as ImageScale[]).flatMap((scale) =>
      (['webp', 'png'] as const).map((format) => ({ item, file: `${item.asset.src}.${scale}.${format}`, scale, format })),
    ),
  );
  // Rendering takes a core each; a variant the cache has is only read and written, several at once.
  const rendering = createLimiter(options.concurrency ?? CORES);
  const written = await mapLimited(jobs, COPIES_AT_ONCE, async ({ item, file, scale, format }) => {
    options.signal?.throwIfAborted();
    const key = cacheKey('image', item.text, scale, format);
    let bytes = await readEntry(options.cacheDir, 'images', key);
    if (!bytes) {
      bytes = await rendering(async () => {
        options.signal?.throwIfAborted();
        return renderRaster(renderJob(item, scale, format)).catch((error: unknown) => {
          throw new ArtRenderError(item, error instanceof Error ? error.message : String(error));
        });
      });
      await writeEntry(options.cacheDir, 'images', key, bytes);
    }
    const target = path.join(outDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
    return path.relative(outDir, target).split(path.sep).join('/');
  });
  return written.sort(compareStrings);
}

/** A share card to write: its SVG (generator/art/share-cards.ts) and where its JPEG goes. */
export interface ShareCardJob {
  readonly svg: string;
  readonly target: string;
}

/**
 * Renders the share cards of a build (raster.ts) while the pages are still being prerendered:
 * each card starts as soon as it is added, at most as many at once as the machine has cores,
 * each distinct card once (the regions share most), from the build cache when rendered before. `done` waits for every card (and rejects with the
 * first failure, once all have ended); `signal` stops it between cards.
 */
export function createShareCardRenderer(options: { cacheDir?: string; concurrency?: number; signal?: AbortSignal } = {}) {
  const slot = createLimiter(options.concurrency ?? CORES);
  const started = new Map<string, Promise<Buffer>>();
  const writes: Promise<void>[] = [];
  // A card not in the cache, rendered (and kept).
  const render = (svg: string, key: string) =>
    slot(async () => {
      options.signal?.throwIfAborted();
      const bytes = await renderRaster({ svg, density: 72, format: 'jpeg' });
      await writeFileEntry(options.cacheDir, 'share', key, bytes, '.jpg');
      return bytes;
    });
  const made = new Set<string>();
  return {
    add(card: ShareCardJob): void {
      let bytes = started.get(card.svg);
      if (!bytes) {
        const key = cacheKey('share card', card.svg);
        // A card in the cache is linked at once, in this thread: copied through the thread
        // pool, the cards of a large catalogue waited for the pages, rendered meanwhile in this
        // thread, and then for one another.
        options.signal?.throwIfAborted();
        const folder = path.dirname(card.target);
        if (!made.has(folder)) mkdirSync(folder, { recursive: true });
        made.add(folder);
        if (linkFileEntry(options.cacheDir, 'share', key, '.jpg', card.target)) return;
        started.set(card.svg, (bytes = render(card.svg, key)));
      }
      const write = bytes.then(async (data) => {
        await mkdir(path.dirname(card.target), { recursive: true });
        await writeFile(card.target, data);
      });
      write.catch(() => {});
      writes.push(write);
    },
    async done(): Promise<void> {
      const results = await Promise.allSettled(writes);
      const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}

export type ShareCardRenderer = ReturnType<typeof createShareCardRenderer>;

/** One variant of a drawing, rendered in this process (the live preview's images, on request). */
export function renderVariant(art: DrawableArt, scale: ImageScale, format: ImageFormat): Promise<Buffer> {
  return renderRaster(renderJob(art, scale, format));
}

/** The drawing and variant an image address names, if any: what a dev server renders on request. */
export function variantFor(
  art: readonly DrawableArt[],
  pathname: string,
): { art: DrawableArt; scale: ImageScale; format: ImageFormat } | undefined {
  const match = /^\/static\/img\/(.+)\.([0-9a-f]{10})\.(small|2x)\.(webp|png)$/.exec(pathname);
  if (!match) return undefined;
  const item = art.find((a) => a.asset.src === `${IMAGE_BASE}/${match[1]}.${match[2]}`);
  return item ? { art: item, scale: match[3] as ImageScale, format: match[4] as ImageFormat } : undefined;
}
