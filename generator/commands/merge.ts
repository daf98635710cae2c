import path from 'node:path';
import type { Command } from 'commander';
import type { CliIO, Run } from './shared.ts';
import { finish } from './shared.ts';

/** `build-region merge`: the parts of a fanned-out build as one output folder. */
export function register(parent: Command, io: CliIO, run: Run): void {
  const command = parent
    .command('merge')
    .description(
      'Put together the parts of a build made on separate machines (build-region <regions> --out <part>) into one output folder, byte for byte what --all makes.',
    )
    .argument('<parts...>', "the parts' output folders")
    .option('--out <dir>', 'output folder', 'dist')
    .action((parts: string[], options: { out: string }) => run(() => execute(parts, options, io)));
  finish(command, io, [
    'Examples:',
    '  $ build-region us --out part-us --now 2026-11-27T00:00:00-05:00     on one machine',
    '  $ build-region cn --out part-cn --now 2026-11-27T00:00:00-05:00     on another',
    '  $ build-region merge part-us part-cn --out dist',
    '',
    'Every part must be built from the same content as of the same instant (--now): the files',
    'the parts share (sitemap, schedule, back-end data, images) must agree, or nothing is written.',
  ]);
}

async function execute(parts: string[], options: { out: string }, io: CliIO): Promise<number> {
  const { mergeParts } = await import('../merge.ts');
  const result = await mergeParts(
    parts.map((part) => path.resolve(io.cwd, part)),
    path.resolve(io.cwd, options.out),
  );
  for (const problem of result.problems) io.stderr(`build-region merge: ${problem.replaceAll(`${io.cwd}${path.sep}`, '')}\n`);
  if (result.ok) io.stdout(`Merged ${parts.length} part${parts.length === 1 ? '' : 's'} into ${options.out} (${result.files} files).\n`);
  return result.ok ? 0 : 1;
}
