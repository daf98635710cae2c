import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listTree } from '../files/disk.js';
import { cacheKey, defaultCacheDir, readEntry, writeEntry } from './cache.ts';
import { translationFreshness, untranslatedPages } from './translations.ts';
import type { FileFreshness, UntranslatedPages } from './translations.ts';
import { didYouMean, hasErrors, sortDiagnostics, suggest } from './diagnostics.ts';
import type { Diagnostic } from './diagnostics.ts';
import type { DrawableArt } from './images.ts';
import { loadContent } from './load.ts';
import type { LoadedContent } from './load.ts';
import { PACKAGE_ROOT } from './paths.ts';
import { resolveContent } from './resolve/index.ts';
import type { RegionPriceHistory } from './resolve/prior-prices.ts';
import type { SiteModel } from './resolve/index.ts';
import { validateContent } from './validate.ts';

/**
 * The compiler's front: the build options, resolved in one place, and load -> validate ->
 * resolve. It loads nothing a check does not need (no Vite, no image renderer, no templates):
 * `build.ts` does the rest of a build.
 */

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
  /**
   * Build with every text pseudo-localised (generator/pseudo.ts, docs/translations.md): accented
   * and about 40% longer, for trying layouts with long texts. Only the build reads it.
   */
  pseudo?: boolean;
  /**
   * The build cache (docs/cache.md): a folder, true for the default
   * (node_modules/.cache/build-region), false to neither read nor write one. Default true.
   */
  cache?: boolean | string;
  /**
   * Stops the build (the CLI aborts it on SIGINT): it ends at its next step, puts sites/ back
   * and leaves the output as it was, then rejects with the signal's reason.
   */
  signal?: AbortSignal;
  /**
   * Where the content's git history is read (prior prices, docs/market.md): default, the
   * repository the content folder is in, at HEAD. `build-region diff` gives the revision it
   * compares with for the copy of the content it extracted.
   */
  history?: { readonly repository: string; readonly contentPath: string; readonly revision: string };
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
  /** The cache folder, or undefined for none. */
  readonly cacheDir: string | undefined;
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

/**
 * Where the generated region modules of a content folder go when no --sites is given: sites/
 * of the package for the package's own content/, and a folder of its own for any other content
 * folder (in the system's temporary folder, named after the content folder's path), so a build
 * of other content never rewrites the package's sites/.
 */
export function defaultSitesDir(contentDir: string): string {
  if (contentDir === path.join(PACKAGE_ROOT, DEFAULT_OPTIONS.content)) return DEFAULT_OPTIONS.sites;
  const name = createHash('sha256').update(contentDir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `build-region-sites-${name}`);
}

export function resolveBuildOptions(options: UserBuildOptions = {}): ResolvedBuildOptions {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const contentDir = path.resolve(cwd, options.content ?? DEFAULT_OPTIONS.content);
  return {
    cwd,
    contentDir,
    outDir: path.resolve(cwd, options.out ?? DEFAULT_OPTIONS.out),
    sitesDir: options.sites === undefined ? defaultSitesDir(contentDir) : path.resolve(cwd, options.sites),
    regions: options.regions && [...new Set(options.regions)],
    onProgress: options.onProgress ?? (() => {}),
    now: options.now ?? sourceDateEpoch() ?? Date.now(),
    cacheDir: options.cache === false ? undefined : typeof options.cache === 'string' ? path.resolve(cwd, options.cache) : defaultCacheDir(),
  };
}

export interface CompileResult {
  model: SiteModel;
  diagnostics: Diagnostic[];
  /** Source text by printed file path, for code frames. */
  sources: Map<string, string>;
  /** Source art of content/assets/ the build can draw (all of it when there are no errors). */
  art: readonly DrawableArt[];
  /** Every translated file against its source (docs/translations.md). */
  translations: readonly FileFreshness[];
}

/** Why a build stopped when the CLI was interrupted (SIGINT): the output is as it was. */
export class BuildInterrupted extends Error {
  constructor() {
    super('the build was interrupted');
    this.name = 'BuildInterrupted';
  }
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

/**
 * A sites folder holding a file the build did not write where it would write or remove one
 * (`--sites` pointing at a folder of other files): nothing was changed.
 */
export class SitesFolderError extends Error {
  constructor(
    readonly sitesDir: string,
    readonly file: string,
  ) {
    super(`${path.join(sitesDir, file)} was not written by build-region: the build neither overwrites nor removes it (give --sites an empty folder or one a build made)`);
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
  const content = await loadContent(resolved.contentDir, resolved.cwd, { cacheDir: resolved.cacheDir });
  const histories = await loadHistories(resolved.contentDir, content, options.history, resolved.cacheDir);
  return compileLoaded(content, resolved.now, () => progress('validate'), resolved.cacheDir, histories);
}

/**
 * The git history of the regions whose market announces prior prices (region.yaml
 * `market.priorPrice`); none is read, nor git run, when no region does.
 */
async function loadHistories(contentDir: string, content: LoadedContent, given: UserBuildOptions['history'], cacheDir: string | undefined): Promise<ReadonlyMap<string, RegionPriceHistory> | undefined> {
  const text = (id: string) => content.files.find((f) => f.id === id)?.text;
  const regions = content.files.flatMap((file) => {
    const folder = /^regions\/([^/]+)\/region\.yaml$/.exec(file.id)?.[1];
    const market = (file.data as { market?: { priorPrice?: unknown } } | undefined)?.market;
    const products = `regions/${folder}/products.yaml`;
    return folder !== undefined && market?.priorPrice === true ? [{ code: folder, region: { id: file.id, text: file.text }, products: { id: products, text: text(products) ?? '' } }] : [];
  });
  if (regions.length === 0) return undefined;
  const { historyOf, loadPriceHistories } = await import('./history.ts');
  const stages = text('stages.yaml');
  return loadPriceHistories(given ?? (await historyOf(contentDir)), regions, stages === undefined ? undefined : { id: 'stages.yaml', text: stages }, cacheDir);
}

/** validate -> resolve over content already parsed (from disk, or from memory in tests). */
export function compileLoaded(content: LoadedContent, now: number, onValidate: () => void = () => {}, cacheDir?: string, histories?: ReadonlyMap<string, RegionPriceHistory>): CompileResult {
  onValidate();
  const validated = validateContent(content, { cacheDir });
  const { model, diagnostics, art } = resolveContent(validated.content, { now, ...(histories && { histories }) });
  const translations = translationFreshness(validated.content);
  // Art too, for the code frames of its diagnostics.
  const sources = new Map([...content.files.map((f) => [f.file, f.text] as const), ...content.art.map((a) => [`${validated.content.prefix}${a.id}`, a.text] as const)]);
  // A missing content folder says it all: nothing else is reported.
  const all = content.diagnostics.some((d) => d.code === 'E0002') ? content.diagnostics : [...content.diagnostics, ...validated.diagnostics, ...diagnostics, ...translations.diagnostics];
  return { model, diagnostics: sortDiagnostics(all), sources, art, translations: translations.files };
}


/** What `--check` reports: every diagnostic, and the text of each file one points into (for code frames). */
export interface CheckResult {
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
  /** True when the answer came from the cache (the content was not loaded). */
  cached: boolean;
  /** What was checked: the line `--check` prints on content with nothing to report. */
  summary: CheckSummary;
}

/** How much content a check covered: its regions, their pages (not counting redirects) and the content files read. */
export interface CheckSummary {
  regions: number;
  pages: number;
  files: number;
  /** Per region, the pages shown in another language's text, not yet translated (a note, no problem). */
  untranslated: UntranslatedPages[];
}

/** The counts of a check, from the compiled content. */
function summarizeCheck(compiled: CompileResult): CheckSummary {
  const regions = compiled.model.regions;
  return {
    regions: regions.length,
    pages: regions.reduce((sum, r) => sum + r.data.routes.filter((route) => !route.redirect).length, 0),
    files: compiled.sources.size,
    untranslated: untranslatedPages(compiled.model),
  };
}

/** The line `--check` prints when the content has nothing to report: what was checked, and how long it took. */
export function describeCheck(summary: CheckSummary, elapsed: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `Checked ${plural(summary.regions, 'region')}, ${plural(summary.pages, 'page')} and ${plural(summary.files, 'file')} in ${(elapsed / 1000).toFixed(1)} s: no problems.`;
}

/**
 * The state of every file under the content folder: its path, size, modification and change
 * times (the change time moves on any write and cannot be set back). Undefined when there is
 * no such folder.
 */
function fingerprint(root: string): string | undefined {
  let files: string[];
  try {
    files = listTree(root);
  } catch {
    return undefined;
  }
  const hash = createHash('sha256');
  for (const id of files) {
    const info = statSync(path.join(root, id), { bigint: true });
    hash.update(`${id}\0${info.size}\0${info.mtimeNs}\0${info.ctimeNs}\0${info.ino}\n`);
  }
  return hash.digest('hex');
}

/**
 * The git state the diagnostics depend on (prior prices read the history: W0305, W0306): the
 * commit HEAD names and whether the clone is shallow, read from the repository's files (no
 * process started); '' outside git.
 */
function gitState(dir: string): string {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    let gitDir = path.join(at, '.git');
    try {
      if (statSync(gitDir).isFile()) gitDir = path.resolve(at, readFileSync(gitDir, 'utf8').replace(/^gitdir:\s*/, '').trim());
      const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
      const ref = /^ref:\s*(.+)$/.exec(head)?.[1];
      let commit = head;
      if (ref) {
        try {
          commit = readFileSync(path.join(gitDir, ref), 'utf8').trim();
        } catch {
          commit = readFileSync(path.join(gitDir, 'packed-refs'), 'utf8').split('\n').find((line) => line.endsWith(` ${ref}`))?.split(' ')[0] ?? ref;
        }
      }
      let shallow = '';
      try {
        shallow = readFileSync(path.join(gitDir, 'shallow'), 'utf8');
      } catch {
        shallow = '';
      }
      return `${commit}\0${shallow}`;
    } catch {
      if (path.dirname(at) === at) return '';
    }
  }
}

interface StoredCheck {
  fingerprint: string;
  /** The result holds for instants in [from, until): between two stage boundaries of the content. */
  from: number | null;
  until: number | null;
  diagnostics: Diagnostic[];
  summary: CheckSummary;
}

/**
 * `--check`: the diagnostics of `compileContent`, answered from the cache when no file of the
 * content changed since the last check (by the files' sizes and times) and no stage boundary
 * lies between that check's instant and this one (the only way time changes a diagnostic: a
 * stage that is over). So a check of unchanged content costs the same at any catalogue size.
 */
export async function checkContent(options: UserBuildOptions = {}): Promise<CheckResult> {
  const resolved = resolveBuildOptions(options);
  const now = resolved.now;
  const files = resolved.cacheDir ? fingerprint(resolved.contentDir) : undefined;
  const state = files === undefined ? undefined : `${files}\0${gitState(resolved.contentDir)}`;
  const key = cacheKey('check', resolved.contentDir, resolved.cwd);
  if (state) {
    const stored = await readEntry(resolved.cacheDir, 'check', key);
    const check = stored && (JSON.parse(stored.toString('utf8')) as StoredCheck);
    if (check && check.summary?.untranslated && check.fingerprint === state && (check.from === null || check.from <= now) && (check.until === null || now < check.until)) {
      const files = [...new Set(check.diagnostics.map((d) => d.file))];
      const sources = new Map(files.flatMap((file) => {
        try {
          return [[file, readFileSync(path.resolve(resolved.cwd, file), 'utf8')] as const];
        } catch {
          return [];
        }
      }));
      return { diagnostics: check.diagnostics, sources, cached: true, summary: check.summary };
    }
  }
  const compiled = await compileContent(options);
  const summary = summarizeCheck(compiled);
  if (state) {
    // With errors the model may lack some stages lists: the result then holds for this instant only.
    const instants = hasErrors(compiled.diagnostics) ? [now, now + 1] : compiled.model.regions.flatMap((r) => Object.values(r.data.stages).flat());
    const from = Math.max(...instants.filter((t) => t <= now), -Infinity);
    const until = Math.min(...instants.filter((t) => t > now), Infinity);
    const check: StoredCheck = { fingerprint: state, from: Number.isFinite(from) ? from : null, until: Number.isFinite(until) ? until : null, diagnostics: compiled.diagnostics, summary };
    await writeEntry(resolved.cacheDir, 'check', key, JSON.stringify(check));
  }
  return { diagnostics: compiled.diagnostics, sources: compiled.sources, cached: false, summary };
}
