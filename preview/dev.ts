import type { Server } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import type { Plugin, ViteDevServer } from 'vite';
import { compileContent, resolveBuildOptions } from '../generator/compile.ts';
import type { CompileResult } from '../generator/compile.ts';
import type { ResolvedRegion, SiteModel } from '../generator/resolve/index.ts';
import type { ConsentBanner } from '../generator/resolve/model.ts';
import type { Diagnostic } from '../generator/diagnostics.ts';
import { hasErrors } from '../generator/diagnostics.ts';
import { buildSchedule } from '../generator/deployment.ts';
import { emitSites, writeGeneratedFiles } from '../generator/emit.ts';
import { textAssets } from '../generator/text-assets.ts';
import { PACKAGE_ROOT } from '../generator/paths.ts';
import { variantFor, renderVariant } from '../generator/images.ts';
import { renderPageShell, renderTemplate } from '../generator/templates.ts';
import { createEmulatedClock } from '../server/backends/clock.ts';
import { createEmulator } from '../server/emulator.ts';
import type { Emulator } from '../server/emulator.ts';
import { limitSlowClients, PREVIEW_CLOCK_TAG } from '../server/serve.ts';
import { serializeJsonLd } from '../core/json-ld.ts';
import { findRoute, normalizePath, parsePath, regionTable } from '../core/paths.ts';
import { splitRegion } from '../core/model.ts';
import type { RegionData } from '../core/model.ts';
import { CONTENT_OK_CLIENT, overlayError } from './dev-overlay.ts';

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

/**
 * Whether a request takes a page in answer: it accepts HTML (text/html, or any type: curl and
 * link checkers ask for any type, or send no Accept at all), and, when the browser says what it
 * fetches (Sec-Fetch-Dest), it is a document or a fetch rather than a script, style or image.
 */
export function acceptsPage(headers: { accept?: string | string[]; 'sec-fetch-dest'?: string | string[] }): boolean {
  const dest = String(headers['sec-fetch-dest'] ?? '');
  if (dest && !['document', 'iframe', 'frame', 'empty'].includes(dest)) return false;
  const accept = String(headers.accept ?? '').trim();
  if (!accept) return true;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) return false;
    return ['text/html', 'application/xhtml+xml', 'text/*', '*/*'].includes(type);
  });
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const resolved = resolveBuildOptions({ content: options.content, sites: options.sites, cwd: options.cwd });
  const contentDir = resolved.contentDir;
  const sitesDir = resolved.sitesDir;
  const clock = createEmulatedClock(options.now);
  let compiled: CompileResult | undefined;
  let region: RegionData | undefined;
  let resolvedRegion: ResolvedRegion | undefined;
  /** The routes' texts the route table's loaders fetch, by path, as a build writes them. */
  let texts = new Map<string, string>();
  // What the emulated back ends know of the sites: the last valid content's (as a build's backends.json).
  let sites: SiteModel['backends'] | undefined;
  let vite: ViteDevServer | undefined;

  /** Compiles, regenerates the modules when valid, and tells the browser either way. */
  const recompile = async () => {
    compiled = await compileContent({ content: contentDir, cwd: resolved.cwd, now: clock.now() });
    options.onDiagnostics?.(compiled.diagnostics, compiled.sources);
    if (hasErrors(compiled.diagnostics)) {
      vite?.ws.send({ type: 'error', err: overlayError(compiled) });
      return;
    }
    await writeGeneratedFiles(sitesDir, await emitSites(compiled.model, sitesDir, [options.region]));
    resolvedRegion = compiled.model.regions.find((r) => r.data.code === options.region);
    texts = new Map(
      [...(resolvedRegion ? textAssets(resolvedRegion).values() : [])].map((text) => [
        `${resolvedRegion!.data.basePath}/${text.file}`,
        text.json,
      ]),
    );
    const shown = region && JSON.stringify(region);
    region = resolvedRegion?.data;
    sites = compiled.model.backends;
    vite?.ws.send({ type: 'custom', event: 'build-region:content-ok' });
    // A page's content is inline in its HTML, rendered per request: a change shows by a reload.
    if (shown !== undefined && shown !== JSON.stringify(region)) vite?.ws.send({ type: 'full-reload', path: '*' });
  };
  await recompile();
  const emulator = createEmulator({ clock, sites: () => sites ?? compiled!.model.backends });

  let pending: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const plugin: Plugin = {
    name: 'build-region:content',
    configureServer(server) {
      server.watcher.add(contentDir);
      server.watcher.on('all', (_event, file) => {
        if (!path.resolve(file).startsWith(contentDir + path.sep)) return;
        clearTimeout(pending);
        // Editors write in bursts: compile once the burst is over, one compile at a time.
        pending = setTimeout(() => (running = running.then(recompile).catch((error: unknown) => console.error(error))), 60);
      });
      server.ws.on('connection', () => {
        if (compiled && hasErrors(compiled.diagnostics)) server.ws.send({ type: 'error', err: overlayError(compiled) });
      });
      // The emulated back ends, the images and the favicon, then the pages; the rest is Vite's.
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
        const image = compiled ? variantFor(compiled.art, pathname) : undefined;
        if (image) {
          renderVariant(image.art, image.scale, image.format).then((data) => {
            res.setHeader('Content-Type', `image/${image.format}`);
            res.setHeader('Cache-Control', 'no-cache');
            res.end(data);
          }, next);
          return;
        }
        const text = texts.get(pathname);
        if (text !== undefined) {
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(text);
          return;
        }
        if (pathname === '/schedule.json' && compiled) {
          // What a build writes at the root, for the preview clock's stages and boundaries.
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify(buildSchedule(compiled.model.regions, emulator.clock.now())));
          return;
        }
        // A product's drawing, as the build writes it beside the pages (core/image-urls.ts).
        const drawing =
          region && pathname.startsWith(`${region.basePath}/images/`)
            ? /^([^/]+)\.svg$/.exec(pathname.slice(region.basePath.length + '/images/'.length))?.[1]
            : undefined;
        const product = drawing === undefined ? undefined : region?.products[drawing];
        if (product && drawing !== undefined) {
          (server.ssrLoadModule('/runtime/server.tsx') as Promise<typeof import('../runtime/server.tsx')>).then(
            ({ renderProductImage }) => {
              res.setHeader('Content-Type', 'image/svg+xml');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(renderProductImage(drawing, product.alt, product));
            },
            next,
          );
          return;
        }
        if (region && pathname === `${region.basePath}/favicon.svg`) {
          res.setHeader('Content-Type', 'image/svg+xml');
          res.end(renderTemplate('favicon.svg.hbs', { background: '#0b1a33' }));
          return;
        }
        emulator.handle(req, res, pathname).then((handled) => (handled ? undefined : next()), next);
      });
      return () => {
        server.middlewares.use((req, res, next) => {
          const pathname = normalizePath(decodeURIComponent((req.url ?? '/').split('?', 1)[0] ?? '/'));
          if ((req.method !== 'GET' && req.method !== 'HEAD') || !region || !acceptsPage(req.headers)) return next();
          const data = region;
          const route = findRoute(data, pathname);
          if (!route && parsePath(pathname, regionTable(data.regions)).region !== data.code) return next();
          renderDevPage(
            server,
            data,
            route ? pathname : `${data.basePath}/404`,
            emulator.clock.now(),
            req.url ?? '/',
            entryUrl(data.code),
            resolvedRegion?.consent,
          ).then(
            (html) => {
              res.statusCode = route ? 200 : 404;
              res.setHeader('Content-Type', 'text/html; charset=utf-8');
              res.setHeader('Cache-Control', 'no-store');
              res.end(html);
            },
            (error: unknown) => next(error),
          );
        });
      };
    },
  };

  // The region's entry: under the package as /sites/..., elsewhere through Vite's /@fs/.
  const entryUrl = (code: string) => {
    const file = path.join(sitesDir, code, 'main.ts');
    const relative = path.relative(PACKAGE_ROOT, file);
    return relative.startsWith('..') || path.isAbsolute(relative)
      ? `/@fs${file.split(path.sep).join('/')}`
      : `/${relative.split(path.sep).join('/')}`;
  };
  vite = await createServer({
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
  });
  await vite.listen();
  limitSlowClients(vite.httpServer as Server);
  const address = vite.httpServer!.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://localhost:${port}${region?.basePath || ''}/`,
    vite,
    emulator,
    async close() {
      clearTimeout(pending);
      await running;
      await vite!.close();
      emulator.close();
    },
  };
}

/** One page rendered by the runtime's own server entry (through Vite, so edits show at once). */
async function renderDevPage(
  server: ViteDevServer,
  region: RegionData,
  pathname: string,
  now: number,
  url: string,
  entry: string,
  consent?: ConsentBanner,
): Promise<string> {
  const { renderPage } = (await server.ssrLoadModule('/runtime/server.tsx')) as typeof import('../runtime/server.tsx');
  const rendered = await renderPage(region, pathname, now);
  const { site, pages } = splitRegion(region);
  const page = rendered.route && !rendered.route.redirect ? pages.get(rendered.route.path) : undefined;
  const html = renderPageShell({
    head: rendered.head,
    jsonLd: rendered.head.jsonLd.map(serializeJsonLd),
    base: `${region.basePath}/`,
    entry,
    css: '',
    preloads: [],
    loadNow: true,
    html: rendered.html,
    now,
    // Everything the first render needs is inline here, the site data and the catalogue too:
    // the preview has no site data file, and its pages are rendered on each request anyway.
    routeData: serializeJsonLd({
      site,
      messages: region.messages,
      ...(rendered.route && { path: rendered.route.path }),
      ...(page && { page }),
      ...rendered.data,
    }),
    ...(consent && { consent }),
  });
  const withClient = html.replace('</body>', `${CONTENT_OK_CLIENT}${PREVIEW_CLOCK_TAG}</body>`);
  return server.transformIndexHtml(url, withClient);
}
