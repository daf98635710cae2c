import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { PACKAGE_ROOT } from '../../generator/index.ts';

/**
 * Runs a script (TypeScript, through tsx) in a process of its own and kills it outright
 * (SIGKILL: no chance to clean up) once it has made `made` renames of a switch (files/commit.ts):
 * the script's `onMove` is `KILL_POINT(made)`, which says `stop` and waits forever. Resolves once
 * the process is dead; rejects when the script ends before that point.
 */
export async function killAtMove(script: string, lines: readonly string[], made: number): Promise<void> {
  const point = `async (made) => { if (made === ${made}) { process.stdout.write('stop\\n'); await new Promise(() => {}); } }`;
  await writeFile(script, [...lines.map((line) => line.replace('KILL_POINT', point)), "process.stdout.write('done\\n');"].join('\n'));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: PACKAGE_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('stop')) resolve();
      if (chunk.toString().includes('done')) reject(new Error(`the script ended before ${made} renames`));
    });
    child.on('exit', () => reject(new Error('the script ended on its own')));
  });
  child.kill('SIGKILL');
  await exited;
}
