// Two pictures (preview/pictures/index.ts takes them) compared pixel by pixel, in a worker thread
// (compare-worker.js).
import { Worker } from 'node:worker_threads';
// Loaded here too (sharp with it) before the worker starts: sharp's libraries must be opened by
// the main thread, or a worker that ends unloads them (lovell/sharp#2263).
import './compare-worker.js';
import type { ChangedArea, Rectangle } from './changed-areas.js';

/** The crop of a changed area (its rectangle of the picture), as JPEGs of the three pictures. */
export interface AreaCrop extends Rectangle {
  before: Buffer;
  after: Buffer;
  difference: Buffer;
}

export interface Comparison {
  /** Pixels that differ (pixelmatch; the area only one picture covers counts as differing). */
  changed: number;
  width: number;
  height: number;
  /** Where the changed pixels lie (changed-areas.js): a few boxes, in reading order; none without a change. */
  areas: ChangedArea[];
  /** The difference: the before picture faded, changed pixels red (darker after) or blue (lighter), as PNG (or JPEG). */
  difference: Buffer;
  /** With format 'jpeg': the two pictures as a review page embeds them, JPEGs made from the pixels compared. */
  jpegs?: { before: Buffer; after: Buffer };
  /** With format 'jpeg': each area's crop, in the order of `areas` (none when they would cover half the picture or more). */
  crops?: AreaCrop[];
  /** With format 'jpeg': the after picture's fingerprint (SHA-256 of its size and pixels: docs/review.md, "Marks"). */
  fingerprint?: string;
}

/** The comparisons' worker thread (compare-worker.js), started on the first (or by `startComparer`), keeping the process alive only while one is under way. */
type Comparer = { worker: Worker; pending: Map<number, { resolve: (c: Comparison) => void; reject: (e: Error) => void }> };
let comparer: Comparer | undefined;
let nextComparison = 0;

/**
 * Compares two pictures pixel by pixel with pixelmatch (threshold 0 by default: any change of
 * colour counts; anti-aliased pixels are counted too). Pictures of different heights are
 * compared on the larger canvas. The areas of the changed pixels come with it. The difference is
 * a PNG, or a JPEG as a review page embeds it, with the two pictures and the crops of the changed
 * areas as JPEGs too, and the after picture's fingerprint. In a worker thread
 * (compare-worker.js): the main thread goes on driving Chromium and serving the pages meanwhile.
 */
export function comparePictures(
  before: Buffer,
  after: Buffer,
  threshold = 0,
  format: 'png' | 'jpeg' = 'png',
  /** With format 'jpeg': the before picture's JPEG from an earlier comparison of it (kept with the base side's pictures), not made again. */
  beforeJpeg?: Buffer,
): Promise<Comparison> {
  const { worker, pending } = startComparer();
  const id = nextComparison++;
  worker.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, before, after, threshold, format, ...(beforeJpeg && { beforeJpeg }) });
  });
}

/**
 * Starts the comparisons' worker before the first pictures are taken (a review calls it once it
 * knows it has pages to picture): its modules (sharp, pixelmatch) load, about half a second of a
 * thread, while the pages are built and pictured, not after. Idle, it keeps no process alive.
 */
export function startComparer(): Comparer {
  if (!comparer) {
    const worker = new Worker(new URL('./compare-worker.js', import.meta.url));
    const pending: Comparer['pending'] = new Map();
    worker.on('message', ({ id, result, error }: { id: number; result?: Comparison; error?: string }) => {
      const job = pending.get(id)!;
      pending.delete(id);
      if (pending.size === 0) worker.unref();
      // Buffers come back from the worker as plain bytes (Uint8Array): seen as Buffers again, not copied.
      const bytes = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      if (result)
        job.resolve({
          ...result,
          difference: bytes(result.difference),
          ...(result.jpegs && { jpegs: { before: bytes(result.jpegs.before), after: bytes(result.jpegs.after) } }),
          ...(result.crops && {
            crops: result.crops.map((crop) => ({
              ...crop,
              before: bytes(crop.before),
              after: bytes(crop.after),
              difference: bytes(crop.difference),
            })),
          }),
        });
      else job.reject(new Error(`comparing pictures: ${error}`));
    });
    // A worker that fails or ends fails what it was given (nothing waits for it forever).
    const fail = (error: Error) => {
      for (const job of pending.values()) job.reject(error);
      pending.clear();
      if (comparer?.worker === worker) comparer = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`comparing pictures: the worker ended (exit code ${code})`)));
    worker.unref();
    comparer = { worker, pending };
  }
  return comparer;
}
