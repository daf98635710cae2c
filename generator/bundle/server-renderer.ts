import { readdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheKey, readTree, writeTree } from '../cache.ts';
import { PACKAGE_ROOT, RUNTIME_DIR } from '../paths.ts';
import { viteBuild } from './vite-build.ts';
import type { RenderedPage } from '../../runtime/server.tsx';
import type { ProductData, RegionData } from '../../core/model.ts';

/** The server renderer built from runtime/server.tsx: one build serves every region. */
export interface ServerRenderer {
  renderPage(region: RegionData, path: string, now: number): Promise<RenderedPage>;
  renderProductImage(product: string, title: string, art?: Pick<ProductData, 'drawing' | 'palette' | 'includes'>): string;
  dispose(): Promise<void>;
  /** The renderer's module (its URL), which a page thread imports (generator/prerender/page-thread.ts). */
  module: string;
}

let buildCounter = 0;

/** Server renderers this process has loaded, by cache folder and key: a module, once imported, stays. */
const renderers = new Map<string, Promise<ServerRenderer>>();

/**
 * Builds the shared server renderer once, into a private folder under node_modules/.cache. It
 * depends on the runtime's sources only, so it comes from the build cache whenever they are
 * unchanged (the cache key covers every source and the lock file). With a cache, a process
 * that builds again (the tests, a script) reuses the renderer it loaded: an imported module is
 * never unloaded, so loading it anew each time would only grow the process. Its folder is
 * removed when the process exits (chunks it has not loaded yet are read from it until then).
 */
export async function buildServerRenderer(cacheDir?: string): Promise<ServerRenderer> {
  const key = cacheKey('server renderer');
  if (cacheDir === undefined) return loadServerRenderer(key, cacheDir, true);
  const loaded = `${cacheDir}\0${key}`;
  let renderer = renderers.get(loaded);
  if (!renderer) {
    renderer = loadServerRenderer(key, cacheDir, false);
    renderers.set(loaded, renderer);
    renderer.catch(() => renderers.delete(loaded));
  }
  return renderer;
}

/** Where the renderers' private folders are made. */
const RENDERERS_DIR = path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'robot-sites');

/**
 * Removes the renderer folders (`ssr-<pid>-...`) of processes that have ended without removing
 * theirs: a process killed (a test runner's workers, a stopped CI job) never runs its exit
 * handler, and each left about 1.5 MB behind, for good.
 */
export function sweepAbandonedRenderers(dir = RENDERERS_DIR): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^ssr-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || running(pid)) continue;
    rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/** Whether a process of that id runs (one of another user's still counts). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The server renderer of the runtime's sources as they are now when the build cache holds it,
 * else undefined (nothing is built). The live preview renders with it until a source changes.
 */
export async function cachedServerRenderer(cacheDir: string | undefined): Promise<ServerRenderer | undefined> {
  if (cacheDir === undefined) return undefined;
  const key = cacheKey('server renderer');
  const loaded = `${cacheDir}\0${key}`;
  const known = renderers.get(loaded);
  if (known) return known;
  const renderer = await loadServerRenderer(key, cacheDir, false, false);
  if (renderer) renderers.set(loaded, Promise.resolve(renderer));
  return renderer;
}

async function loadServerRenderer(key: string, cacheDir: string | undefined, disposable: boolean): Promise<ServerRenderer>;
async function loadServerRenderer(
  key: string,
  cacheDir: string | undefined,
  disposable: boolean,
  build: false,
): Promise<ServerRenderer | undefined>;
async function loadServerRenderer(
  key: string,
  cacheDir: string | undefined,
  disposable: boolean,
  build = true,
): Promise<ServerRenderer | undefined> {
  sweepAbandonedRenderers();
  const outDir = path.join(RENDERERS_DIR, `ssr-${process.pid}-${++buildCounter}-${Date.now()}`);
  if (!(await readTree(cacheDir, 'ssr', key, outDir))) {
    await rm(outDir, { recursive: true, force: true });
    if (!build) return undefined;
    await viteBuild({
      build: {
        ssr: path.join(RUNTIME_DIR, 'server.tsx'),
        outDir,
        emptyOutDir: true,
        minify: false,
        reportCompressedSize: false,
        rolldownOptions: { output: { entryFileNames: 'server.js' } },
      },
      // React's production build renders the same markup several times faster than its
      // development build, which React picks by NODE_ENV when it loads. Bundled in with
      // NODE_ENV defined, it is the production build whatever the process's environment says
      // (a test runner sets its own), and the build leaves that environment to its caller.
      ssr: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    });
    await writeTree(cacheDir, 'ssr', key, outDir);
  }
  const url = pathToFileURL(path.join(outDir, 'server.js')).href;
  const module = (await import(url)) as Pick<ServerRenderer, 'renderPage' | 'renderProductImage'>;
  if (!disposable) process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
  const dispose = disposable ? () => rm(outDir, { recursive: true, force: true }) : async () => {};
  return { renderPage: module.renderPage, renderProductImage: module.renderProductImage, dispose, module: url };
}
