import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { writeAtomically } from '../../files/disk.js';
import { compileContent } from '../compile.ts';
import { hasErrors } from '../diagnostics.ts';
import type { CliIO, Run } from './shared.ts';
import { contentOption, finish, parseNow, usage } from './shared.ts';

interface ReportOptions {
  content: string;
  out: string;
  now?: string;
}

/** `build-region report`: the report page, written whole or not at all. */
export function register(parent: Command, io: CliIO, run: Run): void {
  const command = parent
    .command('report')
    .description(
      'Write one self-contained HTML page: pages by region, prices, a timeline of every promotion and page window, and the diagnostics.',
    )
    .addOption(contentOption())
    .option('--out <file>', 'where to write the page', 'report.html')
    .option('--now <instant>', 'report as of this instant instead of now (ISO 8601 with offset)')
    .action((options: ReportOptions) => run(() => execute(options, io)));
  finish(command, io, [
    'Examples:',
    '  $ build-region report                                   write report.html as of now',
    '  $ build-region report --now 2025-10-26T12:00:00+08:00 --out halloween.html',
    '',
    'The page needs no network: open it from a CI artefact. With content errors it is still',
    'written (its diagnostics section lists them) and the exit status is 1.',
  ]);
}

async function execute(options: ReportOptions, io: CliIO): Promise<number> {
  let now: number;
  try {
    now = parseNow(options.now) ?? Date.now();
  } catch (error) {
    return usage(error, io, 'report ');
  }
  const compiled = await compileContent({ content: options.content, cwd: io.cwd, now });
  const target = path.resolve(io.cwd, options.out);
  await mkdir(path.dirname(target), { recursive: true });
  const { renderReport } = await import('../report.ts');
  await writeAtomically(target, renderReport(compiled, now));
  const failed = hasErrors(compiled.diagnostics);
  io.stdout(`Wrote ${path.relative(io.cwd, target) || target}${failed ? ' (the content has errors: see its diagnostics section)' : ''}.\n`);
  return failed ? 1 : 0;
}
