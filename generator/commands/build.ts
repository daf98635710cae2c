import path from 'node:path';
import { Command } from 'commander';
import type { BuildResult } from '../build.ts';
import { checkContent, describeCheck } from '../check.ts';
import { BuildInterrupted, compileContent, selectRegions, UnknownRegionError } from '../compile.ts';
import type { ProgressEvent } from '../options.ts';
import { hasErrors } from '../diagnostics/index.ts';
import { describeBuild } from '../output.ts';
import { describeUntranslated } from '../translations/index.ts';
import type { CliIO, Run } from './shared.ts';
import {
  contentOption,
  finish,
  formatOption,
  parseNow,
  parseRegions,
  printDiagnostics,
  unknownRegion,
  usage,
  UsageError,
} from './shared.ts';

/** `build-region [regions...]`: builds regions, or with --check validates, or with --dev previews one. */

interface BuildOptions {
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

/** The program itself: its options are the build's; the other commands are added to it. */
export function createProgram(io: CliIO, run: Run): Command {
  const program = new Command('build-region')
    .enablePositionalOptions()
    .description('Compile the content of the regional sites and build them into prerendered static sites.')
    .argument('[regions...]', 'regions to build, by code (us uk ...)')
    .option('--all', 'build every region of the content')
    .option('--check', 'validate all content and write nothing')
    .addOption(contentOption())
    .option('--out <dir>', 'output folder', 'dist')
    .addOption(formatOption(['text', 'json']))
    .option('--quiet', 'print only problems')
    .option('--no-cache', 'neither read nor write the build cache (node_modules/.cache/build-region): a cold build')
    .option('--cache-dir <dir>', 'keep the build cache there instead (a folder a CI job keeps between runs)')
    .option(
      '--sites <dir>',
      'folder of the generated region modules (default: sites/ of the package for its content/, a temporary folder of its own for other content)',
    )
    .option(
      '--now <instant>',
      'build as of this instant (ISO 8601 with offset): pages show its prices and banners, warnings are judged at it',
    )
    .option(
      '--pseudo',
      'build with every text accented and about 40% longer (pseudo-localisation), to try layouts with long texts before a translation arrives; give it its own --out',
    )
    .option('--dev', 'serve one region with live preview instead of building: every YAML edit shows at once, errors in the browser')
    .option('--port <port>', 'port of the --dev server', '5173')
    .action((names: string[], options: BuildOptions) => run(() => execute(names, options, io)));
  return finish(program, io, [
    'Examples:',
    '  $ build-region --all            build every region into dist/',
    '  $ build-region us uk            rebuild two regions, keep the others',
    '  $ build-region --check          validate the content only',
    '  $ build-region --dev us         live preview of us at http://localhost:5173/us/',
    '  $ build-region schedule us      what changes in us, and when',
    '  $ build-region report           report.html: pages, prices and the timeline of every region',
  ]);
}

async function execute(names: string[], options: BuildOptions, io: CliIO): Promise<number> {
  let regions: string[] | undefined;
  let now: number | undefined;
  try {
    regions = parseRegions(names, options.all);
    if (options.dev && regions?.length !== 1) throw new UsageError('--dev previews one region: name it, like build-region --dev us');
    if (options.dev && options.check) throw new UsageError('pass either --dev or --check, not both');
    if (!options.check && regions?.length === 0)
      throw new UsageError('name the regions to build, or pass --all (or --check to validate only)');
    if (options.check && regions?.length) throw new UsageError('--check validates all content; do not name regions with it');
    now = parseNow(options.now);
  } catch (error) {
    return usage(error, io);
  }
  if (options.dev) return executeDev(regions![0]!, options, now, io);
  if (options.check) return executeCheck(options, now, io);
  return executeBuild(regions, options, now, io);
}

/** `--check`: every diagnostic of the content; nothing is written. */
async function executeCheck(options: BuildOptions, now: number | undefined, io: CliIO): Promise<number> {
  const started = performance.now();
  const compiled = await checkContent({ content: options.content, cwd: io.cwd, now, cache: cacheOption(options) });
  printDiagnostics(compiled.diagnostics, compiled.sources, options.format, io);
  const ok = !hasErrors(compiled.diagnostics);
  const untranslated = compiled.summary.untranslated;
  if (options.format === 'json')
    io.stdout(`${JSON.stringify({ ok, diagnostics: compiled.diagnostics, ...(untranslated.length > 0 && { untranslated }) }, null, 2)}\n`);
  else if (!options.quiet) for (const line of describeUntranslated(untranslated)) io.stderr(`note: ${line}\n`);
  // Like a linter, one line says what was checked when there is nothing to report (diagnostics end with their count).
  if (options.format !== 'json' && compiled.diagnostics.length === 0 && !options.quiet)
    io.stderr(`${describeCheck(compiled.summary, performance.now() - started)}\n`);
  return ok ? 0 : 1;
}

/** A build of the regions (all with undefined): progress, diagnostics, the summary table and when to rebuild. */
async function executeBuild(regions: string[] | undefined, options: BuildOptions, now: number | undefined, io: CliIO): Promise<number> {
  const started = performance.now();
  const progress = (event: ProgressEvent) => {
    if (options.quiet || options.format === 'json' || !event.region) return;
    io.stderr(`  ${event.region.padEnd(4)} ${event.step.padEnd(9)} ${(event.elapsed / 1000).toFixed(1).padStart(5)} s\n`);
  };
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
    const { buildRegions } = await import('../build.ts');
    result = await buildRegions({
      content: options.content,
      out: options.out,
      sites: options.sites,
      regions,
      cwd: io.cwd,
      now,
      onProgress: progress,
      cache: cacheOption(options),
      signal: controller.signal,
      ...(options.pseudo && { pseudo: true }),
    });
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
  printDiagnostics(result.diagnostics, result.sources, options.format, io);
  const outDir = path.resolve(io.cwd, options.out);
  if (options.format === 'json') {
    io.stdout(
      `${JSON.stringify({ ok: result.ok, diagnostics: result.diagnostics, regions: result.regions, next: result.schedule?.next ?? null }, null, 2)}\n`,
    );
  } else if (result.ok && !options.quiet) {
    io.stderr(await describeBuild(result, outDir, performance.now() - started));
  }
  // A deploy pipeline needs this even in quiet mode: when to rebuild.
  const scheduleFile = path.relative(io.cwd, path.join(outDir, 'schedule.json')).split(path.sep).join('/');
  if (result.ok && result.schedule && options.format !== 'json')
    io.stdout(`${(await import('../deploy/schedule.ts')).describeNext(result.schedule, scheduleFile)}\n`);
  return result.ok ? 0 : 1;
}

/** `--dev <region>`: the live preview; runs until the process is stopped. */
async function executeDev(region: string, options: BuildOptions, now: number | undefined, io: CliIO): Promise<number> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.stderr(`build-region: --port '${options.port}' is not a port (a whole number from 0 to 65535)\n`);
    return 2;
  }
  if (!io.startPreview) {
    io.stderr('build-region: the live preview is not available from this entry point; run bin/build-region.js --dev\n');
    return 2;
  }
  // At the preview clock's first instant: the preview's first page shows this compile.
  const start = now ?? Date.now();
  const compiled = await compileContent({ content: options.content, cwd: io.cwd, now: start });
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
    ...(options.sites !== undefined && { sites: options.sites }),
    compiled,
    cwd: io.cwd,
    port,
    now: start,
    onDiagnostics: (diagnostics, sources) => {
      if (diagnostics.length) printDiagnostics(diagnostics, sources, options.format, io);
      else io.stderr('Content is valid; the preview is current.\n');
    },
  });
  io.stdout(`Live preview of ${region} at ${server.url} (Ctrl+C to stop). Edit content/ and the page follows.\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

/** The build's cache option from --no-cache and --cache-dir. */
function cacheOption(options: { cache?: boolean; cacheDir?: string }): boolean | string {
  return options.cache === false ? false : (options.cacheDir ?? true);
}
