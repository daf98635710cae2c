import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InlineConfig, Manifest, Plugin } from 'vite';
import { cacheKey, readTree, writeTree } from './cache.ts';
import { PACKAGE_ROOT, RUNTIME_DIR } from './paths.ts';
import type { ResolvedRegion } from './resolve/index.ts';
import { renderPageShell, renderTemplate } from './templates.ts';
import { pageModule } from '../core/kinds.ts';
import type { RenderedPage } from '../runtime/server.tsx';
import type { SiteDataFile } from '../runtime/content.ts';
import { pageText, splitRegion } from '../core/model.ts';
import type { PageContent, ProductData, RegionCode, RegionData } from '../core/model.ts';
import { serializeJsonLd } from '../core/json-ld.ts';
import { regionOutputDir } from './output.ts';
import type { ShareCardRenderer } from './images.ts';
import { shareCardSvg } from './share-cards.ts';
import { shareImagePath } from '../core/image-urls.ts';

/** The server renderer built from runtime/server.tsx: one build serves every region. */
export interface ServerRenderer {
  renderPage(region: RegionData, path: string, now: number): Promise<RenderedPage>;
  renderProductImage(product: string, title: string, art?: Pick<ProductData, 'drawing' | 'palette' | 'includes'>): string;
  dispose(): Promise<void>;
}

let buildCounter = 0;

/**
 * Vite's build with the project's configuration; Vite and its React plugin load on the first
 * build that is not cached. Always a production build: Vite and the React plugin take the mode
 * from NODE_ENV when it is set, so `NODE_ENV=test` or `development` in a CI job (or a test
 * runner) would ship React's development build (twice the size) and JSX for its dev runtime.
 * NODE_ENV is `production` while Vite reads its configuration, then as it was.
 */
async function viteBuild(config: InlineConfig): Promise<void> {
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: false, envFile: false, root: PACKAGE_ROOT, logLevel: 'silent', publicDir: false, mode: 'production', ...config, plugins: [react(), ...(config.plugins ?? [])] });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Vite wraps every dynamic import in a helper that preloads the imported chunk's dependencies
 * and CSS. The client's CSS is all in the entry (inline in each page) and the pages preload
 * their own chunks, so the helper only costs bytes: this plugin makes it a plain call. A
 * dynamic chunk with CSS of its own would need it: the client build refuses one (below).
 */
function plainDynamicImports(): Plugin {
  return {
    name: 'robot-sites:plain-dynamic-imports',
    enforce: 'pre',
    load: {
      filter: { id: /^\0vite\/preload-helper/ },
      handler: () => 'export const __vitePreload = (load) => load();',
    },
  };
}

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

async function loadServerRenderer(key: string, cacheDir: string | undefined, disposable: boolean): Promise<ServerRenderer> {
  const outDir = path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'robot-sites', `ssr-${process.pid}-${++buildCounter}-${Date.now()}`);
  if (!(await readTree(cacheDir, 'ssr', key, outDir))) {
    await rm(outDir, { recursive: true, force: true });
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
  const module = (await import(pathToFileURL(path.join(outDir, 'server.js')).href)) as Pick<ServerRenderer, 'renderPage' | 'renderProductImage'>;
  if (!disposable) process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
  const dispose = disposable ? () => rm(outDir, { recursive: true, force: true }) : async () => {};
  return { renderPage: module.renderPage, renderProductImage: module.renderProductImage, dispose };
}

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

/** Packages loaded on first use (the API client's ofetch and its dependencies), in chunks of their own. */
const ON_FIRST_USE = ['ofetch', 'ufo', 'destr', 'node-fetch-native'].map((name) => `${path.sep}node_modules${path.sep}${name}${path.sep}`);

/**
 * The package's modules every page needs: those the client entry (runtime/client.tsx) imports
 * statically, directly or through others. What only page components import (their components,
 * the account screens, the support form, price formatting...) loads with those pages' chunks.
 */
function sharedRuntimeModules(): Set<string> {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    const text = readFileSync(file, 'utf8');
    // Value imports of the package's own files (`import type` carries no code; `import()` is a chunk of its own).
    for (const match of text.matchAll(/^import\s+(?!type\b)(?:[^;']*?\s+from\s+)?'(\.{1,2}\/[^']+)';/gm)) visit(path.resolve(path.dirname(file), match[1]!));
  };
  visit(path.join(RUNTIME_DIR, 'client.tsx'));
  return found;
}

/** Whether a module belongs in the shared runtime chunk: the libraries (but those loaded on first use) and the runtime every page needs. */
function isSharedRuntimeModule(id: string, sitesDir: string, shared: ReadonlySet<string>): boolean {
  const file = id.split('?', 1)[0]!;
  if (file.startsWith(sitesDir + path.sep) || file.startsWith(`${sitesDir}/`)) return false;
  if (file.includes(`${path.sep}node_modules${path.sep}`)) return !ON_FIRST_USE.some((folder) => file.includes(folder));
  return shared.has(file);
}

/**
 * Builds the client bundles of the given regions in one Vite build: one entry per region (its
 * data and start-up call), one shared runtime chunk, one chunk per page. The build uses a
 * relative base, so the same files work under any region's folder; each region then gets the
 * shared files and its own entry in `<region>/assets/`. The shared chunks are forced by a
 * code-splitting group, so building one region alone gives exactly the same files for it.
 */
export async function buildClients(
  regions: readonly ResolvedRegion[],
  sitesDir: string,
  stagingDir: string,
  cache: { dir?: string; modules?: readonly { path: string; content: string }[] } = {},
): Promise<Map<RegionCode, ClientBundle>> {
  const buildDir = path.join(stagingDir, '.client-build');
  const input = Object.fromEntries(regions.map((r) => [r.data.code, path.join(sitesDir, r.data.code, 'main.ts')]));
  // The build's inputs: the regions, the generated modules they import (by content) and the
  // runtime's sources (in the source key). Without the modules there is no key, and no cache.
  // Vite's manifest names modules by their path from the package root: where the sites folder is is an input too.
  const where = path.relative(PACKAGE_ROOT, sitesDir);
  const key = cache.modules && cacheKey('client', where, JSON.stringify(regions.map((r) => r.data.code)), JSON.stringify(cache.modules.map((m) => [m.path, m.content])));
  const cached = key !== undefined && (await readTree(cache.dir, 'client', key, buildDir));
  if (!cached) await rm(buildDir, { recursive: true, force: true });
  const shared = cached ? new Set<string>() : sharedRuntimeModules();
  if (!cached) await viteBuild({
    base: './',
    plugins: [plainDynamicImports()],
    build: {
      outDir: buildDir,
      emptyOutDir: true,
      manifest: true,
      reportCompressedSize: false,
      // A page's loader fetches what it needs and a link's hover or focus loads the next page's
      // chunks: Vite's preload helper (1 KB in every page) is replaced by a plain import.
      modulePreload: false,
      rolldownOptions: {
        input,
        output: {
          // A text chunk is named after its whole module path under sites/ (page-faq-en,
          // messages-en-US, account-en-GB-login): two modules never share a name, so Rolldown
          // never renames one to tell them apart, and a partial build names files exactly as a
          // build of all regions does.
          chunkFileNames: (chunk) => {
            const id = chunk.facadeModuleId;
            if (!id || !id.startsWith(sitesDir + path.sep)) return 'assets/[name]-[hash].js';
            const name = path.relative(sitesDir, id).replace(/\.ts$/, '').split(path.sep).join('-').replace(/^pages-/, 'page-');
            return `assets/${name}-[hash].js`;
          },
          codeSplitting: { groups: [{ name: 'runtime', test: (id: string) => isSharedRuntimeModule(id, sitesDir, shared) }] },
        },
      },
    },
  });
  if (!cached && key !== undefined) await writeTree(cache.dir, 'client', key, buildDir);
  const manifest = JSON.parse(await readFile(path.join(buildDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = new Map(Object.entries(manifest).filter(([, chunk]) => chunk.isEntry).map(([key, chunk]) => [chunk.name, key]));
  const styled = Object.entries(manifest).find(([, chunk]) => chunk.isDynamicEntry && chunk.css?.length);
  if (styled) throw new Error(`The client chunk of ${styled[0]} has CSS of its own; the runtime keeps all CSS in runtime/styles.css, inline in every page`);
  const importsOf = (key: string, seen = new Set<string>()): Set<string> => {
    for (const dependency of manifest[key]?.imports ?? []) {
      if (seen.has(dependency)) continue;
      seen.add(dependency);
      importsOf(dependency, seen);
    }
    return seen;
  };

  // Manifest keys are paths relative to the build root; the sites folder may live elsewhere.
  const manifestKey = (module: string): string | undefined => {
    if (manifest[module]) return module;
    const absolute = module.startsWith('sites/') ? path.join(sitesDir, module.slice('sites/'.length)) : path.join(PACKAGE_ROOT, module);
    const relative = path.relative(PACKAGE_ROOT, absolute).split(path.sep).join('/');
    return manifest[relative] ? relative : undefined;
  };
  const bundles = new Map<RegionCode, ClientBundle>();
  for (const region of regions) {
    const code = region.data.code;
    const entryKey = entries.get(code);
    if (!entryKey) throw new Error(`Vite produced no entry chunk for region ${code}`);
    const entry = manifest[entryKey]!;
    const base = `${region.data.basePath}/`;
    const url = (file: string) => `${base}${file}`;
    // Everything the region's entry can load: its static and dynamic imports, transitively.
    const reachable = new Set<string>();
    const visit = (key: string) => {
      if (reachable.has(key)) return;
      reachable.add(key);
      const chunk = manifest[key]!;
      for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
    };
    visit(entryKey);
    const files = [...new Set([...reachable].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? []), ...(manifest[key]!.assets ?? [])]))].sort();
    const regionDir = regionOutputDir(stagingDir, region.data);
    await Promise.all(
      files.map(async (file) => {
        await mkdir(path.dirname(path.join(regionDir, file)), { recursive: true });
        await copyFile(path.join(buildDir, file), path.join(regionDir, file));
      }),
    );
    const staticKeys = [entryKey, ...importsOf(entryKey)];
    const cssFiles = staticKeys.flatMap((key) => manifest[key]!.css ?? []);
    const css = (await Promise.all(cssFiles.map((file) => readFile(path.join(buildDir, file), 'utf8')))).join('\n');
    bundles.set(code, {
      entry: url(entry.file),
      css: css.replace(/<\/style/gi, '<\\/style').trim(),
      preloadsFor(modules) {
        const keys = importsOf(entryKey);
        for (const module of modules) {
          const key = manifestKey(module);
          if (!key) throw new Error(`Vite built no chunk for ${module}`);
          keys.add(key);
          importsOf(key, keys);
        }
        keys.delete(entryKey);
        return [...keys].map((key) => url(manifest[key]!.file)).sort();
      },
      files,
    });
  }
  await rm(buildDir, { recursive: true, force: true });
  return bundles;
}


function outputPathFor(routePath: string, basePath: string): string {
  const rest = routePath.slice(basePath.length).replace(/^\/+/, '');
  return rest ? path.join(rest, 'index.html') : 'index.html';
}

export interface PrerenderedFile {
  /** Path relative to the region's folder. */
  path: string;
  route: string;
}

/**
 * Prerenders every route of a region at the build's instant, its not-found page and its static
 * files into `outDir`; `signal` stops it between files.
 */
export async function prerenderRegion(region: ResolvedRegion, renderer: ServerRenderer, client: ClientBundle, outDir: string, now: number, signal?: AbortSignal, cards?: ShareCardRenderer): Promise<PrerenderedFile[]> {
  const written: PrerenderedFile[] = [];
  const files = createFileWriter(outDir, signal);
  try {
    await prerenderFiles({ region, renderer, client, now, outDir, write: files.write, written, cards });
  } finally {
    await files.settled();
  }
  return written;
}

/**
 * Writes files under `dir` while the caller goes on (the next page renders meanwhile), a few at
 * once: written one after the other, the waits for the disk were a third of a page's cost.
 * `settled` waits for every write, then throws the first that failed; `write` throws once one
 * has failed, or `signal` is aborted.
 */
function createFileWriter(dir: string, signal?: AbortSignal) {
  const writing = new Set<Promise<void>>();
  let failed: { error: unknown } | undefined;
  return {
    async write(relative: string, content: string): Promise<void> {
      signal?.throwIfAborted();
      if (failed) throw failed.error;
      while (writing.size >= WRITES_AT_ONCE) await Promise.race(writing);
      const target = path.join(dir, relative);
      const job: Promise<void> = mkdir(path.dirname(target), { recursive: true })
        .then(() => writeFile(target, content))
        .catch((error: unknown) => void (failed ??= { error }))
        .finally(() => writing.delete(job));
      writing.add(job);
    },
    async settled(): Promise<void> {
      await Promise.all(writing);
      if (failed) throw failed.error;
    },
  };
}

const WRITES_AT_ONCE = 8;

/** The files of a region (see prerenderRegion), each handed to `write`, each page noted in `written`. */
async function prerenderFiles(job: {
  region: ResolvedRegion;
  renderer: ServerRenderer;
  client: ClientBundle;
  now: number;
  outDir: string;
  write: (relative: string, content: string) => Promise<void>;
  written: PrerenderedFile[];
  cards?: ShareCardRenderer;
}): Promise<void> {
  const { region, renderer, client, now, outDir, write, written, cards } = job;
  const data = region.data;
  const base = `${data.basePath}/`;
  // What every page of the region shares (its site data and catalogue) is one file, cached
  // across pages under a name that changes with its content; each page inlines only its own data.
  const siteData = JSON.stringify({ site: splitRegion(data).site, messages: data.messages } satisfies SiteDataFile);
  const siteFile = `assets/site-${data.code}-${createHash('sha256').update(siteData).digest('base64url').slice(0, 10)}.json`;
  await write(siteFile, siteData);
  const shell = async (routePath: string, modules: string[], content?: PageContent) => {
    const rendered = await renderer.renderPage(data, routePath, now);
    return renderPageShell({
      head: rendered.head,
      jsonLd: rendered.head.jsonLd.map(serializeJsonLd),
      base,
      entry: client.entry,
      css: client.css,
      preloads: client.preloadsFor(modules),
      siteData: `${base}${siteFile}`,
      html: rendered.html,
      now,
      // The 404 page is served at any path that is no route: its data names none.
      routeData: serializeJsonLd({ ...(rendered.route && { path: routePath }), ...(content && { page: content }), ...rendered.data }),
      ...(region.consent && { consent: region.consent }),
    });
  };
  const brand = data.messages['site.name'] ?? '';
  const drawings = new Map<string, string>();
  for (const [key, product] of Object.entries(data.products).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const drawing = renderer.renderProductImage(key, product.alt, product);
    drawings.set(key, drawing);
    await write(`images/${key}.svg`, drawing);
  }
  // Share cards (generator/share-cards.ts): one per product page, and the region's own for its
  // other pages; drawn here first, so the image workers (`cards`, images.ts) render them while
  // the pages are prerendered.
  const addCard = (relative: string, card: { title: string; brand: string; art: string }) => cards?.add({ svg: shareCardSvg(card), target: path.join(outDir, relative) });
  const carded = new Set<string>();
  for (const route of data.routes) {
    const product = route.product && !route.redirect ? data.products[route.product] : undefined;
    if (!product || carded.has(route.product!)) continue;
    carded.add(route.product!);
    addCard(shareImagePath({ basePath: '' }, route.product).slice(1), { title: product.name, brand, art: drawings.get(route.product!)! });
  }
  addCard(shareImagePath({ basePath: '' }).slice(1), { title: brand, brand: new URL(data.origin).host, art: renderer.renderProductImage('brand', brand) });
  for (const route of data.routes) {
    const relative = outputPathFor(route.path, data.basePath);
    const module = pageModule(route);
    if (route.redirect || !module) {
      // A static host cannot answer a redirect by itself: the page redirects at once, and the
      // canonical link tells search engines where the content lives.
      const target = route.redirect ?? (data.basePath || '/');
      await write(relative, renderTemplate('redirect.html.hbs', { lang: data.locale, page: route.page, target, canonical: `${data.origin}${target}`, text: data.messages['redirect.text'] ?? '' }));
      written.push({ path: relative, route: route.path });
      continue;
    }
    await write(relative, await shell(route.path, [module], pageText(route)));
    written.push({ path: relative, route: route.path });
  }
  await write('404.html', await shell(`${data.basePath}/404`, []));
  written.push({ path: '404.html', route: `${data.basePath}/404` });
  await write('favicon.svg', renderTemplate('favicon.svg.hbs', { background: '#0b1a33' }));
}
