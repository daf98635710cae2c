import type { Command } from 'commander';
import { judgeStaleness, writeGithubOutput } from '../deploy/stale.ts';
import type { CliIO, Run } from './shared.ts';
import { finish, formatOption, parseNow, usage } from './shared.ts';

/** `build-region stale`: whether the schedule.json of a deployment names a change at or before now. */
export function register(parent: Command, io: CliIO, run: Run): void {
  const command = parent
    .command('stale')
    .description(
      "Say whether a deployed site's pages went stale: its schedule.json names a change at or before now. For a scheduled CI job that rebuilds then.",
    )
    .argument('<schedule>', "the deployed site's schedule.json: a file or an https:// address")
    .option('--now <instant>', 'judge as of this instant instead of now (ISO 8601 with offset)')
    .addOption(formatOption(['text', 'json']))
    .action((schedule: string, options: { now?: string; format: 'text' | 'json' }) => run(() => execute(schedule, options, io)));
  finish(command, io, [
    'Examples:',
    '  $ build-region stale https://www.example.cn/schedule.json',
    '  $ build-region stale dist/schedule.json --now 2026-11-30T23:00:00Z',
    '',
    'Exit status 0 either way; the answer is printed, and under GitHub Actions written to',
    '$GITHUB_OUTPUT as stale=true|false and next=<instant>. A schedule that cannot be read',
    '(no deployment yet, a damaged file) counts as stale, with a warning: rebuilding is safe.',
  ]);
}

async function execute(source: string, options: { now?: string; format: 'text' | 'json' }, io: CliIO): Promise<number> {
  let now: number;
  try {
    now = parseNow(options.now) ?? Date.now();
  } catch (error) {
    return usage(error, io, 'stale ');
  }
  const staleness = await judgeStaleness(source, now, io.cwd);
  const { stale, next, problem } = staleness;
  if (io.env.GITHUB_OUTPUT) await writeGithubOutput(io.env.GITHUB_OUTPUT, staleness);
  if (options.format === 'json') {
    io.stdout(`${JSON.stringify({ stale, next: next ?? null, ...(problem && { problem }) }, null, 2)}\n`);
    return 0;
  }
  if (problem) io.stderr(`build-region: warning: cannot read ${source} (${problem}); counting the site as stale\n`);
  if (problem) io.stdout('stale: the deployed schedule cannot be read\n');
  else if (stale) io.stdout(`stale since ${next!.at}: ${next!.changes.map((c) => `${c.region}: ${c.change}`).join('; ')}\n`);
  else io.stdout(next ? `fresh until ${next.at}\n` : 'fresh: nothing changes\n');
  return 0;
}
