import { CommanderError } from 'commander';
import { SitesFolderError } from './emit/sites-folder.ts';
import { createProgram } from './commands/build.ts';
import * as diff from './commands/diff.ts';
import * as emit from './commands/emit.ts';
import * as merge from './commands/merge.ts';
import * as regions from './commands/regions.ts';
import * as report from './commands/report.ts';
import * as schedule from './commands/schedule.ts';
import type { CliIO } from './commands/shared.ts';
import * as stale from './commands/stale.ts';
import * as studio from './commands/studio.ts';
import * as translations from './commands/translations.ts';

/**
 * build-region's command line: one module per command in commands/ (flags -> a library call ->
 * print -> exit code); the build itself, with --check and --dev, is the program's own action.
 */
export type { CliIO } from './commands/shared.ts';
/** An instant given to a flag, read as the commands read `--now` and `--at` (for scripts that take one). */
export { parseInstantFlag } from './commands/shared.ts';
export type { PreviewOptions } from './ports.ts';

/** The subcommands, in the order --help lists them. */
const COMMANDS = [studio, schedule, merge, emit, report, diff, regions, stale, translations];

const defaultIO = (): CliIO => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stderr.isTTY),
  env: process.env,
  cwd: process.cwd(),
});

async function run(args: string[], io: CliIO): Promise<number> {
  let action: (() => Promise<number>) | undefined;
  const setAction = (chosen: () => Promise<number>) => {
    action = chosen;
  };
  const program = createProgram(io, setAction);
  for (const command of COMMANDS) command.register(program, io, setAction);
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  return action ? action() : 2;
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
    io.stderr(
      `build-region: internal error E9999. This is a bug in build-region, not in your content; please report it with the command you ran.\n${detail}\n`,
    );
    return 70;
  }
}
