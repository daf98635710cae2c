import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTDOWN_COMPONENTS } from '../../core/kinds.ts';
import { main } from '../../generator/cli.ts';
import { PACKAGE_ROOT } from '../../generator/index.ts';

/** Runs `build-region` on the real content; nothing is written by `schedule`. */
async function runCli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const status = await main(args, { cwd: PACKAGE_ROOT, isTTY: false, env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { status, stdout, stderr };
}

interface JsonSchedule {
  ok: boolean;
  regions: string[];
  entries: { at: string; changes: { region: string; change: string; paths: string[] }[] }[];
}

const json = async (args: string[]) => JSON.parse((await runCli([...args, '--format', 'json'])).stdout) as JsonSchedule;
/** The changes at an instant written as the specification writes it (Beijing time, +08:00). */
const at = (schedule: JsonSchedule, instant: string) =>
  schedule.entries.find((e) => e.at === new Date(instant).toISOString())?.changes.map((c) => `${c.region}: ${c.change}`) ?? [];

describe('build-region schedule', () => {
  it('lists the us launch and Halloween instants of section 4 of the specification, after --now, with what changes', async () => {
    const { status, stdout, stderr } = await runCli(['schedule', 'us', '--now', '2025-09-01T00:00:00+08:00']);
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
    // The mini-robot banner: stages 1 to 4 of the launch list, 2025-09-18 to 2025-09-25 at 19:30.
    expect(stdout).toContain(
      "2025-09-18 11:30 UTC  (in 17 d 19 h)\n  us  text banner 'The Mini Robot is landing. Follow the launch week.' shows (stage 1 of mini-robot-launch)",
    );
    expect(stdout).toContain(
      "2025-09-25 11:30 UTC  (in 24 d 19 h)\n  us  text banner 'The Mini Robot is landing. Follow the launch week.' hides (stage 5 of mini-robot-launch)",
    );
    const schedule = await json(['schedule', 'us', '--now', '2025-09-01T00:00:00+08:00']);
    // Halloween: stage 1 from 2025-10-25 15:00, over at 2025-11-01 15:00 (us).
    expect(at(schedule, '2025-10-25T15:00:00+08:00')).toEqual(
      expect.arrayContaining([
        "us: nav item 'Halloween' shows (stage 1 of halloween)",
        'us: activity price of Flagship Bumblebee shows (stage 1 of halloween)',
      ]),
    );
    expect(at(schedule, '2025-11-01T15:00:00+08:00')).toEqual(
      expect.arrayContaining(["us: nav item 'Halloween' hides (stage 2 of halloween)"]),
    );
    // The launch instants in between change nothing visible (the banner shows in stages 1 to 4).
    expect(at(schedule, '2025-09-20T19:30:00+08:00')).toEqual([]);
    expect(schedule.entries.every((e) => e.changes.every((c) => c.region === 'us'))).toBe(true);
  });

  it('names every page an activity price shows on: its own, the line-up and the bundle offers', async () => {
    const schedule = await json(['schedule', 'us', '--now', '2025-09-01T00:00:00+08:00']);
    const aiBase = schedule.entries
      .flatMap((e) => e.changes)
      .find((c) => c.change === 'activity price of AI Base shows (stage 1 of halloween)');
    expect(aiBase?.paths).toEqual(['/us', '/us/ai-base', '/us/elite-optimus-prime']);
  });

  it('names the pages that render a change: the countdown is on the front page only, the nav item on every page', async () => {
    const schedule = await json(['schedule', 'us', '--now', '2025-09-01T00:00:00+08:00']);
    const halloween = schedule.entries.find((e) => e.at === new Date('2025-10-25T15:00:00+08:00').toISOString())!.changes;
    expect(halloween.find((c) => c.change.startsWith('countdown '))?.paths).toEqual(['/us']);
    expect(halloween.find((c) => c.change.startsWith("nav item 'Halloween'"))?.paths.length).toBeGreaterThan(30);
    expect(await runCli(['schedule', 'us', '--now', '2025-09-01T00:00:00+08:00'])).toMatchObject({
      stdout: expect.stringMatching(/ {2}us {2}countdown '.+' shows \(stage 1 of halloween\) {2}\[1 page\]\n/),
    });
  });

  it('knows which page components render the countdown (core/kinds.ts): those that import it', () => {
    const dir = path.join(PACKAGE_ROOT, 'runtime', 'pages');
    const importing = readdirSync(dir)
      .filter((file) => /\.tsx$/.test(file) && /from '\.\.\/components\/Countdown\.tsx'/.test(readFileSync(path.join(dir, file), 'utf8')))
      .map((file) => file.replace(/\.tsx$/, ''));
    expect(importing).toEqual([...COUNTDOWN_COMPONENTS]);
  });

  it('gives each region its own boundaries: the second Halloween boundary of uk and of eu, fr, de', async () => {
    const schedule = await json(['schedule', 'uk', 'eu', '--now', '2025-09-01T00:00:00+08:00']);
    expect(at(schedule, '2025-10-25T15:00:00+08:00').some((c) => c.startsWith('uk: ') && c.endsWith('shows (stage 1 of halloween)'))).toBe(
      true,
    );
    expect(at(schedule, '2025-11-10T07:00:00+08:00').some((c) => c.startsWith('uk: ') && c.endsWith('hides (stage 2 of halloween)'))).toBe(
      true,
    );
    expect(at(schedule, '2025-11-10T06:00:00+08:00').some((c) => c.startsWith('eu: ') && c.endsWith('hides (stage 2 of halloween)'))).toBe(
      true,
    );
    expect(new Set(schedule.entries.flatMap((e) => e.changes.map((c) => c.region)))).toEqual(new Set(['uk', 'eu']));
  });

  it('leaves out the past unless asked, and says so when nothing is left', async () => {
    const future = await json(['schedule', 'jp', '--now', '2030-01-01T00:00:00Z']);
    expect(future.entries).toEqual([]);
    expect((await runCli(['schedule', 'jp', '--now', '2030-01-01T00:00:00Z'])).stdout).toBe(
      'No content change in jp after 2030-01-01T00:00:00.000Z.\n',
    );
    const past = await json(['schedule', 'jp', '--past', '--now', '2030-01-01T00:00:00Z']);
    expect(past.entries.length).toBeGreaterThan(0);
    expect(past.entries.map((e) => e.at)).toEqual([...past.entries.map((e) => e.at)].sort());
  });

  it('answers a bad instant or region with a usage error and a suggestion', async () => {
    expect(await runCli(['schedule', '--now', '2025-10-25 15:00'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining("--now '2025-10-25 15:00' is not an instant with an offset"),
    });
    expect(await runCli(['schedule', 'kx'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining("unknown region 'kx'; did you mean 'kr'?"),
    });
    expect(await runCli(['schedul'])).toMatchObject({ status: 2, stderr: expect.stringContaining("did you mean 'schedule'?") });
  });
});
