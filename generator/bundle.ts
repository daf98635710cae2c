import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { InlineConfig, Manifest } from 'vite';
import { PACKAGE_ROOT, RUNTIME_DIR } from './paths.ts';
import type { ResolvedRegion } from './resolve.ts';
import { renderPageShell, renderTemplate } from './templates.ts';
import type { RenderedPage } from '../runtime/server.tsx';
import type { RegionData } from '../runtime/types.ts';

/** The server renderer built from runtime/server.tsx: one build serves every region. */
export interface ServerRenderer {
  renderPage(region: RegionData, path: string): Promise<RenderedPage>;
  dispose(): Promise<void>;
}

let buildCounter = 0;

function baseConfig(): InlineConfig {
  return {
    configFile: false,
    envFile: false,
    root: PACKAGE_ROOT,
    logLevel: 'silent',
    publicDir: false,
    plugins: [react()],
  };
}

/** Builds the shared server renderer once, into a private folder under node_modules/.cache. */
export async function buildServerRenderer(): Promise<ServerRenderer> {
  const outDir = path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'robot-sites', `ssr-${process.pid}-${++buildCounter}-${Date.now()}`);
  await build({
    ...baseConfig(),
    build: {
      ssr: path.join(RUNTIME_DIR, 'server.tsx'),
      outDir,
      emptyOutDir: true,
      minify: false,
      reportCompressedSize: false,
      rolldownOptions: { output: { entryFileNames: 'server.js' } },
    },
  });
  const module = (await import(pathToFileURL(path.join(outDir, 'server.js')).href)) as Pick<ServerRenderer, 'renderPage'>;
  return { renderPage: module.renderPage, dispose: () => rm(outDir, { recursive: true, force: true }) };
}

export interface ClientBundle {
  /** URL of the entry script. */
  entry: string;
  /** The entry's CSS, inlined into every page (small, and it saves a render-blocking request). */
  css: string;
  /** URLs to modulepreload for each page module id (relative to the package root). */
  preloadsFor(pageModule: string | undefined): string[];
  /** Paths of all emitted files, relative to the region's folder. */
  files: string[];
}

/** Builds one region's client bundle with its own base into `outDir`. */
export async function buildRegionClient(region: ResolvedRegion, sitesDir: string, outDir: string): Promise<ClientBundle> {
  const base = `${region.data.basePath}/`;
  const input = path.join(sitesDir, region.data.code, 'main.ts');
  const result = await build({
    ...baseConfig(),
    base,
    build: {
      outDir,
      emptyOutDir: false,
      manifest: true,
      reportCompressedSize: false,
      rolldownOptions: { input },
    },
  });
  const manifestPath = path.join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  await rm(path.join(outDir, '.vite'), { recursive: true, force: true });
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error(`Vite produced no entry chunk for region ${region.data.code}`);
  const entry = manifest[entryKey]!;
  const url = (file: string) => `${base}${file}`;

  const importsOf = (key: string, seen = new Set<string>()): Set<string> => {
    for (const dependency of manifest[key]?.imports ?? []) {
      if (seen.has(dependency)) continue;
      seen.add(dependency);
      importsOf(dependency, seen);
    }
    return seen;
  };
  const outputs = ([] as { fileName: string }[]).concat(
    ...(Array.isArray(result) ? result : [result]).map((r) => ('output' in r ? r.output : [])),
  );
  const css = (await Promise.all((entry.css ?? []).map((file) => readFile(path.join(outDir, file), 'utf8')))).join('\n');
  return {
    entry: url(entry.file),
    css: css.replace(/<\/style/gi, '<\\/style').trim(),
    preloadsFor(pageModule) {
      const keys = importsOf(entryKey);
      if (pageModule && manifest[pageModule]) {
        keys.add(pageModule);
        importsOf(pageModule, keys);
      }
      keys.delete(entryKey);
      return [...keys].map((key) => url(manifest[key]!.file)).sort();
    },
    files: outputs.map((o) => o.fileName).sort(),
  };
}

const PAGE_MODULES: Record<string, string> = {
  home: 'runtime/pages/Home.tsx',
  'choose-your-region': 'runtime/pages/ChooseRegion.tsx',
};

function outputPathFor(routePath: string, basePath: string): string {
  const rest = routePath.slice(basePath.length).replace(/^\/+/, '');
  return rest ? path.join(rest, 'index.html') : 'index.html';
}

export interface PrerenderedFile {
  /** Path relative to the region's folder. */
  path: string;
  route: string;
}

/** Prerenders every route of a region, its not-found page and its static files into `outDir`. */
export async function prerenderRegion(region: ResolvedRegion, renderer: ServerRenderer, client: ClientBundle, outDir: string): Promise<PrerenderedFile[]> {
  const data = region.data;
  const base = `${data.basePath}/`;
  const written: PrerenderedFile[] = [];
  const write = async (relative: string, content: string) => {
    const target = path.join(outDir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  };
  for (const route of data.routes) {
    const rendered = await renderer.renderPage(data, route.path);
    const html = renderPageShell({
      lang: rendered.lang,
      title: rendered.title,
      description: route.content.description,
      keywords: route.content.keywords.join(', '),
      canonical: `${data.origin}${route.path === '/' ? '/' : route.path}`,
      base,
      entry: client.entry,
      css: client.css,
      preloads: client.preloadsFor(PAGE_MODULES[route.page]),
      html: rendered.html,
    });
    const relative = outputPathFor(route.path, data.basePath);
    await write(relative, html);
    written.push({ path: relative, route: route.path });
  }
  const notFound = await renderer.renderPage(data, `${data.basePath}/404`);
  await write(
    '404.html',
    renderPageShell({ lang: notFound.lang, title: notFound.title, noindex: true, base, entry: client.entry, css: client.css, preloads: client.preloadsFor(undefined), html: notFound.html }),
  );
  written.push({ path: '404.html', route: `${data.basePath}/404` });
  await write('favicon.svg', renderTemplate('favicon.svg.hbs', { background: '#0b1a33' }));
  return written;
}
