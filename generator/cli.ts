import { Command, CommanderError, Option } from 'commander';
import { buildRegions, compileContent } from './build.ts';
import type { BuildResult, ProgressEvent } from './build.ts';
import type { Diagnostic } from './diagnostics.ts';
import { hasErrors, suggest } from './diagnostics.ts';
import { formatDiagnostic, formatGithubAnnotation } from './format.ts';
import { describeNext } from './deployment.ts';
import { isRegionCode } from '../runtime/paths.ts';
import { REGION_CODES } from '../runtime/types.ts';
import type { RegionCode } from '../runtime/types.ts';

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal (colour and progress). */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  /** Folder that relative paths are resolved against and printed relative to. */
  cwd: string;
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
  content: string;
  out: string;
  format: 'text' | 'json';
  quiet?: boolean;
  now?: string;
}

function printDiagnostics(diagnostics: Diagnostic[], sources: Map<string, string>, options: CliOptions, io: CliIO): void {
  if (options.format === 'json') return;
  for (const d of diagnostics) io.stderr(`${formatDiagnostic(d, { color: io.isTTY, sources })}\n\n`);
  if (io.env.GITHUB_ACTIONS === 'true') for (const d of diagnostics) io.stdout(`${formatGithubAnnotation(d)}\n`);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (diagnostics.length) io.stderr(`Found ${errors} error${errors === 1 ? '' : 's'} and ${warnings} warning${warnings === 1 ? '' : 's'}.\n`);
}

function parseRegions(names: string[], all: boolean | undefined): RegionCode[] {
  const codes: RegionCode[] = [];
  for (const name of names) {
    const code = name.toLowerCase();
    if (!isRegionCode(code)) {
      const guess = suggest(code, REGION_CODES);
      throw new UsageError(`unknown region '${name}'${guess ? `; did you mean '${guess}'?` : ''} (regions: ${REGION_CODES.join(', ')})`);
    }
    codes.push(code);
  }
  if (all && codes.length) throw new UsageError('pass either --all or region codes, not both');
  if (all) return [...REGION_CODES];
  return codes;
}

function summarize(result: BuildResult, elapsed: number): string {
  const rows = result.regions.map((r) => `  ${r.code.padEnd(4)} ${String(r.pages.length).padStart(3)} pages  ${String(r.assets.length).padStart(3)} assets`);
  return [`Built ${result.regions.length} region${result.regions.length === 1 ? '' : 's'} in ${(elapsed / 1000).toFixed(1)} s:`, ...rows, ''].join('\n');
}

async function run(args: string[], io: CliIO): Promise<number> {
  let action: (() => Promise<number>) | undefined;
  const program = new Command('build-region')
    .description('Compile the content of the regional sites and build them into prerendered static sites.')
    .argument('[regions...]', `regions to build (${REGION_CODES.join(', ')})`)
    .option('--all', 'build all eight regions')
    .option('--check', 'validate all content and write nothing')
    .option('--content <dir>', 'content folder', 'content')
    .option('--out <dir>', 'output folder', 'dist')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--quiet', 'print only problems')
    .option('--now <instant>', 'build as of this instant (ISO 8601 with offset): pages show its prices and banners, warnings are judged at it')
    .addHelpText(
      'after',
      ['', 'Examples:', '  $ build-region --all            build every region into dist/', '  $ build-region us uk            rebuild two regions, keep the others', '  $ build-region --check          validate the content only', ''].join('\n'),
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .action((names: string[], options: CliOptions) => {
      action = () => execute(names, options, io);
    });
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  return action ? action() : 2;
}

async function execute(names: string[], options: CliOptions, io: CliIO): Promise<number> {
  let regions: RegionCode[];
  try {
    regions = parseRegions(names, options.all);
    if (!options.check && regions.length === 0) throw new UsageError('name the regions to build, or pass --all (or --check to validate only)');
    if (options.check && regions.length) throw new UsageError('--check validates all content; do not name regions with it');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`build-region: ${error.message}\nRun 'build-region --help' for usage.\n`);
    return 2;
  }
  let now: number | undefined;
  if (options.now !== undefined) {
    now = Date.parse(options.now);
    if (Number.isNaN(now) || !/(Z|[+-]\d{2}:\d{2})$/.test(options.now)) {
      io.stderr(`build-region: --now '${options.now}' is not an instant with an offset, like 2025-10-25T15:00:00+08:00\n`);
      return 2;
    }
  }
  const started = performance.now();
  const progress = (event: ProgressEvent) => {
    if (options.quiet || options.format === 'json' || !event.region) return;
    if (event.step === 'done') io.stderr(`  ${event.region}: done at ${(event.elapsed / 1000).toFixed(1)} s\n`);
  };
  if (options.check) {
    const compiled = await compileContent({ content: options.content, cwd: io.cwd, now });
    printDiagnostics(compiled.diagnostics, compiled.sources, options, io);
    const ok = !hasErrors(compiled.diagnostics);
    if (options.format === 'json') io.stdout(`${JSON.stringify({ ok, diagnostics: compiled.diagnostics }, null, 2)}\n`);
    // Like a compiler, --check is silent when there is nothing to say.
    return ok ? 0 : 1;
  }
  const result = await buildRegions({ content: options.content, out: options.out, regions, cwd: io.cwd, now, onProgress: progress });
  printDiagnostics(result.diagnostics, result.sources, options, io);
  if (options.format === 'json') {
    io.stdout(`${JSON.stringify({ ok: result.ok, diagnostics: result.diagnostics, regions: result.regions, next: result.schedule?.next ?? null }, null, 2)}\n`);
  } else if (result.ok && !options.quiet) {
    io.stderr(summarize(result, performance.now() - started));
  }
  // A deploy pipeline needs this even in quiet mode: when to rebuild.
  if (result.ok && result.schedule && options.format !== 'json') io.stdout(`${describeNext(result.schedule)}\n`);
  return result.ok ? 0 : 1;
}

/** Runs the CLI and returns the exit status: 0 ok, 1 content errors, 2 usage, 70 internal error. */
export async function main(args: string[], overrides: Partial<CliIO> = {}): Promise<number> {
  const io = { ...defaultIO(), ...overrides };
  try {
    return await run(args, io);
  } catch (error) {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(`build-region: internal error E9999. This is a bug in build-region, not in your content; please report it with the command you ran.\n${detail}\n`);
    return 70;
  }
}
