// Running the bench's commands (scripts/bench.ts) as whole processes, timed, with their peak
// memory (scripts/bench/measure.js), and the median a figure is.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface Run {
  /** Wall seconds. */
  wall: number;
  /** Peak resident memory, MiB. */
  peak: number;
}

/** The bench's runner of Node commands: `measure` (scripts/bench/measure.js) reports peak memory into a file of `work`. */
export function nodeRunner(work: string, measure: string) {
  /** Runs a command (`node <script> args`) in `cwd`, as a whole process; its wall time and peak memory. */
  async function run(script: string, args: readonly string[], cwd = work): Promise<Run> {
    const rssFile = path.join(work, `rss-${process.hrtime.bigint()}`);
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, [measure, script, ...args], {
        cwd,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, BENCH_RSS_FILE: rssFile },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(0) : reject(new Error(`${path.basename(script)} ${args.join(' ')} exited with ${code}:\n${stderr}`)),
      );
    });
    const wall = (performance.now() - started) / 1000;
    const peak = Number(await readFile(rssFile, 'utf8').catch(() => '0')) / 1024;
    void status;
    return { wall, peak };
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
