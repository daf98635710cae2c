import type { Server } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import type { InlineConfig, Plugin, ViteDevServer } from 'vite';
import {
  compileContent,
  resolveBuildOptions,
  hasErrors,
  emitSites,
  writeGeneratedFiles,
  textAssets,
  PACKAGE_ROOT,
} from '../../generator/index.ts';
import type { Diagnostic } from '../../generator/index.ts';
import { createEmulatedClock } from '../../server/backends/clock.ts';
import type { EmulatedClock } from '../../server/backends/clock.ts';
import { createEmulator } from '../../server/emulator.ts';
import type { Emulator } from '../../server/emulator.ts';
import { limitSlowClients } from '../../server/serve.ts';
import { serveContentFiles, serveContentPages } from './middleware.ts';
import type { DevState } from './middleware.ts';
import { overlayError } from './overlay.ts';

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
  /** Called with the diagnostics of every compile (the CLI prints them). */
  onDiagnostics?: (diagnostics: Diagnostic[], sources: Map<string, string>) => void;
}

export interface DevServer {
  url: string;
  vite: ViteDevServer;
  emulator: Emulator;
  close(): Promise<void>;
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const resolved = resolveBuildOptions({ content: options.content, sites: options.sites, cwd: options.cwd });
  const contentDir = resolved.contentDir;
  const sitesDir = resolved.sitesDir;
  const clock = createEmulatedClock(options.now);
  const state: DevState = { texts: new Map<string, string>() };
  const recompile = () => recompileContent(state, options, { contentDir, sitesDir, cwd: resolved.cwd }, clock);
  await recompile();
  const emulator = createEmulator({ clock, sites: () => state.sites ?? state.compiled!.model.backends });
  const queue = createCompileQueue(recompile);
  const plugin = contentPlugin(state, emulator, contentDir, queue, (code) => entryUrl(sitesDir, code));
  const vite = await createServer(viteConfig(options, sitesDir, plugin));
  state.vite = vite;
  await vite.listen();
  limitSlowClients(vite.httpServer as Server);
  const address = vite.httpServer!.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://localhost:${port}${state.region?.basePath || ''}/`,
    vite,
    emulator,
    async close() {
      await queue.close();
      await vite.close();
      emulator.close();
    },
  };
}

/** Compiles, regenerates the modules when valid, and tells the browser either way. */
async function recompileContent(
  state: DevState,
  options: DevServerOptions,
  dirs: { contentDir: string; sitesDir: string; cwd: string },
  clock: EmulatedClock,
): Promise<void> {
  const compiled = await compileContent({ content: dirs.contentDir, cwd: dirs.cwd, now: clock.now() });
  state.compiled = compiled;
  options.onDiagnostics?.(compiled.diagnostics, compiled.sources);
  if (hasErrors(compiled.diagnostics)) {
    state.vite?.ws.send({ type: 'error', err: overlayError(compiled) });
    return;
  }
  await writeGeneratedFiles(dirs.sitesDir, await emitSites(compiled.model, dirs.sitesDir, [options.region]));
  const resolvedRegion = compiled.model.regions.find((r) => r.data.code === options.region);
  state.resolvedRegion = resolvedRegion;
  state.texts = new Map(
    [...(resolvedRegion ? textAssets(resolvedRegion).values() : [])].map((text) => [
      `${resolvedRegion!.data.basePath}/${text.file}`,
      text.json,
    ]),
  );
  const shown = state.region && JSON.stringify(state.region);
  state.region = resolvedRegion?.data;
  state.sites = compiled.model.backends;
  state.vite?.ws.send({ type: 'custom', event: 'build-region:content-ok' });
  // A page's content is inline in its HTML, rendered per request: a change shows by a reload.
  if (shown !== undefined && shown !== JSON.stringify(state.region)) state.vite?.ws.send({ type: 'full-reload', path: '*' });
}

/** Runs the compiles the content's edits ask for: once a burst of edits is over, one compile at a time. */
function createCompileQueue(recompile: () => Promise<void>) {
  let pending: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  return {
    schedule() {
      clearTimeout(pending);
      pending = setTimeout(() => (running = running.then(recompile).catch((error: unknown) => console.error(error))), 60);
    },
    /** No compile is started any more, and the one under way has ended. */
    async close() {
      clearTimeout(pending);
      await running;
    },
  };
}

/** The plugin that watches the content, shows its errors in the overlay and serves what it makes. */
function contentPlugin(
  state: DevState,
  emulator: Emulator,
  contentDir: string,
  queue: ReturnType<typeof createCompileQueue>,
  entryUrl: (code: string) => string,
): Plugin {
  return {
    name: 'build-region:content',
    configureServer(server) {
      server.watcher.add(contentDir);
      server.watcher.on('all', (_event, file) => {
        if (!path.resolve(file).startsWith(contentDir + path.sep)) return;
        // Editors write in bursts: compile once the burst is over, one compile at a time.
        queue.schedule();
      });
      server.ws.on('connection', () => {
        if (state.compiled && hasErrors(state.compiled.diagnostics)) server.ws.send({ type: 'error', err: overlayError(state.compiled) });
      });
      // The emulated back ends, the images and the favicon, then the pages; the rest is Vite's.
      server.middlewares.use(serveContentFiles(server, state, emulator));
      return () => {
        server.middlewares.use(serveContentPages(server, state, emulator, entryUrl));
      };
    },
  };
}

// The region's entry: under the package as /sites/..., elsewhere through Vite's /@fs/.
function entryUrl(sitesDir: string, code: string): string {
  const file = path.join(sitesDir, code, 'main.ts');
  const relative = path.relative(PACKAGE_ROOT, file);
  return relative.startsWith('..') || path.isAbsolute(relative)
    ? `/@fs${file.split(path.sep).join('/')}`
    : `/${relative.split(path.sep).join('/')}`;
}

/** Vite's configuration of the dev server: the package's root, React, and the content plugin. */
function viteConfig(options: DevServerOptions, sitesDir: string, plugin: Plugin): InlineConfig {
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
      entries: [path.join(sitesDir, options.region, 'main.ts')],
      include: ['react', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'wouter', 'zustand', 'ofetch'],
    },
    server: { port: options.port ?? 5173, host: options.host ?? '127.0.0.1', strictPort: false, fs: { allow: [PACKAGE_ROOT, sitesDir] } },
  };
}
