// A region's pages prerendered on two threads (generator/prerender/index.ts): this one and a page
// thread, each claiming the next page from a shared counter until none is left.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { createFileWriter, renderPage } from './page-render.ts';
import type { PageContext, PageJob } from './page-render.ts';
import { inlineScripts, templateSpecs, useInlineScripts, useTemplateSpecs } from '../emit/templates.ts';
import type { ServerRenderer } from '../bundle/server-renderer.ts';

/** What a page thread is given. */
interface PageThreadData {
  /** The server renderer's module (its URL). */
  renderer: string;
  context: PageContext;
  jobs: PageJob[];
  /** The claims: [the next page's index, whether to stop]. */
  claims: SharedArrayBuffer;
  outDir: string;
  scripts: [string, string][];
  templates: [string, string][];
}

/** The next page's index to render, or undefined when every page is claimed or the work stopped. */
export function claimPage(claims: Int32Array, count: number): number | undefined {
  if (Atomics.load(claims, 1)) return undefined;
  const index = Atomics.add(claims, 0, 1);
  return index < count ? index : undefined;
}

/** The page thread's work: pages claimed, rendered and written until none is left; the indexes it wrote. */
export async function servePages(port: MessagePort, data: PageThreadData): Promise<void> {
  const claims = new Int32Array(data.claims);
  try {
    useInlineScripts(data.scripts);
    useTemplateSpecs(data.templates);
    const renderer = (await import(data.renderer)) as Pick<ServerRenderer, 'renderPage'>;
    const write = createFileWriter(data.outDir);
    const done: number[] = [];
    for (let index = claimPage(claims, data.jobs.length); index !== undefined; index = claimPage(claims, data.jobs.length)) {
      const job = data.jobs[index]!;
      write(job.file, await renderPage(renderer, data.context, job));
      done.push(index);
    }
    port.postMessage({ done });
  } catch (error) {
    Atomics.store(claims, 1, 1);
    port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

/**
 * Starts a page thread on `jobs` (claimed through `claims`, as this thread claims them too): the
 * indexes of the pages it wrote, once it has ended. It fails with the thread's error, after
 * telling this thread to stop claiming.
 */
export function startPageThread(options: {
  renderer: ServerRenderer;
  context: PageContext;
  jobs: PageJob[];
  claims: SharedArrayBuffer;
  outDir: string;
}): Promise<number[]> {
  // The thread's module as this one was loaded: from the commands' bundle (bin/launch.js says
  // where it is), or as TypeScript (tests, scripts).
  const bundle = process.env.BUILD_REGION_BUNDLE;
  const pages: PageThreadData = {
    renderer: options.renderer.module,
    context: options.context,
    jobs: options.jobs,
    claims: options.claims,
    outDir: options.outDir,
    scripts: inlineScripts(),
    templates: templateSpecs(),
  };
  const worker = new Worker(new URL('./page-thread.js', import.meta.url), {
    // A young generation of 8 MiB (V8's default is several times it): the thread's pages are
    // short-lived strings, and each MiB of it is resident memory of the build (issue 48).
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
    workerData: {
      pages,
      ...(bundle
        ? { module: pathToFileURL(path.join(bundle, 'pages.mjs')).href }
        : { module: new URL('./page-thread.ts', import.meta.url).href, tsx: true }),
    },
  });
  const claims = new Int32Array(options.claims);
  return new Promise<number[]>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      Atomics.store(claims, 1, 1);
      reject(error);
    };
    worker.once('message', (message: { done?: number[]; error?: string }) => {
      if (!message.done) return fail(new Error(`a page thread failed: ${message.error}`));
      settled = true;
      resolve(message.done);
    });
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the page thread ended (exit code ${code})`)));
  });
}
