// The dev server's middlewares (preview/dev/index.ts): the emulated back ends, the images, texts,
// schedule and favicon of the content as last compiled, and its pages rendered on request.
import path from 'node:path';
import type { Connect, ViteDevServer } from 'vite';
import type { CompileResult, ResolvedRegion, SiteModel } from '../../generator/index.ts';
import { buildSchedule, PACKAGE_ROOT, variantFor, renderVariant, renderPageShell, renderTemplate } from '../../generator/index.ts';
import type { Emulator } from '../../server/emulator.ts';
import { PREVIEW_CLOCK_TAG } from '../../server/serve.ts';
import { serializeJsonLd } from '../../core/json-ld.ts';
import { findRoute, normalizePath, parsePath, regionTable } from '../../core/paths.ts';
import { DEV_PATH, splitRegion } from '../../core/model.ts';
import type { RegionData } from '../../core/model.ts';
import { CONTENT_OK_CLIENT } from './overlay.ts';

/** What renders the preview's pages: runtime/server.tsx, built or through Vite. */
export type PageRenderer = Pick<typeof import('../../runtime/server.tsx'), 'renderPage' | 'renderProductImage'>;

/** What the dev server knows of the content, as its compiles leave it (read by the middlewares on each request). */
export interface DevState {
  /** The last compile, valid or not. */
  compiled?: CompileResult;
  region?: RegionData;
  resolvedRegion?: ResolvedRegion;
  /** The routes' texts the route table's shards name, by URL path, as a build writes them. */
  texts: Map<string, string>;
  /** The route table's shards the preview's client loads (core/model.ts `RouteShardFile`), as JSON. */
  shards: string[];
  /** The region's site data file (core/model.ts `SiteDataFile`), as JSON. */
  siteFile: string;
  /** The region's data as last served, as JSON: a compile that changes it is a new version. */
  served?: string;
  /** The version of the content the open pages are told of (runtime/dev-client.tsx). */
  version: number;
  /** The folder printed paths are relative to (the compiles'). */
  readonly cwd: string;
  /** Called once a page has been served (the first compile's modules are written then). */
  firstPage?: () => void;
  /** When the server last had a request (performance.now()). */
  lastRequest: number;
  /** What renders the pages (preview/dev/index.ts `pageRenderer`). */
  renderer: () => Promise<PageRenderer>;
  /** What the emulated back ends know of the sites: the last valid content's (as a build's backends.json). */
  sites?: SiteModel['backends'];
  /** The Vite server, once created: a compile tells its browsers how it went. */
  vite?: ViteDevServer;
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

/** The images, the texts, the schedule, the drawings and the favicon, then the emulated back ends; the rest goes on. */
export function serveContentFiles(server: ViteDevServer, state: DevState, emulator: Emulator): Connect.NextHandleFunction {
  return (req, res, next) => {
    const { compiled, texts, region } = state;
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
    const text = texts.get(pathname) ?? devFile(state, pathname);
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
      state.renderer().then(({ renderProductImage }) => {
        res.setHeader('Content-Type', 'image/svg+xml');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(renderProductImage(drawing, product.alt, product));
      }, next);
      return;
    }
    if (region && pathname === `${region.basePath}/favicon.svg`) {
      res.setHeader('Content-Type', 'image/svg+xml');
      res.end(renderTemplate('favicon.svg.hbs', { background: '#0b1a33' }));
      return;
    }
    emulator.handle(req, res, pathname).then((handled) => (handled ? undefined : next()), next);
  };
}

/** The preview client's site data file and route table shards (`DEV_PATH`/site.json, `DEV_PATH`/routes/<n>.json), or undefined. */
function devFile(state: DevState, pathname: string): string | undefined {
  if (!pathname.startsWith(`${DEV_PATH}/`)) return undefined;
  const name = pathname.slice(DEV_PATH.length + 1);
  if (name === 'site.json') return state.siteFile || undefined;
  const shard = /^routes\/(\d+)\.json$/.exec(name)?.[1];
  return shard === undefined ? undefined : state.shards[Number(shard)];
}

/** The region's pages (a path of the region with no page: its 404 page), rendered on request at the emulated clock's instant. */
export function serveContentPages(server: ViteDevServer, state: DevState, emulator: Emulator, entry: string): Connect.NextHandleFunction {
  return (req, res, next) => {
    const pathname = normalizePath(decodeURIComponent((req.url ?? '/').split('?', 1)[0] ?? '/'));
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !acceptsPage(req.headers)) return next();
    if (!state.region)
      return state.compiled ? void waitingPage(server, state.compiled).then((html) => sendWaiting(res, html), next) : next();
    const data = state.region;
    const route = findRoute(data, pathname);
    if (!route && parsePath(pathname, regionTable(data.regions)).region !== data.code) return next();
    renderDevPage(server, state, route ? pathname : `${data.basePath}/404`, emulator.clock.now(), entry).then(
      (html) => {
        res.statusCode = route ? 200 : 404;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(html);
        state.firstPage?.();
      },
      (error: unknown) => next(error),
    );
  };
}

/**
 * The page the preview answers while no compile of the content has been valid yet (it started
 * with errors: the studio's unsaved text, or a file saved with errors): the errors in words, and
 * a reload once the content is valid. Without it the preview answered "Cannot GET" and stayed so.
 */
async function waitingPage(server: ViteDevServer, compiled: CompileResult): Promise<string> {
  const vite = await viteTags(server);
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
  const items = errors
    .slice(0, 20)
    .map((d) => `<li><code>${d.code}</code> ${escape(d.message)} (<code>${escape(d.file)}:${d.line}:${d.column}</code>)</li>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>The content has errors</title>${vite.head}</head>
<body><main><h1>The preview waits for the content to be valid</h1>
<p>The content has ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}, so no page of this region can be rendered yet. This page reloads by itself once they are fixed.</p>
<ul>${items.join('')}</ul></main>${vite.body}
<script type="module">
import { createHotContext } from '/@vite/client';
createHotContext('/@build-region/waiting').on('build-region:content-ok', () => location.reload());
</script></body></html>`;
}

function sendWaiting(res: import('node:http').ServerResponse, html: string): void {
  res.statusCode = 503;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(html);
}

/** One page rendered by the runtime's server entry (state.renderer), with what Vite adds to a page in its dev server. */
async function renderDevPage(server: ViteDevServer, state: DevState, pathname: string, now: number, entry: string): Promise<string> {
  const region = state.region!;
  const consent = state.resolvedRegion?.consent;
  const [{ renderPage }, vite, css] = await Promise.all([state.renderer(), viteTags(server), runtimeCss(server)]);
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
  // The version of the content it shows: the page's client asks for a newer one once it listens (runtime/dev-client.tsx).
  return (
    html
      .replace('<div id="root" ', `<div id="root" data-version="${state.version}" `)
      // Styled from its first paint, as a built page is: the runtime's CSS inline, marked as the
      // style Vite's client would add with the page's code, which takes it over (no second copy)
      // and keeps it up to date as styles.css is edited.
      .replace('<head>', `<head>${vite.head}<style data-vite-dev-id="${RUNTIME_CSS}">${css}</style>`)
      .replace('</body>', `${vite.body}${CONTENT_OK_CLIENT}${PREVIEW_CLOCK_TAG}</body>`)
  );
}

/**
 * What Vite and its plugins add to every page of its dev server (its client, React's refresh
 * preamble), learnt once from an empty page: the same on every page, and Vite's own transform
 * of a whole page (parsing its HTML) was a tenth of the first page's time. The page's own
 * scripts need none of it (its entry's URL is absolute; its inline module imports by absolute URLs).
 */
function viteTags(server: ViteDevServer): Promise<{ head: string; body: string }> {
  let known = learnt.get(server);
  if (!known) {
    known = server.transformIndexHtml('/', EMPTY_PAGE).then((html) => ({
      head: /<head>([\s\S]*)<\/head>/.exec(html)?.[1]?.trim() ?? '',
      body: /<body>([\s\S]*)<\/body>/.exec(html)?.[1]?.trim() ?? '',
    }));
    learnt.set(server, known);
  }
  return known;
}

const EMPTY_PAGE = '<!doctype html><html><head></head><body></body></html>';

/** The runtime's style sheet, by the id Vite's client knows its style element by (the file's path). */
const RUNTIME_CSS = path.join(PACKAGE_ROOT, 'runtime', 'styles.css').split(path.sep).join('/');

/** The runtime's CSS as Vite processes it (runtime/styles.css): what a built page inlines. */
export async function runtimeCss(server: ViteDevServer): Promise<string> {
  const module = (await server.ssrLoadModule('/runtime/styles.css?inline')) as { default: string };
  return module.default;
}
const learnt = new WeakMap<ViteDevServer, Promise<{ head: string; body: string }>>();
