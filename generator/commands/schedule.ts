import type { Command } from 'commander';
import { compileContent, selectRegions, UnknownRegionError } from '../compile.ts';
import { hasErrors } from '../diagnostics/index.ts';
import type { CliIO, Run } from './shared.ts';
import { contentOption, finish, formatOption, parseNow, parseRegions, printDiagnostics, unknownRegion, usage } from './shared.ts';

interface ScheduleOptions {
  content: string;
  now?: string;
  past?: boolean;
  format: 'text' | 'json';
}

/** `build-region schedule`: the content's future changes, from the same schedule a build writes. */
export function register(parent: Command, io: CliIO, run: Run): void {
  const command = parent
    .command('schedule')
    .description('List every future instant at which content changes (prices, banners, countdowns, nav items, page windows), per region.')
    .argument('[regions...]', 'only these regions, by code; default all')
    .addOption(contentOption())
    .option('--now <instant>', 'list changes after this instant instead of now (ISO 8601 with offset)')
    .option('--past', 'list the changes before that instant too')
    .addOption(formatOption(['text', 'json']))
    .action((names: string[], options: ScheduleOptions) => run(() => execute(names, options, io)));
  finish(command, io, [
    'Examples:',
    '  $ build-region schedule                                  what changes from now on, everywhere',
    '  $ build-region schedule us --now 2025-10-20T00:00:00+08:00   the us changes after that instant',
    '  $ build-region schedule --past --format json             every change, as JSON',
  ]);
}

async function execute(names: string[], options: ScheduleOptions, io: CliIO): Promise<number> {
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
    printDiagnostics(compiled.diagnostics, compiled.sources, options.format, io);
    if (options.format === 'json') io.stdout(`${JSON.stringify({ ok: false, diagnostics: compiled.diagnostics }, null, 2)}\n`);
    return 1;
  }
  let regions: string[];
  try {
    regions = selectRegions(compiled.model.regions, asked).map((r) => r.data.code);
  } catch (error) {
    return usage(error instanceof UnknownRegionError ? unknownRegion(error) : error, io, 'schedule ');
  }
  const { buildSchedule, formatSchedule, selectEntries } = await import('../deploy/schedule.ts');
  const entries = selectEntries(buildSchedule(compiled.model.regions, now), now, regions, options.past);
  if (options.format === 'json') {
    io.stdout(`${JSON.stringify({ ok: true, now: new Date(now).toISOString(), regions, entries }, null, 2)}\n`);
    return 0;
  }
  io.stdout(formatSchedule(entries, now, regions, compiled.model.regions.length));
  return 0;
}
