import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { defaultCacheDir } from './cache.ts';
import { PACKAGE_ROOT } from './paths.ts';
import type { Diagnostic } from './diagnostics/index.ts';
import type { DrawableArt } from './art/images.ts';
import type { SiteModel } from './resolve/index.ts';
import type { FileFreshness } from './translations/index.ts';
import type { GlossaryFile } from '../schema/types.ts';

/**
 * The build options: what a caller may set, and every default applied in one place; and what
 * compiling the content gives (compile.ts `compileContent`), which a caller may hand back.
 */

/** What compiling the content gives (compile.ts `compileContent`): the model, and every content problem. */
export interface CompileResult {
  model: SiteModel;
  diagnostics: Diagnostic[];
  /** Source text by printed file path, for code frames. */
  sources: Map<string, string>;
  /** Source art of content/assets/ the build can draw (all of it when there are no errors). */
  art: readonly DrawableArt[];
  /** Every translated file against its source (docs/translations.md). */
  translations: readonly FileFreshness[];
  /** The glossary (glossary.yaml), when the content has a valid one (docs/translations.md, "Glossary"). */
  glossary?: GlossaryFile;
}

/** What compiles of one content folder keep between them in one process (`UserBuildOptions.memory`). */
export interface CompileMemory {
  /** The loaded files of the last compile, by printed path (generator/load `LoadedFile`). */
  readonly files: Map<string, object>;
  /** The files' texts as last read, with their stamps (generator/load `KnownTexts`). */
  readonly texts: Map<string, { readonly stamp: string; readonly text: string }>;
}

/** A memory for the compiles of one content folder (`UserBuildOptions.memory`). */
export function createCompileMemory(): CompileMemory {
  return { files: new Map(), texts: new Map() };
}

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
   * What compiles of one content folder keep between them in one process (the live preview's,
   * `createCompileMemory`): a file unchanged since the last compile is neither parsed nor checked
   * against its schema again, and the parse cache's entry is not read.
   */
  memory?: CompileMemory;
  /**
   * Texts that replace the content folder's, by id (a path relative to it): the content is
   * compiled as it would be with them, and nothing is written (the studio's unsaved edits).
   */
  overlay?: ReadonlyMap<string, string>;
  /**
   * Build with every text pseudo-localised (generator/translations/pseudo.ts, docs/translations.md): accented
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
  /**
   * Build only these pages (their paths, `/us/flagship-bumblebee`) of the chosen regions, to be
   * pictured as they first paint (preview/review/index.ts): no other page, no share card and, when the
   * build cache has the runtime's CSS, no client bundle (the pages name no script: their app is
   * never run). The output is for pictures, not for a host.
   */
  firstPaintOnly?: readonly string[];
  /**
   * From how many pages of a region a page thread renders some of them beside the build's own
   * (default generator/prerender/index.ts PAGES_FOR_A_THREAD, where a thread pays for its start).
   */
  pagesForAThread?: number;
  /** The content compiled already, at `now` (by `diff`'s words): the build does not compile it again. */
  compiled?: CompileResult;
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
    cacheDir:
      options.cache === false ? undefined : typeof options.cache === 'string' ? path.resolve(cwd, options.cache) : defaultCacheDir(),
  };
}
