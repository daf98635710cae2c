// npm run bench: prints how long the pipeline's stages take on this machine. Not a test:
// figures vary with load, so nothing here passes or fails.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildRegions, compileContent } from '../generator/build.ts';
import { emitSites } from '../generator/emit.ts';

const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-bench-'));
let run = 0;

async function time<T>(label: string, task: () => Promise<T>, repeat = 3): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  console.log(`${label.padEnd(34)} median ${median.toFixed(0).padStart(6)} ms   (min ${samples[0]!.toFixed(0)}, max ${samples.at(-1)!.toFixed(0)}, n=${repeat})`);
  return median;
}

const build = (regions?: ('us' | 'cn')[]) => async () => {
  const out = path.join(work, `dist-${++run}`);
  const result = await buildRegions({ out, sites: path.join(work, 'sites'), regions });
  if (!result.ok) throw new Error('content has errors');
};

try {
  await build(['us'])(); // warm-up: module loading and the first Vite start
  await time('check (load+validate+resolve)', () => compileContent(), 5);
  const { model } = await compileContent();
  await time('emit region modules (8 regions)', () => emitSites(model, path.join(work, 'sites')), 5);
  const one = await time('build one region (us)', build(['us']));
  const all = await time('build all eight regions', build());
  console.log(`all eight / one region: ${(all / one).toFixed(2)}x (goal: at most 2x)`);
} finally {
  await rm(work, { recursive: true, force: true });
}
