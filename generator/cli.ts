import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import type { BuildResult } from './build.ts';
import { BuildInterrupted, checkContent, compileContent, describeCheck, resolveBuildOptions, selectRegions, SitesFolderError, UnknownRegionError } from './compile.ts';
import { describeUntranslated } from './translations.ts';
import type { CompileResult, ProgressEvent } from './compile.ts';
import type { Diagnostic } from './diagnostics.ts';
import { didYouMean, hasErrors, suggest } from './diagnostics.ts';
import { formatDiagnostic, formatGithubAnnotation } from './format.ts';
import { regionOutputDir } from './output.ts';

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal (colour and progress). */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  /** Folder that relative paths are resolved against and printed relative to. */
  cwd: string;
  /**
   * Starts the live preview (`--dev`). It composes the compiler with the emulated back ends of
   * server/, so the launcher supplies it (bin/build-region.js, from preview/); generator/ itself
   * never imports server/.
   */
  startPreview?: (options: PreviewOptions) => Promise<{ url: string; close(): Promise<void> }>;
  /** `diff --pictures` (preview/review.ts, docs/review.md): supplied by the launcher, as the preview is. */
  reviewPictures?: (options: import('../preview/review.ts').ReviewOptions) => Promise<import('../preview/review.ts').ReviewResult>;
}

/** What `--dev` passes to the live preview. */
export interface PreviewOptions {
  region: string;
  content: string;
  cwd: string;
  port: number;
  now: number | undefined;
  onDiagnostics: (diagnostics: Diagnostic[], sources: Map<string, string>) => void;
}

const defaultIO = (): CliIO => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stderr.isTTY),
  env: process.env,
  cwd: process.cwd(),
});

class UsageError extends Error {}

interface CliOptions {
  all?: boolean;
  check?: boolean;
  /** false with --no-cache. */
  cache?: boolean;
  cacheDir?: string;
  sites?: string;
  content: string;
  out: string;
  format: 'text' | 'json';
  quiet?: boolean;
  now?: string;
  dev?: boolean;
  pseudo?: boolean;
  port: string;
}

function printDiagnostics(diagnostics: Diagnostic[], sources: Map<string, string>, options: CliOptions, io: CliIO): void {
  if (options.format === 'json') return;
  for (const d of diagnostics) io.stderr(`${formatDiagnostic(d, { color: io.isTTY, sources })}\n\n`);
  if (io.env.GITHUB_ACTIONS === 'true') for (const d of diagnostics) io.stdout(`${formatGithubAnnotation(d)}\n`);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (diagnostics.length) io.stderr(`Found ${errors} error${errors === 1 ? '' : 's'} and ${warnings} warning${warnings === 1 ? '' : 's'}.\n`);
}

/** The region codes named on the command line; undefined with --all. Whether the content has them is known after loading it. */
function parseRegions(names: string[], all: boolean | undefined): string[] | undefined {
  if (all && names.length) throw new UsageError('pass either --all or region codes, not both');
  return all ? undefined : names.map((name) => name.toLowerCase());
}

/** An unknown region as a usage error; a misspelt command reads as a region, so either is suggested. */
function unknownRegion(error: UnknownRegionError): UsageError {
  const guess = suggest(error.unknown, [...error.known, 'schedule', 'report', 'emit']);
  return new UsageError(`unknown region '${error.unknown}'${didYouMean(guess)} (regions: ${error.known.join(', ')})`);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * The table printed after a build: per region its prerendered pages, its files, and the gzip
 * size of its JavaScript and CSS (all of it: a first visit loads only the entry and the page).
 */
async function summarize(result: BuildResult, outDir: string, elapsed: number): Promise<string> {
  const gzipped = async (dir: string, files: readonly string[], extension: string) => {
    let total = 0;
    for (const file of files.filter((f) => f.endsWith(extension))) total += gzipSync(await readFile(path.join(dir, file)), { level: 9 }).length;
    return total;
  };
  const rows = await Promise.all(
    result.regions.map(async (r) => {
      const dir = regionOutputDir(outDir, r);
      const [js, css] = await Promise.all([gzipped(dir, r.assets, '.js'), gzipped(dir, r.assets, '.css')]);
      return `  ${r.code.padEnd(4)} ${String(r.pages.length).padStart(5)}  ${String(r.assets.length).padStart(5)}  ${kb(js).padStart(9)}  ${kb(css).padStart(8)}`;
    }),
  );
  return [
    `Built ${result.regions.length} region${result.regions.length === 1 ? '' : 's'} in ${(elapsed / 1000).toFixed(1)} s:`,
    '  region pages  files  JS (gzip)  CSS (gzip)',
    ...rows,
    '',
  ].join('\n');
}

async function run(args: string[], io: CliIO): Promise<number> {
  let action: (() => Promise<number>) | undefined;
  const program = new Command('build-region')
    .enablePositionalOptions()
    .description('Compile the content of the regional sites and build them into prerendered static sites.')
    .argument('[regions...]', 'regions to build, by code (us uk ...)')
    .option('--all', 'build every region of the content')
    .option('--check', 'validate all content and write nothing')
    .option('--content <dir>', 'content folder', 'content')
    .option('--out <dir>', 'output folder', 'dist')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--quiet', 'print only problems')
    .option('--no-cache', 'neither read nor write the build cache (node_modules/.cache/build-region): a cold build')
    .option('--cache-dir <dir>', 'keep the build cache there instead (a folder a CI job keeps between runs)')
    .option('--sites <dir>', 'folder of the generated region modules (default: sites/ of the package for its content/, a temporary folder of its own for other content)')
    .option('--now <instant>', 'build as of this instant (ISO 8601 with offset): pages show its prices and banners, warnings are judged at it')
    .option('--pseudo', 'build with every text accented and about 40% longer (pseudo-localisation), to try layouts with long texts before a translation arrives; give it its own --out')
    .option('--dev', 'serve one region with live preview instead of building: every YAML edit shows at once, errors in the browser')
    .option('--port <port>', 'port of the --dev server', '5173')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ build-region --all            build every region into dist/',
        '  $ build-region us uk            rebuild two regions, keep the others',
        '  $ build-region --check          validate the content only',
        '  $ build-region --dev us         live preview of us at http://localhost:5173/us/',
        '  $ build-region schedule us      what changes in us, and when',
        '  $ build-region report           report.html: pages, prices and the timeline of every region',
        '',
      ].join('\n'),
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((names: string[], options: CliOptions) => {
      action = () => execute(names, options, io);
    });
  program
    .command('schedule')
    .description('List every future instant at which content changes (prices, banners, countdowns, nav items, page windows), per region.')
    .argument('[regions...]', 'only these regions, by code; default all')
    .option('--content <dir>', 'content folder', 'content')
    .option('--now <instant>', 'list changes after this instant instead of now (ISO 8601 with offset)')
    .option('--past', 'list the changes before that instant too')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ build-region schedule                                  what changes from now on, everywhere',
        '  $ build-region schedule us --now 2025-10-20T00:00:00+08:00   the us changes after that instant',
        '  $ build-region schedule --past --format json             every change, as JSON',
        '',
      ].join('\n'),
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((names: string[], options: ScheduleOptions) => {
      action = () => executeSchedule(names, options, io);
    });
  program
    .command('merge')
    .description('Put together the parts of a build made on separate machines (build-region <regions> --out <part>) into one output folder, byte for byte what --all makes.')
    .argument('<parts...>', 'the parts\' output folders')
    .option('--out <dir>', 'output folder', 'dist')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ build-region us --out part-us --now 2026-11-27T00:00:00-05:00     on one machine',
        '  $ build-region cn --out part-cn --now 2026-11-27T00:00:00-05:00     on another',
        '  $ build-region merge part-us part-cn --out dist',
        '',
        'Every part must be built from the same content as of the same instant (--now): the files',
        'the parts share (sitemap, schedule, back-end data, images) must agree, or nothing is written.',
        '',
      ].join('\n'),
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((parts: string[], options: { out: string }) => {
      action = () => executeMerge(parts, options, io);
    });
  program
    .command('emit')
    .description('Write the typed region modules into sites/ (what the type-check and editors read) without bundling anything.')
    .option('--content <dir>', 'content folder', 'content')
    .option('--sites <dir>', 'folder of the generated region modules (default: as for a build)')
    .option('--quiet', 'print only problems')
    .option('--no-cache', 'neither read nor write the build cache')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ build-region emit            regenerate sites/ from content/ (npm test and npm run typecheck do it first)',
        '',
      ].join('\n'),
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((options: { content: string; sites?: string; quiet?: boolean; cache?: boolean }) => {
      action = () => executeEmit(options, io);
    });
  program
    .command('report')
    .description('Write one self-contained HTML page: pages by region, prices, a timeline of every promotion and page window, and the diagnostics.')
    .option('--content <dir>', 'content folder', 'content')
    .option('--out <file>', 'where to write the page', 'report.html')
    .option('--now <instant>', 'report as of this instant instead of now (ISO 8601 with offset)')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ build-region report                                   write report.html as of now',
        '  $ build-region report --now 2025-10-26T12:00:00+08:00 --out halloween.html',
        '',
        'The page needs no network: open it from a CI artefact. With content errors it is still',
        'written (its diagnostics section lists them) and the exit status is 1.',
        '',
      ].join('\n'),
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((options: ReportOptions) => {
      action = () => executeReport(options, io);
    });
  program
    .command('diff')
    .description('Say what visitors will see change between the content at a git revision and the working tree, per region: pages, prices and offers, banners, navigation, windows and stages, texts, page heads, the schedule.')
    .argument('<revision>', 'a git revision: main, HEAD~1, a commit')
    .option('--content <dir>', 'content folder', 'content')
    .option('--now <instant>', 'compare as of this instant instead of now (ISO 8601 with offset)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'markdown', 'json']).default('text'))
    .option('--pictures', 'also build both sides, picture the changed pages in Chromium and write a review page (docs/review.md)')
    .option('--out <dir>', 'folder of the review page (with --pictures)', 'review')
    .option('--at <instant>', "with --pictures: also picture the pages at this instant (repeatable), or 'boundaries' (every schedule boundary of the next 14 days)", (value: string, list: string[]) => [...list, value], [] as string[])
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ build-region diff main                       what this branch changes for visitors',
        '  $ build-region diff main --pictures --at boundaries   and pictures of it, in review/index.html',
        '  $ build-region diff origin/main --format markdown >> "$GITHUB_STEP_SUMMARY"',
        '',
        'A change to a comment or to the formatting of a file says "No visible change."',
        '',
      ].join('\n'),
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((revision: string, options: DiffOptions) => {
      action = () => executeDiff(revision, options, io);
    });
  program
    .command('regions')
    .description("List the content's region codes, in its order: what a CI pipeline fans a build out over.")
    .option('--content <dir>', 'content folder', 'content')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText('after', ['', 'Examples:', '  $ build-region regions --format json      ["cn","us",...] for a CI matrix', ''].join('\n'))
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((options: { content: string; format: 'text' | 'json' }) => {
      action = () => executeRegions(options, io);
    });
  program
    .command('stale')
    .description("Say whether a deployed site's pages went stale: its schedule.json names a change at or before now. For a scheduled CI job that rebuilds then.")
    .argument('<schedule>', "the deployed site's schedule.json: a file or an https:// address")
    .option('--now <instant>', 'judge as of this instant instead of now (ISO 8601 with offset)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ build-region stale https://www.example.cn/schedule.json',
        '  $ build-region stale dist/schedule.json --now 2026-11-30T23:00:00Z',
        '',
        'Exit status 0 either way; the answer is printed, and under GitHub Actions written to',
        '$GITHUB_OUTPUT as stale=true|false and next=<instant>. A schedule that cannot be read',
        '(no deployment yet, a damaged file) counts as stale, with a warning: rebuilding is safe.',
        '',
      ].join('\n'),
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((schedule: string, options: { now?: string; format: 'text' | 'json' }) => {
      action = () => executeStale(schedule, options, io);
    });
  const translations = program
    .command('translations')
    .description("How far each region's translations are in step with their sources: per region its current, stale, missing and unrecorded texts, and the words to translate (docs/translations.md).")
    .option('--content <dir>', 'content folder', 'content')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ build-region translations                   the table, and the files behind',
        '  $ build-region translations --format json     every text that is not current',
        '  $ build-region translations mark fr-FR        record the French texts as current',
        '',
      ].join('\n'),
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((options: { content: string; format: 'text' | 'json' | 'markdown' }) => {
      action = () => executeTranslations(options, io);
    });
  translations
    .command('mark')
    .description('Record translations as current: each text of the files named translates its source text as it is now (writes their .sources.json files).')
    .argument('[targets...]', 'locales (fr-FR: its catalogue and the page files of its regions) or translated files (pages/faq/fr.yaml); default every translated file')
    .option('--content <dir>', 'content folder', 'content')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((targets: string[], options: { content: string }) => {
      action = () => executeMarkTranslations(targets, options, io);
    });
  translations
    .command('export')
    .description("Write a locale's texts to translate for a translator's tool: the stale, missing and unrecorded ones (--all: every one), with the source text, the translation there is, and notes (state, where it shows, maximum length).")
    .requiredOption('--locale <locale>', 'the locale to translate into (fr-FR)')
    .addOption(new Option('--format <format>', 'file format: XLIFF 2.0, XLIFF 1.2, gettext PO or JSON').choices(['xliff', 'xliff1.2', 'po', 'json']).default('xliff'))
    .option('--all', 'every text of the locale, current ones too')
    .option('--out <file>', 'write there instead of to standard output')
    .option('--content <dir>', 'content folder', 'content')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((options: ExportOptions) => {
      action = () => executeExportTranslations(options, io);
    });
  translations
    .command('import')
    .description("Write a translator's file (XLIFF, PO or JSON, as export wrote it) back into the content, and record its texts as current; refuses the whole file, writing nothing, when it is not well-formed, names texts the locale does not have, or changes a text's {placeholders}.")
    .argument('<file>', 'the translated file')
    .option('--content <dir>', 'content folder', 'content')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((file: string, options: { content: string }) => {
      action = () => executeImportTranslations(file, options, io);
    });
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  return action ? action() : 2;
}

/** `build-region diff <revision>`: what visitors see change since that revision. */
interface DiffOptions {
  content: string;
  now?: string;
  format: 'text' | 'markdown' | 'json';
  pictures?: boolean;
  out: string;
  at: string[];
}

async function executeDiff(revision: string, options: DiffOptions, io: CliIO): Promise<number> {
  let now: number;
  let at: (number | 'boundaries')[];
  try {
    now = parseNow(options.now) ?? Date.now();
    if (options.at.length > 0 && !options.pictures) throw new UsageError('--at pictures the pages at an instant: give it with --pictures');
    at = options.at.map((value) => {
      if (value === 'boundaries') return value;
      const time = Date.parse(value);
      if (Number.isNaN(time) || !/(Z|[+-]\d{2}:\d{2})$/.test(value)) throw new UsageError(`--at '${value}' is not an instant with an offset (like 2026-11-27T00:00:00-05:00) nor 'boundaries'`);
      return time;
    });
  } catch (error) {
    return usage(error, io, 'diff ');
  }
  const { diffContent, formatChanges } = await import('./diff.ts');
  let result: Awaited<ReturnType<typeof diffContent>>;
  try {
    result = await diffContent(path.resolve(io.cwd, options.content), revision, now, io.cwd);
  } catch (error) {
    return usage(new UsageError(error instanceof Error ? error.message.split('\n', 1)[0]! : String(error)), io, 'diff ');
  }
  for (const [which, compiled] of [[`the content at ${revision}`, result.before], ['the working tree', result.after]] as const) {
    if (!hasErrors(compiled.diagnostics)) continue;
    io.stderr(`build-region: ${which} has content errors; fix them to compare (build-region --check)\n`);
    if (compiled === result.after) printDiagnostics(compiled.diagnostics, compiled.sources, { ...options, out: '', port: '', format: options.format === 'json' ? 'json' : 'text' }, io);
    return 1;
  }
  if (options.format === 'json') io.stdout(`${JSON.stringify({ ok: true, revision, now: new Date(now).toISOString(), changes: result.changes }, null, 2)}\n`);
  else io.stdout(formatChanges(result.changes, revision, options.format));
  if (!options.pictures) return 0;
  if (!io.reviewPictures) {
    io.stderr('build-region: pictures are not available from this entry point; run bin/build-region.js diff --pictures\n');
    return 2;
  }
  const review = await io.reviewPictures({ content: path.resolve(io.cwd, options.content), revision, cwd: io.cwd, now, at, out: path.resolve(io.cwd, options.out), log: io.stderr, compiled: result });
  if (review.errors) {
    io.stderr(`build-region: ${review.errors}\n`);
    return 1;
  }
  const changed = new Set(review.pictures.filter((p) => p.changed > 0).map((p) => `${p.region}${p.path}${p.at}`)).size;
  io.stderr(`Review page: ${path.relative(io.cwd, review.file!) || review.file} (${new Set(review.pictures.map((p) => `${p.region}${p.path}${p.at}`)).size} pages pictured, ${changed} with changed pixels)\n`);
  return 0;
}

/** `build-region regions`: the content's region codes. */
async function executeRegions(options: { content: string; format: 'text' | 'json' }, io: CliIO): Promise<number> {
  const compiled = await compileContent({ content: options.content, cwd: io.cwd });
  if (hasErrors(compiled.diagnostics)) {
    printDiagnostics(compiled.diagnostics, compiled.sources, { ...options, out: '', port: '' }, io);
    return 1;
  }
  const codes = compiled.model.regions.map((r) => r.data.code);
  io.stdout(options.format === 'json' ? `${JSON.stringify(codes)}\n` : `${codes.join('\n')}\n`);
  return 0;
}

/** `build-region stale`: whether the schedule.json of a deployment names a change at or before now. */
async function executeStale(source: string, options: { now?: string; format: 'text' | 'json' }, io: CliIO): Promise<number> {
  let now: number;
  try {
    now = parseNow(options.now) ?? Date.now();
  } catch (error) {
    return usage(error, io, 'stale ');
  }
  let next: { at: string; time: number; changes: { region: string; change: string }[] } | null | undefined;
  let problem: string | undefined;
  try {
    const text = /^https?:\/\//.test(source) ? await fetch(source, { signal: AbortSignal.timeout(15_000) }).then((res) => (res.ok ? res.text() : Promise.reject(new Error(`HTTP ${res.status}`)))) : await readFile(path.resolve(io.cwd, source), 'utf8');
    const parsed = JSON.parse(text) as { next?: unknown };
    const candidate = parsed.next as typeof next;
    if (candidate === null || (typeof candidate === 'object' && candidate !== undefined && typeof candidate.time === 'number' && typeof candidate.at === 'string' && Array.isArray(candidate.changes))) next = candidate;
    else problem = 'it is not the schedule.json of a build';
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  const stale = problem !== undefined || (next !== null && next !== undefined && next.time <= now);
  const nextAt = next?.at ?? '';
  if (io.env.GITHUB_OUTPUT) await appendFile(io.env.GITHUB_OUTPUT, `stale=${stale}\nnext=${nextAt}\n`);
  if (options.format === 'json') {
    io.stdout(`${JSON.stringify({ stale, next: next ?? null, ...(problem && { problem }) }, null, 2)}\n`);
    return 0;
  }
  if (problem) io.stderr(`build-region: warning: cannot read ${source} (${problem}); counting the site as stale\n`);
  if (problem) io.stdout('stale: the deployed schedule cannot be read\n');
  else if (stale) io.stdout(`stale since ${nextAt}: ${next!.changes.map((c) => `${c.region}: ${c.change}`).join('; ')}\n`);
  else io.stdout(next ? `fresh until ${nextAt}\n` : 'fresh: nothing changes\n');
  return 0;
}

interface ScheduleOptions {
  content: string;
  now?: string;
  past?: boolean;
  format: 'text' | 'json';
}

/** `--now` as epoch milliseconds; undefined when absent; a usage error when not an instant with an offset. */
function parseNow(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const now = Date.parse(value);
  if (Number.isNaN(now) || !/(Z|[+-]\d{2}:\d{2})$/.test(value)) throw new UsageError(`--now '${value}' is not an instant with an offset, like 2025-10-25T15:00:00+08:00`);
  return now;
}

/** Prints a usage error the way every command does; exit status 2. */
function usage(error: unknown, io: CliIO, command = ''): number {
  if (!(error instanceof UsageError)) throw error;
  io.stderr(`build-region: ${error.message}\nRun 'build-region ${command}--help' for usage.\n`);
  return 2;
}

/** The content compiled for a translations command, or undefined once its errors are printed (exit 1). */
async function compileForTranslations(content: string, io: CliIO, format: 'text' | 'json' = 'text'): Promise<CompileResult | undefined> {
  const compiled = await compileContent({ content, cwd: io.cwd });
  if (!hasErrors(compiled.diagnostics)) return compiled;
  printDiagnostics(compiled.diagnostics, compiled.sources, { content, format, out: '', port: '' } as CliOptions, io);
  if (format === 'json') io.stdout(`${JSON.stringify({ ok: false, diagnostics: compiled.diagnostics }, null, 2)}\n`);
  return undefined;
}

/** `build-region translations`: the content's translations against their sources. */
async function executeTranslations(options: { content: string; format: 'text' | 'json' | 'markdown' }, io: CliIO): Promise<number> {
  const compiled = await compileForTranslations(options.content, io, options.format === 'json' ? 'json' : 'text');
  if (!compiled) return 1;
  const { formatTranslationStatus, translationStatus } = await import('./commands/translations.ts');
  const status = translationStatus(compiled);
  io.stdout(options.format === 'json' ? `${JSON.stringify({ ok: true, ...status }, null, 2)}\n` : formatTranslationStatus(status, options.format));
  return 0;
}

/** `build-region translations mark`: records the named translations as current. */
async function executeMarkTranslations(targets: string[], options: { content: string }, io: CliIO): Promise<number> {
  const compiled = await compileForTranslations(options.content, io);
  if (!compiled) return 1;
  const { markTranslations, selectTranslations } = await import('./commands/translations.ts');
  const { files, unknown } = selectTranslations(compiled, targets);
  if (unknown.length > 0) return usage(new UsageError(`no translated file or locale ${unknown.map((t) => `'${t}'`).join(', ')} (a locale such as fr-FR, or a file such as pages/faq/fr.yaml that says translates)`), io, 'translations mark ');
  const written = await markTranslations(path.resolve(io.cwd, options.content), files);
  io.stdout(`Recorded ${written.length} translated file${written.length === 1 ? '' : 's'} as current.\n`);
  return 0;
}

interface ExportOptions {
  locale: string;
  format: 'xliff' | 'xliff1.2' | 'po' | 'json';
  all?: boolean;
  out?: string;
  content: string;
}

/** `build-region translations export`: a locale's texts to translate, as a translator's file. */
async function executeExportTranslations(options: ExportOptions, io: CliIO): Promise<number> {
  const compiled = await compileForTranslations(options.content, io);
  if (!compiled) return 1;
  const { selectTranslations } = await import('./commands/translations.ts');
  const { exchangeUnits, writeExchange } = await import('./translation-files.ts');
  const { files } = selectTranslations(compiled, [options.locale]);
  if (files.length === 0) return usage(new UsageError(`no translated file is in '${options.locale}' (the locales: ${[...new Set(compiled.model.regions.map((r) => r.data.locale))].join(', ')})`), io, 'translations export ');
  const catalogue = files.find((file) => file.kind === 'messages');
  const source = catalogue ? catalogue.sourceId.replace(/^messages\/|\.yaml$/g, '') : 'en';
  const units = exchangeUnits(files, compiled.model, options.all === true);
  const text = await writeExchange(units, options.format, { source, target: options.locale });
  if (options.out) {
    await writeFile(path.resolve(io.cwd, options.out), text);
    io.stderr(`Wrote ${units.length} text${units.length === 1 ? '' : 's'} of ${options.locale} to translate into ${options.out}.\n`);
  } else io.stdout(text);
  return 0;
}

/** `build-region translations import`: a translator's file back into the content. */
async function executeImportTranslations(file: string, options: { content: string }, io: CliIO): Promise<number> {
  let text: string;
  try {
    text = await readFile(path.resolve(io.cwd, file), 'utf8');
  } catch {
    return usage(new UsageError(`cannot read ${file}`), io, 'translations import ');
  }
  const compiled = await compileForTranslations(options.content, io);
  if (!compiled) return 1;
  const { selectTranslations } = await import('./commands/translations.ts');
  const { importTranslations } = await import('./translation-files.ts');
  const result = await importTranslations({ contentDir: path.resolve(io.cwd, options.content), fileName: file, text, files: (locale) => selectTranslations(compiled, [locale]).files });
  if (!result.ok) {
    for (const problem of result.problems) io.stderr(`${problem}\n`);
    io.stderr(`Nothing was written: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} in ${file}.\n`);
    return 1;
  }
  io.stdout(`Imported ${result.texts} text${result.texts === 1 ? '' : 's'} into ${result.files.length} file${result.files.length === 1 ? '' : 's'}: ${result.files.join(', ') || 'none'}.\n`);
  return 0;
}

/** `build-region schedule`: the content's future changes, from the same schedule a build writes. */
async function executeSchedule(names: string[], options: ScheduleOptions, io: CliIO): Promise<number> {
  let asked: string[] | undefined;
  let now: number;
  try {
    asked = parseRegions(names, names.length === 0);
    now = parseNow(options.now) ?? Date.now();
  } catch (error) {
    return usage(error, io, 'schedule ');
  }
  const compiled = await compileContent({ content: options.content, cwd: io.cwd, now });
  if (hasErrors(compiled.diagnostics)) {
    printDiagnostics(compiled.diagnostics, compiled.sources, { ...options, out: '', port: '' }, io);
    if (options.format === 'json') io.stdout(`${JSON.stringify({ ok: false, diagnostics: compiled.diagnostics }, null, 2)}\n`);
    return 1;
  }
  let regions: string[];
  try {
    regions = selectRegions(compiled.model.regions, asked).map((r) => r.data.code);
  } catch (error) {
    return usage(error instanceof UnknownRegionError ? unknownRegion(error) : error, io, 'schedule ');
  }
  const { buildSchedule, formatSchedule } = await import('./deployment.ts');
  const schedule = buildSchedule(compiled.model.regions, now);
  const entries = schedule.entries
    .filter((entry) => options.past || entry.time > now)
    .map((entry) => ({ ...entry, changes: entry.changes.filter((change) => regions.includes(change.region)) }))
    .filter((entry) => entry.changes.length > 0);
  if (options.format === 'json') {
    io.stdout(`${JSON.stringify({ ok: true, now: new Date(now).toISOString(), regions, entries }, null, 2)}\n`);
    return 0;
  }
  io.stdout(formatSchedule(entries, now, regions, compiled.model.regions.length));
  return 0;
}

/** `build-region merge`: the parts of a fanned-out build as one output folder. */
async function executeMerge(parts: string[], options: { out: string }, io: CliIO): Promise<number> {
  const { mergeParts } = await import('./merge.ts');
  const result = await mergeParts(parts.map((part) => path.resolve(io.cwd, part)), path.resolve(io.cwd, options.out));
  for (const problem of result.problems) io.stderr(`build-region merge: ${problem.replaceAll(`${io.cwd}${path.sep}`, '')}\n`);
  if (result.ok) io.stdout(`Merged ${parts.length} part${parts.length === 1 ? '' : 's'} into ${options.out} (${result.files} files).\n`);
  return result.ok ? 0 : 1;
}

/** `build-region emit`: the typed region modules of every region, written into sites/; nothing is bundled. */
async function executeEmit(options: { content: string; sites?: string; quiet?: boolean; cache?: boolean }, io: CliIO): Promise<number> {
  const compiled = await compileContent({ content: options.content, cwd: io.cwd, cache: options.cache });
  printDiagnostics(compiled.diagnostics, compiled.sources, { content: options.content, out: '', port: '', format: 'text', quiet: options.quiet }, io);
  if (hasErrors(compiled.diagnostics)) return 1;
  const { sitesDir, cacheDir } = resolveBuildOptions({ cwd: io.cwd, content: options.content, sites: options.sites, cache: options.cache });
  const { emitSites, writeGeneratedFiles } = await import('./emit.ts');
  const written = await writeGeneratedFiles(sitesDir, await emitSites(compiled.model, sitesDir, undefined, { cacheDir }), true);
  if (!options.quiet) io.stderr(`Emitted the modules of ${compiled.model.regions.length} regions into ${path.relative(io.cwd, sitesDir) || '.'} (${written.length} changed).\n`);
  return 0;
}

/** `build-region --dev <region>`: the live preview; runs until the process is stopped. */
async function executeDev(region: string, options: CliOptions, now: number | undefined, io: CliIO): Promise<number> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.stderr(`build-region: --port '${options.port}' is not a port (a whole number from 0 to 65535)\n`);
    return 2;
  }
  if (!io.startPreview) {
    io.stderr('build-region: the live preview is not available from this entry point; run bin/build-region.js --dev\n');
    return 2;
  }
  const compiled = await compileContent({ content: options.content, cwd: io.cwd });
  if (!hasErrors(compiled.diagnostics)) {
    try {
      selectRegions(compiled.model.regions, [region]);
    } catch (error) {
      return usage(error instanceof UnknownRegionError ? unknownRegion(error) : error, io);
    }
  }
  const server = await io.startPreview({
    region,
    content: options.content,
    cwd: io.cwd,
    port,
    now,
    onDiagnostics: (diagnostics, sources) => {
      if (diagnostics.length) printDiagnostics(diagnostics, sources, options, io);
      else io.stderr('Content is valid; the preview is current.\n');
    },
  });
  io.stdout(`Live preview of ${region} at ${server.url} (Ctrl+C to stop). Edit content/ and the page follows.\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

interface ReportOptions {
  content: string;
  out: string;
  now?: string;
}

/** `build-region report`: the report page, written whole or not at all. */
async function executeReport(options: ReportOptions, io: CliIO): Promise<number> {
  let now: number;
  try {
    now = parseNow(options.now) ?? Date.now();
  } catch (error) {
    return usage(error, io, 'report ');
  }
  const compiled = await compileContent({ content: options.content, cwd: io.cwd, now });
  const target = path.resolve(io.cwd, options.out);
  const staging = `${target}.tmp-${process.pid}`;
  await mkdir(path.dirname(target), { recursive: true });
  const { renderReport } = await import('./report.ts');
  await writeFile(staging, renderReport(compiled, now));
  await rename(staging, target);
  const failed = hasErrors(compiled.diagnostics);
  io.stdout(`Wrote ${path.relative(io.cwd, target) || target}${failed ? ' (the content has errors: see its diagnostics section)' : ''}.\n`);
  return failed ? 1 : 0;
}

async function execute(names: string[], options: CliOptions, io: CliIO): Promise<number> {
  let regions: string[] | undefined;
  let now: number | undefined;
  try {
    regions = parseRegions(names, options.all);
    if (options.dev && regions?.length !== 1) throw new UsageError('--dev previews one region: name it, like build-region --dev us');
    if (options.dev && options.check) throw new UsageError('pass either --dev or --check, not both');
    if (!options.check && regions?.length === 0) throw new UsageError('name the regions to build, or pass --all (or --check to validate only)');
    if (options.check && regions?.length) throw new UsageError('--check validates all content; do not name regions with it');
    now = parseNow(options.now);
  } catch (error) {
    return usage(error, io);
  }
  const started = performance.now();
  const progress = (event: ProgressEvent) => {
    if (options.quiet || options.format === 'json' || !event.region) return;
    io.stderr(`  ${event.region.padEnd(4)} ${event.step.padEnd(9)} ${(event.elapsed / 1000).toFixed(1).padStart(5)} s\n`);
  };
  if (options.dev) return executeDev(regions![0]!, options, now, io);
  if (options.check) {
    const compiled = await checkContent({ content: options.content, cwd: io.cwd, now, cache: cacheOption(options) });
    printDiagnostics(compiled.diagnostics, compiled.sources, options, io);
    const ok = !hasErrors(compiled.diagnostics);
    const untranslated = compiled.summary.untranslated;
    if (options.format === 'json') io.stdout(`${JSON.stringify({ ok, diagnostics: compiled.diagnostics, ...(untranslated.length > 0 && { untranslated }) }, null, 2)}\n`);
    else if (!options.quiet) for (const line of describeUntranslated(untranslated)) io.stderr(`note: ${line}\n`);
    // Like a linter, one line says what was checked when there is nothing to report (diagnostics end with their count).
    if (options.format !== 'json' && compiled.diagnostics.length === 0 && !options.quiet) io.stderr(`${describeCheck(compiled.summary, performance.now() - started)}\n`);
    return ok ? 0 : 1;
  }
  let result: BuildResult;
  // Ctrl-C (or a CI job's cancel) stops the build at its next step and puts everything back;
  // a second one quits at once.
  const controller = new AbortController();
  const signals = { SIGINT: 130, SIGTERM: 143 } as const;
  let status = 0;
  const interrupt = (signal: keyof typeof signals) => {
    if (controller.signal.aborted) process.exit(signals[signal]);
    status = signals[signal];
    io.stderr(`build-region: ${signal}: stopping the build (again to quit at once)\n`);
    controller.abort(new BuildInterrupted());
  };
  for (const signal of Object.keys(signals) as (keyof typeof signals)[]) process.on(signal, interrupt);
  try {
    const { buildRegions } = await import('./build.ts');
    result = await buildRegions({ content: options.content, out: options.out, sites: options.sites, regions, cwd: io.cwd, now, onProgress: progress, cache: cacheOption(options), signal: controller.signal, ...(options.pseudo && { pseudo: true }) });
  } catch (error) {
    if (error instanceof UnknownRegionError) return usage(unknownRegion(error), io);
    if (error instanceof BuildInterrupted) {
      io.stderr('build-region: interrupted: sites/ and the output are as they were\n');
      return status;
    }
    throw error;
  } finally {
    for (const signal of Object.keys(signals) as (keyof typeof signals)[]) process.off(signal, interrupt);
  }
  printDiagnostics(result.diagnostics, result.sources, options, io);
  const outDir = path.resolve(io.cwd, options.out);
  if (options.format === 'json') {
    io.stdout(`${JSON.stringify({ ok: result.ok, diagnostics: result.diagnostics, regions: result.regions, next: result.schedule?.next ?? null }, null, 2)}\n`);
  } else if (result.ok && !options.quiet) {
    io.stderr(await summarize(result, outDir, performance.now() - started));
  }
  // A deploy pipeline needs this even in quiet mode: when to rebuild.
  const scheduleFile = path.relative(io.cwd, path.join(outDir, 'schedule.json')).split(path.sep).join('/');
  if (result.ok && result.schedule && options.format !== 'json') io.stdout(`${(await import('./deployment.ts')).describeNext(result.schedule, scheduleFile)}\n`);
  return result.ok ? 0 : 1;
}

/** The build's cache option from --no-cache and --cache-dir. */
function cacheOption(options: { cache?: boolean; cacheDir?: string }): boolean | string {
  return options.cache === false ? false : (options.cacheDir ?? true);
}

/** Runs the CLI and returns the exit status: 0 ok, 1 content errors, 2 usage, 70 internal error, 130/143 interrupted (SIGINT/SIGTERM). */
export async function main(args: string[], overrides: Partial<CliIO> = {}): Promise<number> {
  const io = { ...defaultIO(), ...overrides };
  try {
    return await run(args, io);
  } catch (error) {
    // --sites names a folder of someone else's files: nothing was changed, say so and which.
    if (error instanceof SitesFolderError) {
      io.stderr(`build-region: ${error.message}\n`);
      return 2;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(`build-region: internal error E9999. This is a bug in build-region, not in your content; please report it with the command you ran.\n${detail}\n`);
    return 70;
  }
}
