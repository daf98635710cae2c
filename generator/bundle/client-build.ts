import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Manifest, Plugin } from 'vite';
import { cacheKey, readTree, writeEntry, writeTree } from '../cache.ts';
import { CLIENT_CSS } from './client-css.ts';
import type { ClientBundle } from './client-css.ts';
import { clientViteConfig } from './client-vite-config.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import type { ResolvedRegion } from '../resolve/index.ts';
import type { RegionCode } from '../../core/model.ts';
import { regionOutputDir } from '../output.ts';
import { viteBuild } from './vite-build.ts';

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
  const input = Object.fromEntries(regions.map((r) => [r.data.code, path.join(sitesDir, entryModule(r.data.code))]));
  const key = clientCacheKey(regions, sitesDir, cache.modules);
  const cached = key !== undefined && (await readTree(cache.dir, 'client', key, buildDir));
  if (!cached) await rm(buildDir, { recursive: true, force: true });
  if (!cached) await viteBuild(clientViteConfig(input, buildDir, sitesDir, [plainDynamicImports()]));
  if (!cached && key !== undefined) await writeTree(cache.dir, 'client', key, buildDir);
  let cssKept = false;
  const { manifest, entries } = await readClientManifest(buildDir);
  if (!cached) sitesModulesOf(manifest, regions, sitesDir);
  const bundles = new Map<RegionCode, ClientBundle>();
  for (const region of regions) {
    const bundle = await copyRegionClient(region, manifest, entries, buildDir, stagingDir, sitesDir);
    // The runtime's CSS, the same whatever the content (runtime/styles.css), kept for builds of
    // pages to picture as they first paint (generator/bundle/client-css.ts).
    if (!cached && !cssKept) await writeEntry(cache.dir, CLIENT_CSS.kind, CLIENT_CSS.key(), bundle.css);
    cssKept = true;
    bundles.set(region.data.code, bundle);
  }
  await rm(buildDir, { recursive: true, force: true });
  return bundles;
}

/**
 * The build's inputs: the regions, their entries (by content: the only generated modules the
 * bundle holds, each importing the runtime alone, as `sitesModulesOf` checks after a build) and
 * the runtime's sources (in the source key). Without the modules there is no key, and no cache.
 * The content's data is in JSON files the build writes (generator/emit/index.ts): a new price,
 * text or page leaves the key as it was.
 */
function clientCacheKey(
  regions: readonly ResolvedRegion[],
  sitesDir: string,
  modules: readonly { path: string; content: string }[] | undefined,
): string | undefined {
  // Vite's manifest names modules by their path from the package root: where the sites folder is is an input too.
  const where = path.relative(PACKAGE_ROOT, sitesDir);
  const entries = new Set(regions.map((r) => entryModule(r.data.code)));
  const inputs = modules?.filter((m) => entries.has(m.path)).map((m) => [m.path, m.content]);
  return inputs && cacheKey('client', where, JSON.stringify(regions.map((r) => r.data.code)), JSON.stringify(inputs));
}

/** A region's entry, relative to the sites folder. */
const entryModule = (code: string) => `${code}/main.ts`;

/**
 * The modules of the sites folder a bundle holds: the regions' entries, or the build throws
 * (the cache key names only those: a bundle that imported more could be reused when it changed).
 */
function sitesModulesOf(manifest: Manifest, regions: readonly ResolvedRegion[], sitesDir: string): void {
  const entries = new Set(regions.map((r) => path.join(sitesDir, entryModule(r.data.code))));
  for (const chunk of Object.values(manifest)) {
    const file = chunk.src && path.resolve(PACKAGE_ROOT, chunk.src);
    if (file?.startsWith(`${sitesDir}${path.sep}`) && !entries.has(file))
      throw new Error(
        `The client bundle holds ${path.relative(sitesDir, file)} of the sites folder: only the regions' entries belong in it`,
      );
  }
}

/** Vite's manifest of the build and its entry chunks by region; a page chunk with CSS of its own is refused. */
async function readClientManifest(buildDir: string): Promise<{ manifest: Manifest; entries: Map<string | undefined, string> }> {
  const manifest = JSON.parse(await readFile(path.join(buildDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = new Map(
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.isEntry)
      .map(([key, chunk]) => [chunk.name, key]),
  );
  const styled = Object.entries(manifest).find(([, chunk]) => chunk.isDynamicEntry && chunk.css?.length);
  if (styled)
    throw new Error(
      `The client chunk of ${styled[0]} has CSS of its own; the runtime keeps all CSS in runtime/styles.css, inline in every page`,
    );
  return { manifest, entries };
}

/** The chunks `key` imports statically, transitively (added to `seen`). */
function importsOf(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  for (const dependency of manifest[key]?.imports ?? []) {
    if (seen.has(dependency)) continue;
    seen.add(dependency);
    importsOf(manifest, dependency, seen);
  }
  return seen;
}

/** A module's manifest key: manifest keys are paths relative to the build root; the sites folder may live elsewhere. */
function manifestKey(manifest: Manifest, sitesDir: string, module: string): string | undefined {
  if (manifest[module]) return module;
  const absolute = module.startsWith('sites/') ? path.join(sitesDir, module.slice('sites/'.length)) : path.join(PACKAGE_ROOT, module);
  const relative = path.relative(PACKAGE_ROOT, absolute).split(path.sep).join('/');
  return manifest[relative] ? relative : undefined;
}

/**
 * Copies what the region's entry can load into its folder, and gives the region's bundle: its
 * entry's URL, its inline CSS and the chunks each page preloads.
 */
async function copyRegionClient(
  region: ResolvedRegion,
  manifest: Manifest,
  entries: ReadonlyMap<string | undefined, string>,
  buildDir: string,
  stagingDir: string,
  sitesDir: string,
): Promise<ClientBundle> {
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
  const files = [
    ...new Set([...reachable].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? []), ...(manifest[key]!.assets ?? [])])),
  ].sort();
  const regionDir = regionOutputDir(stagingDir, region.data);
  await Promise.all(
    files.map(async (file) => {
      await mkdir(path.dirname(path.join(regionDir, file)), { recursive: true });
      await copyFile(path.join(buildDir, file), path.join(regionDir, file));
    }),
  );
  const staticKeys = [entryKey, ...importsOf(manifest, entryKey)];
  const cssFiles = staticKeys.flatMap((key) => manifest[key]!.css ?? []);
  const css = (await Promise.all(cssFiles.map((file) => readFile(path.join(buildDir, file), 'utf8')))).join('\n');
  const inline = css.replace(/<\/style/gi, '<\\/style').trim();
  return {
    entry: url(entry.file),
    css: inline,
    preloadsFor(modules) {
      const keys = importsOf(manifest, entryKey);
      for (const module of modules) {
        const key = manifestKey(manifest, sitesDir, module);
        if (!key) throw new Error(`Vite built no chunk for ${module}`);
        keys.add(key);
        importsOf(manifest, key, keys);
      }
      keys.delete(entryKey);
      return [...keys].map((key) => url(manifest[key]!.file)).sort();
    },
    files,
  };
}

/**
 * Vite wraps every dynamic import in a helper that preloads the imported chunk's dependencies
 * and CSS. The client's CSS is all in the entry (inline in each page) and the pages preload
 * their own chunks, so the helper only costs bytes: this plugin makes it a plain call. A
 * dynamic chunk with CSS of its own would need it: buildClients refuses one.
 */
function plainDynamicImports(): Plugin {
  return {
    name: 'robot-sites:plain-dynamic-imports',
    enforce: 'pre',
    load: {
      filter: { id: /^\0vite\/preload-helper/ },
      handler: () => 'export const __vitePreload = (load) => load();',
    },
    // The helper only calls what it is given: each call of it is the function it wraps, called
    // (`h(()=>import(a).then(f),…)` is `import(a).then(f)`), and the table of CSS files it was to
    // preload (the CSS is inline in every page) goes.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        chunk.code = unwrapPreloads(chunk.code, (code) => this.parse(code));
        if (!chunk.code.includes('__vite__mapDeps(')) chunk.code = chunk.code.replace(/^const __vite__mapDeps=[^\n]*\n/, '');
      }
    },
  };
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The end of a call of Vite's preload helper: its dependencies (a placeholder Vite fills later, or a list) and `import.meta.url`. */
const PRELOAD_END = /,(?:__VITE_PRELOAD__|\[\]|__vite__mapDeps\(\[[\d,]*\]\)|void 0),import\.meta\.url\)/g;
/** Where such a call may begin: a name called with a function of no parameters. */
const CALL_START = /[\w$]+\((?:async)?\(\)=>/g;

/**
 * The code with every call of Vite's preload helper (`h(fn, deps, import.meta.url)`) replaced by
 * what it does: call `fn`. Each call is found from its end (its last two arguments), its start
 * the nearest place before where one call of that shape parses to exactly there: only these short
 * texts are parsed, not the chunk (the runtime chunk's syntax tree took a quarter of a second).
 */
export function unwrapPreloads(code: string, parse: (code: string) => unknown): string {
  const starts = [...code.matchAll(CALL_START)].map((match) => match.index);
  const calls: { start: number; end: number; text: string }[] = [];
  for (const match of code.matchAll(PRELOAD_END)) {
    const end = match.index + match[0].length;
    for (let i = starts.findLastIndex((start) => start < match.index); i >= 0 && match.index - starts[i]! < 4000; i--) {
      const text = code.slice(starts[i], end);
      const replaced = unwrappedCall(text, parse);
      if (replaced === undefined) continue;
      calls.push({ start: starts[i]!, end, text: replaced });
      break;
    }
  }
  let out = code;
  for (const call of calls.sort((a, b) => b.start - a.start)) out = out.slice(0, call.start) + call.text + out.slice(call.end);
  return out;
}

/** `h(()=>body, deps, url)`, the whole of `text`, as the call it makes; undefined for any other text. */
function unwrappedCall(text: string, parse: (code: string) => unknown): string | undefined {
  let program: Node;
  try {
    program = parse(text) as Node;
  } catch {
    return undefined;
  }
  const statements = program.body as Node[];
  const call = statements.length === 1 ? (statements[0]!.expression as Node | undefined) : undefined;
  const args = call?.arguments as Node[] | undefined;
  if (call?.type !== 'CallExpression' || call.start !== 0 || call.end !== text.length || args?.length !== 3) return undefined;
  const wrapped = args[0]!;
  if (wrapped.type !== 'ArrowFunctionExpression' || (wrapped.params as unknown[]).length !== 0) return undefined;
  const body = wrapped.body as Node;
  const inner = text.slice(body.start, body.end);
  // A call stands wherever the helper's call stood; anything else is bracketed.
  if (wrapped.async || body.type === 'BlockStatement') return `(${text.slice(wrapped.start, wrapped.end)})()`;
  return body.type === 'CallExpression' || body.type === 'ImportExpression' ? inner : `(${inner})`;
}
