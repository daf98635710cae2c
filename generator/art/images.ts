import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheKey, linkFileEntry, readEntry, writeEntry, writeFileEntry } from '../cache.ts';
import { compareStrings } from '../diagnostics/index.ts';
import { CORES, mapLimited } from '../limit.ts';
import type { ImageAsset } from '../../core/model.ts';
import { IMAGE_BASE, IMAGE_SCALES } from '../../core/image-urls.ts';
import type { ImageFormat, ImageScale } from '../../core/image-urls.ts';
import { densityFor, inspectArt, SMALL_WIDTH } from './svg.ts';
import type { ArtSize } from './svg.ts';

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

/** What a worker renders: the drawing and the size and format of one variant. */
function renderJob(
  art: DrawableArt,
  scale: ImageScale,
  format: ImageFormat,
): { svg: string; density: number; width: number; format: ImageFormat } {
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

/** Worker processes that render images, started on the first image the cache does not have. */
function createWorkerPool(size: number) {
  const workers: ChildProcess[] = [];
  const idle: ChildProcess[] = [];
  const waiting: ((worker: ChildProcess) => void)[] = [];
  let next = 0;
  const take = (): Promise<ChildProcess> => {
    const free = idle.pop();
    if (free) return Promise.resolve(free);
    if (workers.length < size) {
      const worker = fork(fileURLToPath(new URL('./image-worker.js', import.meta.url)), [], {
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        // A worker's memory is the build's too (issue 48: the whole process tree): two malloc
        // arenas, not one for each of libvips' threads, and a young generation of 1 MiB (its
        // JavaScript only passes bytes on). About 113 -> 95 MiB a worker at 50x.
        env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
        execArgv: ['--max-semi-space-size=1'],
      });
      workers.push(worker);
      return Promise.resolve(worker);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (worker: ChildProcess) => {
    const handOver = waiting.shift();
    if (handOver) handOver(worker);
    else idle.push(worker);
  };
  return {
    async render(job: Parameters<typeof import('./image-worker.js').renderSvg>[0]): Promise<Buffer> {
      const worker = await take();
      const id = next++;
      try {
        return await new Promise<Buffer>((resolve, reject) => {
          const onMessage = (message: { id: number; bytes?: Uint8Array; error?: string }) => {
            if (message.id !== id) return;
            cleanup();
            if (message.bytes) resolve(Buffer.from(message.bytes));
            else reject(new Error(message.error ?? 'the image worker failed'));
          };
          const onExit = (code: number | null) => {
            cleanup();
            reject(new Error(`the image worker stopped (exit ${code})`));
          };
          const cleanup = () => {
            worker.off('message', onMessage);
            worker.off('exit', onExit);
          };
          worker.on('message', onMessage);
          worker.on('exit', onExit);
          worker.send({ id, job });
        });
      } finally {
        release(worker);
      }
    },
    close(): void {
      for (const worker of workers) worker.kill();
    },
  };
}

/**
 * Renders each drawing into its four files under `<outDir>/static/img/`: webp and png, at the
 * small width and at twice it, in worker processes, as many at once as the machine has cores. A
 * variant rendered before (same drawing, same renderer) comes from the build cache. A drawing
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
  const concurrency = options.concurrency ?? CORES;
  let pool: ReturnType<typeof createWorkerPool> | undefined;
  try {
    const written = await mapLimited(jobs, concurrency, async ({ item, file, scale, format }) => {
      options.signal?.throwIfAborted();
      const key = cacheKey('image', item.text, scale, format);
      let bytes = await readEntry(options.cacheDir, 'images', key);
      if (!bytes) {
        pool ??= createWorkerPool(concurrency);
        bytes = await pool.render(renderJob(item, scale, format)).catch((error: unknown) => {
          throw new ArtRenderError(item, error instanceof Error ? error.message : String(error));
        });
        await writeEntry(options.cacheDir, 'images', key, bytes);
      }
      const target = path.join(outDir, file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
      return path.relative(outDir, target).split(path.sep).join('/');
    });
    return written.sort(compareStrings);
  } finally {
    pool?.close();
  }
}

/** A share card to write: its SVG (generator/art/share-cards.ts) and where its JPEG goes. */
export interface ShareCardJob {
  readonly svg: string;
  readonly target: string;
}

/**
 * Renders the share cards of a build in the image workers (their memory is never the build's),
 * while the pages are still being prerendered: each card starts as soon as it is added, at most
 * as many at once as the machine has cores, each distinct card once (the regions share most),
 * from the build cache when rendered before. `done` waits for every card (and rejects with the
 * first failure, once all have ended); `signal` stops it between cards.
 */
export function createShareCardRenderer(options: { cacheDir?: string; concurrency?: number; signal?: AbortSignal } = {}) {
  const concurrency = options.concurrency ?? CORES;
  const started = new Map<string, Promise<Buffer>>();
  const writes: Promise<void>[] = [];
  const queue: (() => void)[] = [];
  let running = 0;
  let pool: ReturnType<typeof createWorkerPool> | undefined;
  const slot = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) await new Promise<void>((resolve) => queue.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      queue.shift()?.();
    }
  };
  // A card not in the cache, rendered in an image worker (and kept).
  const render = (svg: string, key: string) =>
    slot(async () => {
      options.signal?.throwIfAborted();
      pool ??= createWorkerPool(concurrency);
      const bytes = await pool.render({ svg, density: 72, format: 'jpeg' });
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
      try {
        const results = await Promise.allSettled(writes);
        const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        if (failed) throw failed.reason;
      } finally {
        pool?.close();
      }
    },
  };
}

export type ShareCardRenderer = ReturnType<typeof createShareCardRenderer>;

/** One variant of a drawing, rendered in this process (the live preview's images, on request). */
export async function renderVariant(art: DrawableArt, scale: ImageScale, format: ImageFormat): Promise<Buffer> {
  const { renderSvg } = await import('./image-worker.js');
  return renderSvg(renderJob(art, scale, format));
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
