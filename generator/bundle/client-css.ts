import { cacheKey, readEntry } from '../cache.ts';

/**
 * The runtime's CSS (runtime/styles.css as Vite bundles it, inlined into every page) depends on
 * the runtime's code alone, not on the content: every client build keeps it in the build cache
 * under the code's source key. A build of pages to picture as they first paint (`firstPaintOnly`,
 * generator/build.ts) takes it from there instead of bundling the app, whose code such pictures
 * never run.
 */
export const CLIENT_CSS = { kind: 'client-css', key: () => cacheKey('client css') } as const;

/** A region's client, as its client build (client-build.ts) makes it or a first-paint build takes it from the cache. */
export interface ClientBundle {
  /** URL of the entry script. */
  entry: string;
  /** The entry's CSS, inlined into every page (small, and it saves a render-blocking request). */
  css: string;
  /** URLs the page's loader fetches with the entry (templates/app-loader.js): the entry's imports and the given modules (ids relative to the package root) with theirs. */
  preloadsFor(modules: readonly string[]): string[];
  /** Paths of all emitted files, relative to the region's folder. */
  files: string[];
}

/**
 * A region's client for pages that are pictured as they first paint and never run their app:
 * the runtime's CSS from the build cache, no script (the page's loader names none). Undefined
 * when the cache has no CSS of this code (a full client build is needed once).
 */
export async function firstPaintClient(cacheDir: string | undefined): Promise<ClientBundle | undefined> {
  const css = await readEntry(cacheDir, CLIENT_CSS.kind, CLIENT_CSS.key());
  if (css === undefined) return undefined;
  return { entry: '', css: css.toString('utf8'), preloadsFor: () => [], files: [] };
}
