import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listTree } from '../files/disk.js';
import { BACKENDS_FILE } from '../core/backends.ts';
import { HOST_RULES_FILE } from '../core/host-rules.ts';
import { cacheStats } from './cache.ts';
import { compileContent, selectRegions } from './compile.ts';
import { resolveBuildOptions } from './options.ts';
import type { CompileResult, ProgressEvent, ResolvedBuildOptions, UserBuildOptions } from './options.ts';
import { createDiagnostic, hasErrors, sortDiagnostics } from './diagnostics/index.ts';
import type { Diagnostic } from './diagnostics/index.ts';
import { buildSchedule } from './deploy/schedule.ts';
import { renderRobots, renderSitemap, securityData } from './deploy/site-files.ts';
import type { Schedule } from './deploy/schedule.ts';
import { inlineScriptHashes, prepareInlineScripts, prepareTemplates } from './emit/templates.ts';
import { hostRules, renderHeaders, renderNginx, renderRedirects } from './deploy/hosts.ts';
import { emitSites } from './emit/index.ts';
import { createSitesJournal, restoreGeneratedFiles, writeGeneratedFiles } from './emit/sites-folder.ts';
import { ArtRenderError, createShareCardRenderer, renderImages } from './art/images.ts';
import type { ShareCardRenderer } from './art/images.ts';
import type { ServerRenderer } from './bundle/server-renderer.ts';
import type { ClientBundle } from './bundle/client-css.ts';
import { commitOutput, createStagingDir, regionOutputDir } from './output.ts';
import type { ResolvedRegion } from './resolve/index.ts';

// The compiler's front (options.ts, and load -> validate -> resolve) lives in compile.ts, which
// re-exports the options; a build is the rest. Importers of either see both.

export interface RegionReport {
  code: string;
  /** '' for the region at /, `/us` for us: where its files are in the output. */
  basePath: string;
  /** Prerendered pages, including the not-found page. */
  pages: string[];
  /** Emitted asset files, relative to the region's folder. */
  assets: string[];
}

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
  regions: RegionReport[];
  /** Generated module files that changed on disk. */
  emitted: string[];
  /** When the prerendered pages go stale (also written to schedule.json); absent on failure. */
  schedule?: Schedule;
  /** What came from the build cache and what was made anew, by kind of entry (docs/cache.md). */
  cache?: Record<string, { hits: number; misses: number }>;
}

/**
 * Entries of the whole deployment, at the output's root, rewritten by every build: the back
 * ends' data, the host rules and their renderings (docs/deploy.md), robots.txt, the schedule,
 * the sitemap and the `static/` folder of images, which every region shares.
 */
export const DEPLOYMENT_FILES = [
  BACKENDS_FILE,
  HOST_RULES_FILE,
  'nginx.conf',
  '_headers',
  '_redirects',
  'robots.txt',
  'schedule.json',
  'sitemap.xml',
  'static',
] as const;

/**
 * The whole pipeline for the chosen regions. Content errors stop the build before anything is
 * written; the regions are built into a staging folder and moved into place at the end, so
 * the output folder is never half written. A build that fails or is stopped (`signal`) waits
 * for every step it started, puts back the generated modules it changed in sites/ and removes
 * its staging folder: sites/ and the output are exactly as they were.
 */
export async function buildRegions(options: UserBuildOptions = {}): Promise<BuildResult> {
  const resolved = resolveBuildOptions(options);
  const signal = options.signal;
  const started = performance.now();
  const progress = (step: ProgressEvent['step'], region?: string) => {
    signal?.throwIfAborted();
    resolved.onProgress({ step, region, elapsed: performance.now() - started });
  };
  const before = cacheStats(resolved.cacheDir);
  const compiled = await compileForBuild(options);
  if (hasErrors(compiled.diagnostics)) {
    return { ok: false, diagnostics: compiled.diagnostics, sources: compiled.sources, regions: [], emitted: [] };
  }
  const selected = selectRegions(compiled.model.regions, resolved.regions);
  signal?.throwIfAborted();
  const staging = await createStagingDir(resolved.outDir);
  const journal = createSitesJournal();
  let rendererPromise: Promise<ServerRenderer> | undefined;
  let cards: ShareCardRenderer | undefined;
  // Vite and React load only for a build, never for a check (the client's Vite only when it bundles).
  const startRenderer = async () => (await import('./bundle/server-renderer.ts')).buildServerRenderer(resolved.cacheDir);
  // Pages to picture as they first paint need no client bundle (nor the modules it is made of)
  // once the cache has the runtime's CSS; their server renderer loads beside the images (a cold
  // build makes it after the client, with a garbage collection between the two).
  const only = options.firstPaintOnly && new Set(options.firstPaintOnly);
  if (only) (rendererPromise = startRenderer()).catch(() => {});
  try {
    // The images first: art the rasteriser refuses though --check passed it is a content error,
    // found before sites/ is touched.
    await renderImages(compiled.art, staging, { cacheDir: resolved.cacheDir, signal });
    progress('emit');
    const firstPaint = only && (await (await import('./bundle/client-css.ts')).firstPaintClient(resolved.cacheDir));
    const { prerenderRegion } = await import('./prerender/index.ts');
    for (const region of selected) progress('bundle', region.data.code);
    const { clients, emitted } = await bundleClients(compiled.model, selected, resolved, staging, journal, firstPaint);
    signal?.throwIfAborted();
    collectGarbage(resolved.cacheDir, before, ['client']);
    rendererPromise ??= startRenderer();
    const [renderer] = await Promise.all([rendererPromise, prepareInlineScripts(resolved.cacheDir), prepareTemplates(resolved.cacheDir)]);
    collectGarbage(resolved.cacheDir, before, ['ssr']);
    // A page to picture needs no share card (none shows on a page).
    if (!only) cards = createShareCardRenderer({ cacheDir: resolved.cacheDir, signal });
    const reports = await settleAll(
      selected.map(async (region): Promise<RegionReport> => {
        const code = region.data.code;
        const client = clients.get(code)!;
        progress('prerender', code);
        const pages = await prerenderRegion(region, renderer, client, regionOutputDir(staging, region.data), resolved.now, {
          signal,
          cards,
          only,
          pagesForAThread: options.pagesForAThread,
        });
        progress('done', code);
        return { code, basePath: region.data.basePath, pages: pages.map((p) => p.path), assets: client.files };
      }),
    );
    // The share cards the pages name, rendered while the pages were.
    await cards?.done();
    // The deployment's own files describe every region, so a partial build keeps them whole.
    const schedule = await writeDeploymentFiles(staging, compiled.model, resolved, options.history, Boolean(only));
    // The last moment to stop: the moves into place take milliseconds and are not interrupted.
    progress('write');
    const regionsOf = (list: readonly ResolvedRegion[]) => list.map((r) => ({ code: r.data.code, basePath: r.data.basePath }));
    await commitOutput(staging, resolved.outDir, regionsOf(selected), regionsOf(compiled.model.regions), DEPLOYMENT_FILES);
    const cache = cacheDelta(before, cacheStats(resolved.cacheDir));
    return { ok: true, diagnostics: compiled.diagnostics, sources: compiled.sources, regions: reports, emitted, schedule, cache };
  } catch (error) {
    // Every card started is done (or failed) before the staging folder goes.
    await cards?.done().catch(() => undefined);
    await restoreGeneratedFiles(journal);
    await rm(staging, { recursive: true, force: true });
    if (error instanceof ArtRenderError) {
      const diagnostics = sortDiagnostics([...compiled.diagnostics, artDiagnostic(error, compiled.sources)]);
      return { ok: false, diagnostics, sources: compiled.sources, regions: [], emitted: [] };
    }
    throw error;
  } finally {
    await (await rendererPromise?.catch(() => undefined))?.dispose();
  }
}

/** The content compiled (or as the caller compiled it), pseudo-localised when asked and free of errors. */
async function compileForBuild(options: UserBuildOptions) {
  const checked = options.compiled ?? (await compileContent(options));
  return options.pseudo && !hasErrors(checked.diagnostics)
    ? { ...checked, model: (await import('./translations/pseudo.ts')).pseudoModel(checked.model) }
    : checked;
}

/**
 * The client bundle of each region: the generated modules written to sites/ and bundled by Vite,
 * or, for pages to picture as they first paint, the runtime's CSS from the cache for every region.
 */
async function bundleClients(
  model: CompileResult['model'],
  selected: readonly ResolvedRegion[],
  resolved: ResolvedBuildOptions,
  staging: string,
  journal: ReturnType<typeof createSitesJournal>,
  firstPaint: ClientBundle | undefined,
): Promise<{ clients: Map<string, ClientBundle>; emitted: string[] }> {
  const codes = selected.map((r) => r.data.code);
  if (firstPaint) return { clients: new Map(codes.map((code) => [code, firstPaint])), emitted: [] };
  const before = cacheStats(resolved.cacheDir);
  const modules = await emitSites(model, resolved.sitesDir, codes, { cacheDir: resolved.cacheDir });
  const emitted = await writeGeneratedFiles(resolved.sitesDir, modules, resolved.regions === undefined, journal);
  const { buildClients } = await import('./bundle/client-build.ts');
  // One after the other: each Vite build holds its whole module graph in memory; at once, the
  // build's peak memory is the sum of both. The client build, the larger, goes first.
  collectGarbage(resolved.cacheDir, before, ['declarations']);
  const clients = await buildClients(selected, resolved.sitesDir, staging, { dir: resolved.cacheDir, modules });
  return { clients, emitted };
}

/**
 * Writes the deployment's own files (DEPLOYMENT_FILES but the images) into the staging folder,
 * from every region of the content (for pages built to be pictured, only the two a server of
 * the folder reads); returns the schedule.
 */
async function writeDeploymentFiles(
  staging: string,
  model: CompileResult['model'],
  resolved: ResolvedBuildOptions,
  history: UserBuildOptions['history'],
  forPictures: boolean,
): Promise<Schedule> {
  const schedule = buildSchedule(model.regions, resolved.now);
  const rules = hostRules(model.regions, securityData(model.regions, inlineScriptHashes()));
  await writeFile(path.join(staging, BACKENDS_FILE), `${JSON.stringify(model.backends, null, 2)}\n`);
  await writeFile(path.join(staging, HOST_RULES_FILE), `${JSON.stringify(rules, null, 2)}\n`);
  // Pages built to be pictured (`firstPaintOnly`) are served by serve-regions alone, which reads
  // the two files above: none of a deployment's others (nor the sitemap's git history) is made.
  if (forPictures) return schedule;
  await writeFile(path.join(staging, 'schedule.json'), `${JSON.stringify(schedule, null, 2)}\n`);
  const { historyOf, lastChanges } = await import('./history/index.ts');
  const lastChanged = await lastChanges(history ?? (await historyOf(resolved.contentDir)), resolved.now);
  await writeFile(path.join(staging, 'sitemap.xml'), renderSitemap(model, resolved.now, lastChanged));
  await writeFile(path.join(staging, 'robots.txt'), renderRobots(model));
  const hosts = model.regions.flatMap((r) => [r.data.hosts.production, ...r.data.hosts.preproduction]);
  await writeFile(path.join(staging, 'nginx.conf'), renderNginx(rules));
  await writeFile(path.join(staging, '_headers'), renderHeaders(rules));
  await writeFile(path.join(staging, '_redirects'), renderRedirects(rules, hosts));
  return schedule;
}

/** What this build took from the cache and made anew, by kind of entry: the counts after less those before. */
function cacheDelta(
  before: ReturnType<typeof cacheStats>,
  after: ReturnType<typeof cacheStats>,
): Record<string, { hits: number; misses: number }> {
  return Object.fromEntries(
    Object.entries(after).map(([kind, { hits, misses }]) => [
      kind,
      { hits: hits - (before[kind]?.hits ?? 0), misses: misses - (before[kind]?.misses ?? 0) },
    ]),
  );
}

/**
 * A drawing the rasteriser refused though `--check` passed it, as a diagnostic at the file (at
 * the line the rasteriser's XML parser names, if it names one).
 */
function artDiagnostic(error: ArtRenderError, sources: ReadonlyMap<string, string>): Diagnostic {
  const file = [...sources.keys()].find((name) => name.endsWith(`/${error.art.id}`) || name === error.art.id) ?? error.art.id;
  const at = /on line (\d+) column (\d+)/.exec(error.reason);
  const reason = error.reason.replace(/^Input buffer has corrupt header: glib: /, '');
  const malformed = /XML parse error/.test(error.reason);
  return createDiagnostic(
    malformed ? 'E0227' : 'E0228',
    { art: file, problem: `the image renderer says: ${reason}` },
    { file, line: at ? Number(at[1]) : 1, column: at ? Number(at[2]) : 1 },
  );
}

/**
 * A full garbage collection between the build's steps, when the process exposes one (`gc`,
 * node --expose-gc: bin/build-region.js does): what one step left (the code generator's
 * program, a Vite build's module graph) is freed before the next one allocates, so the build's
 * peak memory is that of its largest step, not of all of them. A caller that does not expose it
 * (a test runner) builds the same, with the collector's own timing. Only after a step that
 * made something anew (a miss of one of `kinds` in the cache since `before`, or no cache): a
 * step answered from the cache left nothing large, and each collection costs 10-40 ms.
 */
function collectGarbage(cacheDir: string | undefined, before: ReturnType<typeof cacheStats>, kinds: readonly string[]): void {
  const after = cacheStats(cacheDir);
  const made = !cacheDir || kinds.some((kind) => (after[kind]?.misses ?? 0) > (before[kind]?.misses ?? 0));
  if (made) globalThis.gc?.();
}

/**
 * Like Promise.all, but waits for every task to end before it rejects with the first failure:
 * a failed task must not leave another still writing into the staging folder being removed.
 */
async function settleAll<T extends readonly unknown[]>(tasks: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(tasks);
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/** Lists every file under a folder, relative and sorted (none when there is no such folder): for merges, reports and tests. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    return listTree(dir).sort();
  } catch {
    return [];
  }
}
