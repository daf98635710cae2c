import type { Server } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import type { InlineConfig, Plugin, ViteDevServer } from 'vite';
import {
  buildServerRenderer,
  cachedServerRenderer,
  compileContent,
  createCompileMemory,
  prepareInlineScripts,
  resolveBuildOptions,
  hasErrors,
  PACKAGE_ROOT,
} from '../../generator/index.ts';
import type { CompileResult, Diagnostic } from '../../generator/index.ts';
import type { ContentVersion } from '../../core/model.ts';
import { createEmulatedClock } from '../../server/backends/clock.ts';
import { createEmulator } from '../../server/emulator.ts';
import type { Emulator } from '../../server/emulator.ts';
import { limitSlowClients } from '../../server/serve.ts';
import { serveContentFiles, serveContentPages } from './middleware.ts';
import { ENTRY_ID, ENTRY_URL, readEditedFile, showCompile, showTextEdit, writeModules } from './versions.ts';
import type { DevState } from './middleware.ts';
import { overlayError } from './overlay.ts';
import { AFTER_TEXT_EDIT_MS, compiler, createCompileQueue, updater } from './queue.ts';
import type { CompileQueue } from './queue.ts';
import { pageRenderer } from './renderer.ts';
import { serveStills } from './still.ts';

export { acceptsPage } from './middleware.ts';

/**
 * `build-region --dev <region>`: a Vite dev server of one region. Every page is rendered on
 * request from the current content (at the emulated clock's instant) and hydrated by the
 * runtime's sources with hot reload. Editing a YAML file re-validates the content and
 * regenerates the modules; a content error shows in Vite's error overlay with the CLI's
 * `file:line:col` diagnostic and code frame, and goes away when the content is fixed. The
 * emulated back ends (and the preview clock) run beside it.
 */

export interface DevServerOptions {
  region: string;
  content?: string;
  /** Folder of the generated region modules (default: the package's `sites/`). */
  sites?: string;
  port?: number;
  host?: string;
  cwd?: string;
  /** Where the emulated clock starts (epoch ms); default: the real time. */
  now?: number;
  /** The content compiled at `now` already (the CLI's check that the region exists): the first page shows it. */
  compiled?: CompileResult;
  /** Called with the diagnostics of every compile (the CLI prints them). */
  onDiagnostics?: (diagnostics: Diagnostic[], sources: Map<string, string>) => void;
  /**
   * Texts that replace the content folder's, by id, read at each compile (the studio's unsaved
   * edits: the preview shows them before they are saved); `update()` compiles them anew.
   */
  overlay?: () => ReadonlyMap<string, string> | undefined;
  /**
   * Whether the generated region modules are written to `sites` (for an editor's types; default
   * true). The studio's preview writes none: the studio writes only in the content folder, and
   * writing them held its thread for seconds at a large catalogue while the maintainer typed.
   */
  modules?: boolean;
}

export interface DevServer {
  url: string;
  vite: ViteDevServer;
  emulator: Emulator;
  /**
   * Compiles the content again (the overlay changed, or the clock moved), and the pages follow;
   * a page file's texts given as `edited` show at once, before the whole compile (as an edit on
   * disk does). With `quick`, only that: the whole compile waits for the next update.
   */
  update(edited?: { id: string; text: string }, quick?: boolean): void;
  /**
   * Shows a compile made elsewhere of the same content, overlay and instant (the studio's check
   * of the keystroke: one thread, so the preview does not compile it a second time).
   */
  show(compiled: CompileResult): void;
  close(): Promise<void>;
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const resolved = resolveBuildOptions({ content: options.content, sites: options.sites, cwd: options.cwd });
  const contentDir = resolved.contentDir;
  const sitesDir = resolved.sitesDir;
  const clock = createEmulatedClock(options.now);
  const cached = cachedServerRenderer(resolved.cacheDir).catch(() => undefined);
  const state: DevState = {
    texts: new Map<string, string>(),
    shards: [],
    siteFile: '',
    version: 0,
    cwd: resolved.cwd,
    lastRequest: 0,
    renderer: () => Promise.reject(new Error('the preview has not started')),
  };
  const dirs = { contentDir, sitesDir, cwd: resolved.cwd };
  // The first compile (the caller's, when it compiled at the clock's instant already) is shown at
  // once; the pages' inline scripts come from the build cache (no esbuild for the first page).
  const firstOverlay = options.overlay?.();
  const first =
    options.compiled ??
    (await compileContent({ content: contentDir, cwd: resolved.cwd, now: clock.now(), ...(firstOverlay && { overlay: firstOverlay }) }));
  showCompile(state, options, first);
  const scripts = prepareInlineScripts(resolved.cacheDir);
  // Once the first page is served: the modules it generates (for the editor's types: writing
  // them loads the TypeScript compiler), and the server renderer the next start uses.
  const firstPage = afterFirstPage(state);
  let closing = false;
  const written = firstPage.served.then(async () => {
    if (options.modules !== false) await writeModules(options, dirs, first).catch((error: unknown) => console.error(error));
    if (!closing && !(await cached)) await buildServerRenderer(resolved.cacheDir).catch(() => undefined);
  });
  // An edit's compile (or the studio's, given by `show`); the modules of the last valid one written once the edits pause.
  const edits = compiler({ ...dirs, options, state, now: () => clock.now(), written, quietMs: MODULES_QUIET_MS });
  const emulator = createEmulator({ clock, sites: () => state.sites ?? state.compiled!.model.backends });
  const queue = createCompileQueue(edits.recompile);
  const plugin = contentPlugin(state, emulator, contentDir, queue, stillCompiler(contentDir, resolved.cwd, options));
  const vite = await createServer(viteConfig(options, sitesDir, contentDir, plugin));
  state.vite = vite;
  state.renderer = pageRenderer(vite, cached, [contentDir, sitesDir]);
  await scripts;
  await vite.listen();
  limitSlowClients(vite.httpServer as Server);
  const address = vite.httpServer!.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://localhost:${port}${state.region?.basePath || ''}/`,
    vite,
    emulator,
    update: updater(state, contentDir, queue),
    show(compiled) {
      edits.give(compiled);
      queue.schedule();
    },
    async close() {
      closing = true;
      firstPage.release();
      await queue.close();
      await edits.writeLast();
      await vite.close();
      emulator.close();
    },
  };
}

/**
 * `served` resolves once the first page has been served and its browser has fetched what it
 * needs (the server had no request for a while), after a while with no page at all, or at once
 * on `release` (the preview stops).
 */
function afterFirstPage(state: DevState): { served: Promise<void>; release(): void } {
  let release = () => {};
  const served = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, MODULES_AFTER_MS);
    release = () => {
      clearTimeout(timer);
      resolve();
    };
    state.firstPage = () => {
      clearTimeout(timer);
      state.firstPage = undefined;
      const idle = () => (performance.now() - state.lastRequest >= QUIET_MS ? resolve() : setTimeout(idle, QUIET_MS / 4));
      idle();
    };
  });
  return { served, release: () => release() };
}

/**
 * The compiles of the stills (still.ts): the content with the overlay at another instant, one at
 * a time, with a memory of their own (the edits' compiles keep theirs).
 */
function stillCompiler(contentDir: string, cwd: string, options: DevServerOptions): (instant: number) => Promise<CompileResult> {
  const memory = createCompileMemory();
  let last: Promise<unknown> = Promise.resolve();
  return (instant) => {
    const overlay = options.overlay?.();
    const run = last.then(() => compileContent({ content: contentDir, cwd, now: instant, memory, ...(overlay && { overlay }) }));
    last = run.catch(() => undefined);
    return run;
  };
}

/** The plugin that watches the content, shows its errors in the overlay and serves what it makes. */
function contentPlugin(
  state: DevState,
  emulator: Emulator,
  contentDir: string,
  queue: CompileQueue,
  compileAt: (instant: number) => Promise<CompileResult>,
): Plugin {
  return {
    name: 'build-region:content',
    enforce: 'pre',
    // The preview's entry (preview/dev/middleware.ts names it in every page): the runtime's live
    // preview client, with the number of shards of the region's route table as last compiled.
    resolveId: (id) => (id === ENTRY_URL ? ENTRY_ID : undefined),
    load: (id) =>
      id === ENTRY_ID
        ? `import { startDevClient } from '/runtime/dev-client.tsx';\nvoid startDevClient(${state.shards.length});\n`
        : undefined,
    configureServer(server) {
      server.watcher.add(contentDir);
      // Edits are taken in the order they came (reading one may wait for its write to end).
      let edits = Promise.resolve();
      server.watcher.on('all', (_event, file) => {
        const edited = path.resolve(file);
        if (!edited.startsWith(contentDir + path.sep)) return;
        edits = edits
          .then(async () => {
            // A page's texts edited: the pages show them at once, before the whole compile (which
            // follows, and has the last word).
            // The whole compile then waits a moment: it holds this thread for tens of milliseconds,
            // and the pages fetch the new version first.
            const shown = showTextEdit(state, contentDir, edited, await readEditedFile(edited));
            queue.schedule(shown ? AFTER_TEXT_EDIT_MS : 0);
          })
          // A failure of the quick path (the whole compile says what is wrong) stops no later edit.
          .catch((error: unknown) => {
            console.error(error);
            queue.schedule();
          });
      });
      // A page that missed a version while it started (rendered at an older one) is told of the newest.
      server.ws.on('build-region:since', (data: { version?: unknown }, client) => {
        if (typeof data?.version === 'number' && data.version < state.version && !hasErrors(state.compiled?.diagnostics ?? []))
          client.send('build-region:content', { version: state.version, shards: state.shards.length } satisfies ContentVersion);
      });
      server.ws.on('connection', () => {
        if (state.compiled && hasErrors(state.compiled.diagnostics)) server.ws.send({ type: 'error', err: overlayError(state.compiled) });
      });
      server.middlewares.use((_req, _res, next) => {
        state.lastRequest = performance.now();
        next();
      });
      // The emulated back ends, the images and the favicon, then the pages; the rest is Vite's.
      server.middlewares.use(serveContentFiles(server, state, emulator));
      return () => {
        server.middlewares.use(serveStills(server, state, compileAt));
        server.middlewares.use(serveContentPages(server, state, emulator, ENTRY_URL));
      };
    },
  };
}

/** How long the modules of the first compile wait for the first page before they are written anyway. */
const MODULES_AFTER_MS = 10_000;
/**
 * How long the edits pause before the modules of the last compile are written: the write holds
 * the server's thread for about 100 ms (the TypeScript compiler), which an edit meanwhile waits for.
 */
const MODULES_QUIET_MS = 2_000;
/** How long the server has had no request when the first page's browser is taken to have all it needs. */
const QUIET_MS = 1_000;

/**
 * The package's folders the preview never serves (tests, docs, scripts, the studio, a build's
 * output), left out of Vite's watcher's first walk (7 % of the first page): not one holding the content.
 */
export function unwatched(contentDir: string): string[] {
  return ['tests', 'docs', 'scripts', 'studio', 'dist']
    .map((name) => path.join(PACKAGE_ROOT, name))
    .filter((dir) => contentDir !== dir && !contentDir.startsWith(dir + path.sep))
    .flatMap((dir) => [dir, `${dir}/**`]);
}

/** Vite's configuration of the dev server: the package's root, React, and the content plugin. */
function viteConfig(options: DevServerOptions, sitesDir: string, contentDir: string, plugin: Plugin): InlineConfig {
  return {
    configFile: false,
    envDir: false,
    root: PACKAGE_ROOT,
    publicDir: false,
    appType: 'custom',
    logLevel: 'warn',
    clearScreen: false,
    plugins: [react(), plugin],
    // Scan the region's whole module graph at start-up, so the dependency optimiser never finds a
    // new dependency later and reloads an open page by itself.
    optimizeDeps: {
      entries: [path.join(PACKAGE_ROOT, 'runtime', 'dev-client.tsx')],
      include: ['react', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'wouter', 'zustand', 'ofetch'],
    },
    server: {
      warmup: { clientFiles: ['./runtime/dev-client.tsx'] },
      port: options.port ?? 5173,
      host: options.host ?? '127.0.0.1',
      strictPort: false,
      fs: { allow: [PACKAGE_ROOT, sitesDir] },
      watch: { ignored: unwatched(contentDir) },
    },
  };
}
