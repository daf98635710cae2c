// The `--at boundaries` goal of `npm run bench` (scripts/bench.ts, docs/review.md "Instants"):
// a review of one price change at every schedule boundary of its window (three at the bench's
// instant: de, eu and fr's Black Friday ends, then uk's, then us's) costs at most 3x the plain
// review of the same change, since at each boundary only the pages that differ between the two
// sides then and that the boundary changes are pictured (here: us's two pages showing the price,
// at us's boundary). Interleaved pairs, medians; the first pair, which fills the caches (the
// build's, the base side's pictures), not counted.
//
// On its own: node --import tsx scripts/bench/review-instants.ts [--runs 3]
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from '../../generator/index.ts';
import { writeCatalogue } from './catalogue.ts';
import { median, nodeRunner } from './process.ts';
import type { Run } from './process.ts';

export interface ReviewInstantsBench {
  work: string;
  /** The real content (a copy), in a folder of its own that may already be a git repository. */
  real: { content: string };
  runs: number;
  now: string;
  bin: string;
  run: (script: string, args: readonly string[], cwd?: string, options?: { tree?: boolean }) => Promise<Run>;
  report: (goal: string, measured: string, pass: boolean) => void;
}

export async function reviewInstantGoals(bench: ReviewInstantsBench): Promise<void> {
  const { work, real, run, report, bin, now } = bench;
  const repository = path.dirname(real.content);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=bench@example.com', '-c', 'user.name=Bench', ...args], {
      cwd: repository,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  // The base committed, unless an earlier goal has (scripts/bench.ts's review goal).
  const top = (() => {
    try {
      return git('rev-parse', '--show-toplevel').trim();
    } catch {
      return undefined; // not in a repository
    }
  })();
  if (top !== repository) {
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'base');
  }
  const products = path.join(real.content, 'regions/us/products.yaml');
  const original = await readFile(products, 'utf8');
  const cache = path.join(work, 'cache-review-instants');
  const plain: number[] = [];
  const boundaries: number[] = [];
  try {
    // One price change, the same for both of a pair (a new one each pair: nothing of the working tree's side is kept).
    for (let i = 0; i < bench.runs + 1; i++) {
      await writeFile(products, original.replace(/^ {4}price: 1299$/m, `    price: ${1259 - i}`));
      const review = (out: string, ...more: string[]) =>
        run(bin, ['diff', 'HEAD', '--pictures', '--out', path.join(work, out), '--content', real.content, '--now', now, ...more], work);
      const env = process.env.BUILD_REGION_CACHE_DIR;
      process.env.BUILD_REGION_CACHE_DIR = cache;
      try {
        const a = await review(`review-plain-${i}`);
        const b = await review(`review-boundaries-${i}`, '--at', 'boundaries');
        if (i === 0) continue;
        plain.push(a.wall);
        boundaries.push(b.wall);
      } finally {
        if (env === undefined) delete process.env.BUILD_REGION_CACHE_DIR;
        else process.env.BUILD_REGION_CACHE_DIR = env;
      }
    }
  } finally {
    await writeFile(products, original);
  }
  // What the last review at the boundaries pictured (review.json), to say with the figure.
  const last = JSON.parse(await readFile(path.join(work, `review-boundaries-${bench.runs}`, 'review.json'), 'utf8')) as {
    pictures: { at: string }[];
  };
  const instants = new Set(last.pictures.map((p) => p.at)).size;
  const pictured = `${last.pictures.length} pictures at ${instants} instant${instants === 1 ? '' : 's'}`;
  const ratio = median(boundaries) / median(plain);
  report(
    '`diff --pictures --at boundaries` for one price change with three boundaries in its window <= 3x one plain `diff --pictures` of it',
    `--at boundaries ${median(boundaries).toFixed(2)} s (${pictured}), plain ${median(plain).toFixed(2)} s: ratio ${ratio.toFixed(2)}`,
    ratio <= 3,
  );
}

// Run on its own: the real content in a folder of its own, the bench's instant.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const index = process.argv.indexOf('--runs');
  const runs = index === -1 ? 3 : Number(process.argv[index + 1]);
  const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-bench-'));
  try {
    const bin = path.join(PACKAGE_ROOT, 'bin', 'build-region.js');
    const real = await writeCatalogue(path.join(work, 'real'), { scale: 1, regions: 8 });
    const run = nodeRunner(work, path.join(PACKAGE_ROOT, 'scripts', 'bench', 'measure.js'));
    await reviewInstantGoals({
      work,
      real,
      runs,
      now: '2026-11-22T12:00:00+08:00',
      bin,
      run,
      report: (goal, measured, pass) => console.log(`${pass ? 'PASS' : 'FAIL'}  ${goal}\n      ${measured}`),
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
