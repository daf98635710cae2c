import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { writeAtomically } from '../../files/disk.js';
import { compileContent } from '../compile.ts';
import { hasErrors } from '../diagnostics/index.ts';
import type { GlanceSheet } from '../report/glance.ts';
import type { CliIO, Run } from './shared.ts';
import { contentOption, finish, parseNow, usage } from './shared.ts';

interface ReportOptions {
  content: string;
  out: string;
  now?: string;
  glance?: boolean;
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
    .option(
      '--glance',
      "also build the sites and picture each region's home and a product page in Chromium at that instant (docs/review.md)",
    )
    .action((options: ReportOptions) => run(() => execute(options, io)));
  finish(command, io, [
    'Examples:',
    '  $ build-region report                                   write report.html as of now',
    '  $ build-region report --now 2025-10-26T12:00:00+08:00 --out halloween.html',
    '  $ build-region report --glance                          with a sheet of every site, pictured',
    '',
    'The page needs no network: open it from a CI artefact. With content errors it is still',
    'written (its diagnostics section lists them, --glance pictures nothing) and the exit status',
    'is 1. With --glance and no Chromium it is written without the pictures and the exit status is 2.',
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
  const failed = hasErrors(compiled.diagnostics);
  let glance: GlanceSheet | undefined;
  if (options.glance) {
    if (!io.glanceSheet) {
      io.stderr('build-region: pictures are not available from this entry point; run bin/build-region.js report --glance\n');
      return 2;
    }
    glance = failed
      ? { at: now, sizes: [], pages: [], skipped: { cause: 'content', reason: 'the content has errors (see the diagnostics section)' } }
      : await io.glanceSheet({ content: path.resolve(io.cwd, options.content), cwd: io.cwd, now, log: io.stderr });
    if (glance.skipped) io.stderr(`build-region: --glance pictured nothing: ${glance.skipped.reason}\n`);
    for (const page of glance.pages)
      for (const thumbnail of page.thumbnails)
        if (thumbnail.error)
          io.stderr(`build-region: --glance could not picture ${page.path} at ${thumbnail.viewport} px: ${thumbnail.error}\n`);
  }
  const target = path.resolve(io.cwd, options.out);
  await mkdir(path.dirname(target), { recursive: true });
  const { renderReport } = await import('../report/index.ts');
  await writeAtomically(target, renderReport(compiled, now, glance));
  const pictured = glance && !glance.skipped ? `, with ${glance.pages.length} pages pictured` : '';
  io.stdout(
    `Wrote ${path.relative(io.cwd, target) || target}${pictured}${failed ? ' (the content has errors: see its diagnostics section)' : ''}.\n`,
  );
  // Content errors (1), found compiling or building; a sheet asked for without Chromium (2).
  return failed || glance?.skipped?.cause === 'content' ? 1 : glance?.skipped ? 2 : 0;
}
