import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRegions, compileContent, listFiles } from '../../generator/index.ts';
import { main } from '../../generator/cli.ts';
import { expectSameBytes, readTree } from '../support/files.ts';

/**
 * Fan-out for CI (docs/cache.md, "Building on several machines"): each region built on its own
 * into a part, and the parts merged, give exactly the output of one build of every region.
 */
const NOW = Date.parse('2026-11-22T12:00:00+08:00');
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-fan-out-'));
afterAll(() => rm(work, { recursive: true, force: true }));
const sites = path.join(work, 'sites');

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const status = await main(args, { cwd: work, isTTY: false, env: {}, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { status, stdout, stderr };
}

describe('a build fanned out over machines', () => {
  it('merges into the bytes of a build of every region', async () => {
    const whole = path.join(work, 'whole');
    expect((await buildRegions({ out: whole, sites, now: NOW })).ok).toBe(true);
    const { model } = await compileContent();
    const parts: string[] = [];
    for (const region of model.regions) {
      const part = path.join(work, `part-${region.data.code}`);
      expect((await buildRegions({ out: part, sites, regions: [region.data.code], now: NOW })).ok).toBe(true);
      parts.push(path.relative(work, part));
    }
    const merged = await cli(['merge', ...parts, '--out', 'merged']);
    expect(merged).toMatchObject({ status: 0, stderr: '' });
    expect(merged.stdout).toMatch(new RegExp(`^Merged ${parts.length} parts into merged \\(\\d+ files\\)\\.`));
    expectSameBytes(await readTree(whole), await readTree(path.join(work, 'merged')));
  });

  it('refuses parts that disagree on a shared file, and writes nothing', async () => {
    await writeFile(path.join(work, 'part-kr', 'schedule.json'), '{}\n');
    const result = await cli(['merge', 'part-kr', 'part-jp', '--out', 'refused']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'build-region merge: schedule.json differs between part-kr and part-jp: build every part from the same content, as of the same instant (--now)',
    );
    expect(await listFiles(path.join(work, 'refused'))).toEqual([]);
  });
});
