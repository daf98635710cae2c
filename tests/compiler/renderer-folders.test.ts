import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepAbandonedRenderers } from '../../generator/bundle/server-renderer.ts';

/**
 * The server renderer's private folders (generator/bundle/server-renderer.ts): a process removes its
 * own as it exits; one that was killed cannot, and the next renderer loaded removes it.
 */
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-renderer-folders-'));
afterAll(() => rm(work, { recursive: true, force: true }));

describe("the server renderer's folders", () => {
  it('are removed once their process has ended, never while it runs, and nothing else is', async () => {
    // A process that has ended: its id is free.
    const ended = spawnSync(process.execPath, ['-e', '0']).pid!;
    const folders = {
      ended: `ssr-${ended}-1-1795767329491`,
      running: `ssr-${process.pid}-1-1795767329491`,
      parent: `ssr-${process.ppid}-2-1795767329491`,
      other: 'cli',
    };
    for (const name of Object.values(folders)) await mkdir(path.join(work, name, 'assets'), { recursive: true });
    sweepAbandonedRenderers(work);
    expect(existsSync(path.join(work, folders.ended))).toBe(false);
    for (const name of [folders.running, folders.parent, folders.other]) expect(existsSync(path.join(work, name)), name).toBe(true);
  });
});
