import type { Command } from 'commander';
import { Option } from 'commander';
import type { UnknownRegionError } from '../compile.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import type { CliPorts } from '../ports.ts';
import { didYouMean, suggest } from '../diagnostics/index.ts';
import { formatDiagnostic, formatGithubAnnotation } from '../diagnostics/format.ts';
import { parseInstant } from '../resolve/stages.ts';

/**
 * What every command module shares: the IO it prints to, its usage errors, and the options
 * several commands take. A command module is flags -> a library call -> print -> exit code;
 * each exports `register(parent, io, run)`, which adds its command to the program and hands
 * `run` the action to take once commander has parsed the arguments.
 */

/** What a command prints to and reads of its process, and the ports the launcher supplies (ports.ts). */
export interface CliIO extends CliPorts {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal (colour and progress). */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  /** Folder that relative paths are resolved against and printed relative to. */
  cwd: string;
}

/** The action a command takes, set once its arguments are parsed; resolves to the exit status. */
export type Run = (action: () => Promise<number>) => void;

export class UsageError extends Error {}

/** Prints a usage error the way every command does; exit status 2. */
export function usage(error: unknown, io: CliIO, command = ''): number {
  if (!(error instanceof UsageError)) throw error;
  io.stderr(`build-region: ${error.message}\nRun 'build-region ${command}--help' for usage.\n`);
  return 2;
}

/** Diagnostics to stderr (and as GitHub annotations under Actions), with their count; nothing in JSON format. */
export function printDiagnostics(diagnostics: Diagnostic[], sources: Map<string, string>, format: string, io: CliIO): void {
  if (format === 'json') return;
  for (const d of diagnostics) io.stderr(`${formatDiagnostic(d, { color: io.isTTY, sources })}\n\n`);
  if (io.env.GITHUB_ACTIONS === 'true') for (const d of diagnostics) io.stdout(`${formatGithubAnnotation(d)}\n`);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (diagnostics.length)
    io.stderr(`Found ${errors} error${errors === 1 ? '' : 's'} and ${warnings} warning${warnings === 1 ? '' : 's'}.\n`);
}

/** The region codes named on the command line; undefined with --all. Whether the content has them is known after loading it. */
export function parseRegions(names: string[], all: boolean | undefined): string[] | undefined {
  if (all && names.length) throw new UsageError('pass either --all or region codes, not both');
  return all ? undefined : names.map((name) => name.toLowerCase());
}

/** An unknown region as a usage error; a misspelt command reads as a region, so either is suggested. */
export function unknownRegion(error: UnknownRegionError): UsageError {
  const guess = suggest(error.unknown, [...error.known, 'schedule', 'report', 'emit']);
  return new UsageError(`unknown region '${error.unknown}'${didYouMean(guess)} (regions: ${error.known.join(', ')})`);
}

/**
 * `--now` as epoch milliseconds; undefined when absent; a usage error when not a real instant
 * with an offset. The content's instants are read by the same rule (parseInstant).
 */
export function parseNow(value: string | undefined): number | undefined {
  return value === undefined ? undefined : parseInstantFlag('--now', value);
}

/** An instant given to a flag (`--now`, `--at`), read by the content's own instant parser. */
export function parseInstantFlag(flag: string, value: string): number {
  if (Number.isNaN(Date.parse(value)) || !/(Z|[+-]\d{2}:\d{2})$/.test(value))
    throw new UsageError(`${flag} '${value}' is not an instant with an offset, like 2025-10-25T15:00:00+08:00`);
  const instant = parseInstant(value);
  if (Number.isNaN(instant))
    throw new UsageError(`${flag} '${value}' is not a real date and time (ISO 8601 with offset, like 2025-10-25T15:00:00+08:00)`);
  return instant;
}

/** --content, as every command that reads the content takes it. */
export const contentOption = () => new Option('--content <dir>', 'content folder').default('content');

/** --format with these choices, text by default. */
export const formatOption = (choices: readonly string[], description = 'output format') =>
  new Option('--format <format>', description).choices(choices).default('text');

/**
 * The wiring every command has: its examples (and notes) after the help, commander's errors as
 * exit statuses rather than exits, and its output through `io`.
 */
export function finish(command: Command, io: CliIO, helpAfter?: readonly string[]): Command {
  if (helpAfter) command.addHelpText('after', ['', ...helpAfter, ''].join('\n'));
  return command.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
}
