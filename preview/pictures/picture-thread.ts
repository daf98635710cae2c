import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PictureOptions, PictureRequest } from './index.ts';

/**
 * Chromium driven from a thread of its own (docs/review.md, "Cost"): `diff --pictures` starts it
 * first, so Playwright loads and Chromium starts on the other core while the diff's words are
 * compiled and the sides build on this one (Playwright's driver alone is about 0.4 s of a
 * thread's time). Pictures are taken there by preview/pictures/index.ts, as in this thread.
 */
export interface PictureThread {
  /** Chromium's version (what a kept picture's key names). */
  version(): Promise<string>;
  /** preparePictures: the first-paint pictures at `at` made ready. */
  prepare(at: number): Promise<void>;
  /** takePicture: a picture of `pathname` of the site at `origin`. */
  take(origin: string, pathname: string, options: PictureOptions): Promise<Buffer>;
  /** Chromium closed and the thread ended (once; what is under way fails). */
  close(): Promise<void>;
}

type Request = PictureRequest extends infer R ? (R extends PictureRequest ? Omit<R, 'id'> : never) : never;

/** Starts the thread, which starts Chromium at once (a Chromium that cannot start fails every request). */
export function startPictureThread(): PictureThread {
  // The pictures' module as this one was loaded: from the commands' bundle (bin/launch.js says
  // where it is), or as TypeScript (tests, scripts).
  const bundle = process.env.BUILD_REGION_BUNDLE;
  const worker = new Worker(new URL('./picture-thread.js', import.meta.url), {
    workerData: bundle
      ? { module: pathToFileURL(path.join(bundle, 'pictures.mjs')).href }
      : { module: new URL('./index.ts', import.meta.url).href, tsx: true },
  });
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  let ended: Error | undefined;
  const fail = (error: Error) => {
    ended ??= error;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    const job = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    if (error !== undefined) job?.reject(new Error(error));
    else job?.resolve(result);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the picture thread ended (exit code ${code})`)));
  // Nothing asked yet: the thread alone does not keep the process running.
  worker.unref();
  const ask = <T>(request: Request): Promise<T> => {
    if (ended) return Promise.reject(ended);
    const id = next++;
    worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  let closed: Promise<void> | undefined;
  return {
    version: () => ask<string>({ op: 'version' }),
    prepare: (at) => ask<void>({ op: 'prepare', at }),
    take: async (origin, pathname, options) => {
      const bytes = await ask<Uint8Array>({ op: 'take', origin, pathname, options });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: () =>
      (closed ??= ask<void>({ op: 'close' })
        .catch(() => {})
        .then(async () => void (await worker.terminate()))),
  };
}
