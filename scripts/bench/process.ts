// Running the bench's commands (scripts/bench.ts) as whole processes, timed, with their peak
// memory (scripts/bench/measure.js), and the median a figure is.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface Run {
  /** Wall seconds. */
  wall: number;
  /** Peak resident memory of the command's own process, MiB. */
  peak: number;
  /**
   * Peak resident memory of its whole process tree (its child processes too), MiB: `treeMemory`'s,
   * sampled only for a run that asks (`{ tree: true }`); otherwise the command's own peak.
   */
  treePeak: number;
  /** CPU seconds (user and system, its threads and its waited-for child processes). */
  cpu: number;
}

/** How often the process tree's memory is read (a shorter peak between two reads is missed). */
const TREE_SAMPLE_MS = 25;
const PAGE_BYTES = 4096;

/**
 * The resident memory of a process and every process below it (their sum, MiB), from /proc:
 * each process's `statm`, its children from every thread's `children` list. Shared pages count
 * once per process, as the machine's own tools add them.
 */
export async function treeMemory(root: number): Promise<number> {
  let pages = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8').catch(() => undefined);
    if (statm === undefined) continue;
    pages += Number(statm.split(' ')[1]);
    for (const task of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
      const children = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
      pending.push(...children.split(' ').filter(Boolean).map(Number));
    }
  }
  return (pages * PAGE_BYTES) / 2 ** 20;
}

/** The bench's runner of Node commands: `measure` (scripts/bench/measure.js) reports peak memory into a file of `work`. */
export function nodeRunner(work: string, measure: string) {
  /**
   * Runs a command (`node <script> args`) in `cwd`, as a whole process; its wall time and peak
   * memory. With `tree`, its process tree's memory is sampled while it runs: not for a run whose
   * time is a figure. Reading /proc every 25 ms (each process, each of its threads' children)
   * takes CPU from the command measured, the more processes and threads it has: a review with
   * Chromium's took 3.28-3.40 s sampled against 2.72-2.77 s not (four runs each, 2026-11-30).
   */
  async function run(script: string, args: readonly string[], cwd = work, options: { tree?: boolean } = {}): Promise<Run> {
    const rssFile = path.join(work, `rss-${process.hrtime.bigint()}`);
    const started = performance.now();
    let treePeak = 0;
    let sampling = true;
    const status = await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, [measure, script, ...args], {
        cwd,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, BENCH_RSS_FILE: rssFile },
      });
      const sample = async () => {
        while (options.tree && sampling && child.pid !== undefined) {
          treePeak = Math.max(treePeak, await treeMemory(child.pid));
          await new Promise((next) => setTimeout(next, TREE_SAMPLE_MS));
        }
      };
      void sample();
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(0) : reject(new Error(`${path.basename(script)} ${args.join(' ')} exited with ${code}:\n${stderr}`)),
      );
    });
    const wall = (performance.now() - started) / 1000;
    sampling = false;
    const [rss = 0, cpu = 0] = (await readFile(rssFile, 'utf8').catch(() => '0 0')).split(' ').map(Number);
    const peak = rss / 1024;
    void status;
    return { wall, peak, treePeak: Math.max(treePeak, peak), cpu };
  }
  return run;
}

/** Wall seconds of a command (any program, as a shell runs it), which must succeed. */
export async function timeCommand(command: string, args: readonly string[], cwd: string): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr}`)),
    );
  });
  return (performance.now() - started) / 1000;
}

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
