import path from 'node:path';
import { readdir, rm, stat } from 'node:fs/promises';
import { sortDiagnostics, hasErrors } from './diagnostics.ts';
import type { Diagnostic } from './diagnostics.ts';
import { emitSites, writeGeneratedFiles } from './emit.ts';
import { loadContent } from './load.ts';
import type { LoadedContent } from './load.ts';
import { PACKAGE_ROOT } from './paths.ts';
import { resolveContent } from './resolve/index.ts';
import type { ResolvedRegion, SiteModel } from './resolve/index.ts';
import { validateContent } from './validate.ts';
import { buildClients, buildServerRenderer, prerenderRegion } from './bundle.ts';
import { renderImages } from './images.ts';
import type { SourceArt } from './images.ts';
import { commitOutput, createStagingDir, regionOutputDir } from './output.ts';
import { buildSchedule, renderRobots, renderSitemap } from './deployment.ts';
import type { Schedule } from './deployment.ts';
import { writeFile } from 'node:fs/promises';
import { BACKENDS_FILE } from '../core/backends.ts';
import { didYouMean, suggest } from './diagnostics.ts';

/** What a caller may set; every field is optional. */
export interface UserBuildOptions {
  /** Content folder (default `content`). */
  content?: string;
  /** Output folder (default `dist`). */
  out?: string;
  /** Folder of the generated region modules (default: the package's `sites/`). */
  sites?: string;
  /** Regions to build, by code; every region of the content when omitted. */
  regions?: readonly string[];
  /** Working directory that relative folders and printed paths are relative to. */
  cwd?: string;
  /** Called as the build moves on, for progress output. */
  onProgress?: (event: ProgressEvent) => void;
  /**
   * The build's instant in epoch milliseconds: pages are rendered as of it and time-dependent
   * warnings judged at it. Default: SOURCE_DATE_EPOCH (seconds) when set, else now.
   */
  now?: number;
}

/** Options with every default applied, resolved in one place. */
export interface ResolvedBuildOptions {
  readonly contentDir: string;
  readonly outDir: string;
  readonly sitesDir: string;
  /** The regions asked for; undefined: every region of the content. */
  readonly regions: readonly string[] | undefined;
  readonly cwd: string;
  readonly onProgress: (event: ProgressEvent) => void;
  readonly now: number;
}

export interface ProgressEvent {
  region?: string;
  step: 'load' | 'validate' | 'resolve' | 'emit' | 'bundle' | 'prerender' | 'write' | 'done';
  /** Milliseconds since the build started. */
  elapsed: number;
}

export const DEFAULT_OPTIONS = Object.freeze({
  content: 'content',
  out: 'dist',
  sites: path.join(PACKAGE_ROOT, 'sites'),
});

/** The reproducible-builds convention: SOURCE_DATE_EPOCH in seconds fixes the build instant. */
function sourceDateEpoch(): number | undefined {
  const value = process.env.SOURCE_DATE_EPOCH;
  return value && /^\d+$/.test(value) ? Number(value) * 1000 : undefined;
}

export function resolveBuildOptions(options: UserBuildOptions = {}): ResolvedBuildOptions {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  return {
    cwd,
    contentDir: path.resolve(cwd, options.content ?? DEFAULT_OPTIONS.content),
    outDir: path.resolve(cwd, options.out ?? DEFAULT_OPTIONS.out),
    sitesDir: path.resolve(cwd, options.sites ?? DEFAULT_OPTIONS.sites),
    regions: options.regions && [...new Set(options.regions)],
    onProgress: options.onProgress ?? (() => {}),
    now: options.now ?? sourceDateEpoch() ?? Date.now(),
  };
}

export interface CompileResult {
  model: SiteModel;
  diagnostics: Diagnostic[];
  /** Source text by printed file path, for code frames. */
  sources: Map<string, string>;
  /** Source art of content/assets/, rendered into images by a build. */
  art: readonly SourceArt[];
}

/** Regions asked for that the content does not have: a usage error, with the closest code. */
export class UnknownRegionError extends Error {
  constructor(
    readonly unknown: string,
    readonly known: readonly string[],
  ) {
    super(`unknown region '${unknown}'${didYouMean(suggest(unknown, known))} (regions: ${known.join(', ')})`);
  }
}

/** The model's regions asked for, in the content's order; throws UnknownRegionError for a code the content lacks. */
export function selectRegions<R extends { data: { code: string } }>(regions: readonly R[], asked: readonly string[] | undefined): R[] {
  if (!asked) return [...regions];
  const known = regions.map((r) => r.data.code);
  for (const code of asked) if (!known.includes(code)) throw new UnknownRegionError(code, known);
  return regions.filter((r) => asked.includes(r.data.code));
}

/** load -> validate -> resolve: every content problem, sorted, and the model. Writes nothing. */
export async function compileContent(options: UserBuildOptions = {}): Promise<CompileResult> {
  const resolved = resolveBuildOptions(options);
  const started = performance.now();
  const progress = (step: ProgressEvent['step']) => resolved.onProgress({ step, elapsed: performance.now() - started });
  progress('load');
  const content = await loadContent(resolved.contentDir, resolved.cwd);
  return compileLoaded(content, resolved.now, () => progress('validate'));
}

/** validate -> resolve over content already parsed (from disk, or from memory in tests). */
export function compileLoaded(content: LoadedContent, now: number, onValidate: () => void = () => {}): CompileResult {
  onValidate();
  const validated = validateContent(content);
  const { model, diagnostics } = resolveContent(validated.content, { now });
  const sources = new Map(content.files.map((f) => [f.file, f.text]));
  // A missing content folder says it all: nothing else is reported.
  const all = content.diagnostics.some((d) => d.code === 'E0002') ? content.diagnostics : [...content.diagnostics, ...validated.diagnostics, ...diagnostics];
  return { model, diagnostics: sortDiagnostics(all), sources, art: content.art };
}

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
}

/**
 * Entries of the whole deployment, at the output's root, rewritten by every build: three files
 * and the `static/` folder of images, which every region shares.
 */
export const DEPLOYMENT_FILES = [BACKENDS_FILE, 'robots.txt', 'schedule.json', 'sitemap.xml', 'static'] as const;

/**
 * The whole pipeline for the chosen regions. Content errors stop the build before anything is
 * written; the regions are built into a staging folder and moved into place at the end, so
 * the output folder is never half written.
 */
export async function buildRegions(options: UserBuildOptions = {}): Promise<BuildResult> {
  const resolved = resolveBuildOptions(options);
  const started = performance.now();
  const progress = (step: ProgressEvent['step'], region?: string) => resolved.onProgress({ step, region, elapsed: performance.now() - started });
  const compiled = await compileContent(options);
  if (hasErrors(compiled.diagnostics)) {
    return { ok: false, diagnostics: compiled.diagnostics, sources: compiled.sources, regions: [], emitted: [] };
  }
  const selected = selectRegions(compiled.model.regions, resolved.regions);
  progress('emit');
  const codes = selected.map((r) => r.data.code);
  const emitted = await writeGeneratedFiles(resolved.sitesDir, await emitSites(compiled.model, resolved.sitesDir, codes), resolved.regions === undefined);

  const staging = await createStagingDir(resolved.outDir);
  const rendererPromise = buildServerRenderer();
  try {
    for (const region of selected) progress('bundle', region.data.code);
    const [clients, renderer] = await Promise.all([buildClients(selected, resolved.sitesDir, staging), rendererPromise, renderImages(compiled.art, staging)]);
    const reports = await Promise.all(
      selected.map(async (region): Promise<RegionReport> => {
        const code = region.data.code;
        const client = clients.get(code)!;
        progress('prerender', code);
        const pages = await prerenderRegion(region, renderer, client, regionOutputDir(staging, region.data), resolved.now);
        progress('done', code);
        return { code, basePath: region.data.basePath, pages: pages.map((p) => p.path), assets: client.files };
      }),
    );
    // The deployment's own files describe every region, so a partial build keeps them whole.
    const schedule = buildSchedule(compiled.model.regions, resolved.now);
    await writeFile(path.join(staging, 'schedule.json'), `${JSON.stringify(schedule, null, 2)}\n`);
    await writeFile(path.join(staging, 'sitemap.xml'), renderSitemap(compiled.model, resolved.now));
    await writeFile(path.join(staging, 'robots.txt'), renderRobots(compiled.model));
    await writeFile(path.join(staging, BACKENDS_FILE), `${JSON.stringify(compiled.model.backends, null, 2)}\n`);
    progress('write');
    const regionsOf = (list: readonly ResolvedRegion[]) => list.map((r) => ({ code: r.data.code, basePath: r.data.basePath }));
    await commitOutput(staging, resolved.outDir, regionsOf(selected), regionsOf(compiled.model.regions), DEPLOYMENT_FILES);
    return { ok: true, diagnostics: compiled.diagnostics, sources: compiled.sources, regions: reports, emitted, schedule };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await (await rendererPromise.catch(() => undefined))?.dispose();
  }
}

/** Lists every file under a folder, relative and sorted: for reports and tests. */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), relative)));
    else if ((await stat(path.join(dir, entry.name))).isFile()) out.push(relative);
  }
  return out.sort();
}
