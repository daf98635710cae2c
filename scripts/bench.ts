// npm run bench [-- --scale 50] [-- --regions 40] [-- --runs 5] [-- --browser [--lighthouse-runs 5]]
//
// Times the compiler and weighs and times the pages against their goals (docs/performance.md),
// each as a ratio to a baseline measured in the same run, interleaved with it (baseline,
// subject, baseline...) where the two are timed, and prints what it measured, its baseline and
// PASS or FAIL per goal. Commands run as whole processes, as a maintainer or CI runs them; each
// figure is the median of several runs. Not a test: the figures vary with the machine's load.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PACKAGE_ROOT } from '../generator/index.ts';
import { writeCatalogue } from './bench/catalogue.ts';
import { growthGoals } from './bench/growth.ts';
import { importGoals } from './bench/import.ts';
import { devLoopGoals } from './bench/dev-loop.ts';
import { reviewInstantGoals } from './bench/review-instants.ts';
import { studioGoals } from './bench/studio.ts';
import { studioReviewGoals } from './bench/studio-review.ts';
import { median, nodeRunner, timeCommand } from './bench/process.ts';

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const SCALE = option('--scale', 50);
const REGIONS = option('--regions', 40);
const RUNS = option('--runs', 5);
/** Also the Lighthouse goals (several minutes): mobile performance of home, product and login pages. */
const BROWSER = process.argv.includes('--browser');
const NOW = '2026-11-22T12:00:00+08:00';
const BIN = path.join(PACKAGE_ROOT, 'bin', 'build-region.js');
const MEASURE = path.join(PACKAGE_ROOT, 'scripts', 'bench', 'measure.js');
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-bench-'));

const run = nodeRunner(work, MEASURE);
const results: { goal: string; value: string; pass: boolean }[] = [];

function report(goal: string, measured: string, pass: boolean): void {
  results.push({ goal, value: measured, pass });
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${goal}\n      ${measured}`);
}

const build = (content: string, args: readonly string[]) => [...args, '--content', content, '--now', NOW, '--quiet'];

try {
  const cores = os.availableParallelism();
  console.log(
    `build-region benchmark: ${cores} cores, Node ${process.version}, ${RUNS} runs a figure, scale ${SCALE}x, ${REGIONS} regions\n`,
  );
  // The commands' bundle is made on the first start after a source change: not part of any figure.
  execFileSync(process.execPath, [BIN, '--check', '--quiet'], { cwd: PACKAGE_ROOT });

  // 1. An uncached --check (a content file changed before each), as the README shows it (the
  // command's own file, bin/build-region.js), against the cost of starting Node at all, in interleaved pairs.
  const real = await writeCatalogue(path.join(work, 'real'), { scale: 1, regions: 8 });
  const checks: number[] = [];
  const nodes: number[] = [];
  const empty = path.join(work, 'empty.js');
  await writeFile(empty, '');
  const touched = path.join(real.content, 'regions/us/products.yaml');
  const untouched = await readFile(touched, 'utf8');
  for (let i = 0; i < RUNS + 2; i++) {
    nodes.push((await run(empty, [])).wall);
    await writeFile(touched, `${untouched}# changed ${i}\n`);
    checks.push(await timeCommand(BIN, ['--check', '--quiet', '--content', real.content], PACKAGE_ROOT));
  }
  await writeFile(touched, untouched);
  const check = median(checks);
  const node = median(nodes);
  report(
    '`bin/build-region.js --check` (uncached: a content file changed) <= 2x `node -e 0` + 300 ms',
    `check ${(check * 1000).toFixed(0)} ms, node ${(node * 1000).toFixed(0)} ms: limit ${((2 * node + 0.3) * 1000).toFixed(0)} ms`,
    check <= 2 * node + 0.3,
  );

  // 2 and 3. One region (us): cold (an empty cache), again with nothing changed, after one price change.
  const cold: number[] = [];
  const same: number[] = [];
  const priced: number[] = [];
  const products = path.join(real.content, 'regions/us/products.yaml');
  const original = await readFile(products, 'utf8');
  for (let i = 0; i < RUNS; i++) {
    const cache = path.join(work, `cache-us-${i}`);
    const args = (out: string) =>
      build(real.content, ['us', '--out', path.join(work, out), '--cache-dir', cache, '--sites', path.join(work, 'sites-us')]);
    await writeFile(products, original);
    cold.push((await run(BIN, args(`us-cold-${i}`))).wall);
    same.push((await run(BIN, args(`us-same-${i}`))).wall);
    await writeFile(products, original.replace(/^ {4}price: 1299$/m, `    price: ${1289 - i}`));
    priced.push((await run(BIN, args(`us-priced-${i}`))).wall);
  }
  await writeFile(products, original);
  const coldUs = median(cold);
  report(
    'a rebuild of us with nothing changed <= 0.25x its cold build',
    `cold ${coldUs.toFixed(2)} s, unchanged ${median(same).toFixed(2)} s: ratio ${(median(same) / coldUs).toFixed(2)}`,
    median(same) / coldUs <= 0.25,
  );
  report(
    'a rebuild of us after one price change <= 0.4x its cold build',
    `cold ${coldUs.toFixed(2)} s, one price changed ${median(priced).toFixed(2)} s: ratio ${(median(priced) / coldUs).toFixed(2)}`,
    median(priced) / coldUs <= 0.4,
  );

  // 3b. Review pictures (docs/review.md): `diff --pictures` for one price change in us against a
  // cached rebuild of us, in interleaved pairs; the content a git repository, its base committed.
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=bench@example.com', '-c', 'user.name=Bench', ...args], { cwd: path.dirname(real.content) });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'base');
  const reviews: number[] = [];
  const rebuilds: number[] = [];
  const reviewCache = path.join(work, 'cache-review');
  for (let i = 0; i < RUNS + 1; i++) {
    await writeFile(products, original.replace(/^ {4}price: 1299$/m, `    price: ${1279 - i}`));
    rebuilds.push(
      (
        await run(
          BIN,
          build(real.content, [
            'us',
            '--out',
            path.join(work, `us-review-${i}`),
            '--cache-dir',
            reviewCache,
            '--sites',
            path.join(work, 'sites-review'),
          ]),
        )
      ).wall,
    );
    const review = await run(
      BIN,
      ['diff', 'HEAD', '--pictures', '--out', path.join(work, `review-${i}`), '--content', real.content, '--now', NOW],
      work,
    );
    // The first pair fills the caches (the base side's pictures, the build's): not counted.
    if (i > 0) reviews.push(review.wall);
    else rebuilds.pop();
  }
  await writeFile(products, original);
  const reviewRatio = median(reviews) / median(rebuilds);
  report(
    '`diff --pictures` after one price change <= 3x a cached rebuild of that region',
    `diff --pictures ${median(reviews).toFixed(2)} s, cached rebuild of us ${median(rebuilds).toFixed(2)} s: ratio ${reviewRatio.toFixed(2)}`,
    reviewRatio <= 3,
  );

  // 3c. The same change reviewed at every schedule boundary of its window (scripts/bench/review-instants.ts).
  await reviewInstantGoals({ work, real, runs: RUNS, now: NOW, bin: BIN, run, report });

  // 4. Images: a cold build of every region against the same build with its images cached.
  const coldAll: number[] = [];
  const imagesCached: number[] = [];
  for (let i = 0; i < Math.min(RUNS, 3); i++) {
    const cache = path.join(work, `cache-all-${i}`);
    coldAll.push(
      (
        await run(
          BIN,
          build(real.content, [
            '--all',
            '--out',
            path.join(work, `all-cold-${i}`),
            '--cache-dir',
            cache,
            '--sites',
            path.join(work, 'sites-all-cold'),
          ]),
        )
      ).wall,
    );
    for (const kind of await readdir(cache)) if (kind !== 'images') await rm(path.join(cache, kind), { recursive: true });
    imagesCached.push(
      (
        await run(
          BIN,
          build(real.content, [
            '--all',
            '--out',
            path.join(work, `all-images-${i}`),
            '--cache-dir',
            cache,
            '--sites',
            path.join(work, 'sites-all-cold'),
          ]),
        )
      ).wall,
    );
  }
  const imageRatio = median(coldAll) / median(imagesCached);
  report(
    'a cold build of every region <= 1.6x the same build with its images cached',
    `cold ${median(coldAll).toFixed(2)} s, images cached ${median(imagesCached).toFixed(2)} s: ratio ${imageRatio.toFixed(2)}`,
    imageRatio <= 1.6,
  );

  await growthGoals({ work, real, scale: SCALE, runs: RUNS, now: NOW, bin: BIN, run, build, report });

  // A translator's file near import's size limit: memory and time.
  await importGoals({ work, real, runs: RUNS, bin: BIN, run, report });

  // The live preview (`--dev`) against Vite's own dev server: an edit, the first page, an error.
  await devLoopGoals({ work, content: real.content, runs: RUNS, now: NOW, bin: BIN, report });

  // The studio (issue 49): its first screen, a keystroke's diagnostics at 1x and SCALEx, an edit in its preview.
  const grown = await writeCatalogue(path.join(work, 'studio-grown'), { scale: SCALE, regions: 8 });
  const studioBench = { work, content: real.content, grown: grown.content, scale: SCALE, runs: RUNS, now: NOW, bin: BIN, report };
  await studioGoals(studioBench);
  // The studio for translators and reviewers (issue 50): side by side, and the page at a chosen instant.
  await studioReviewGoals(studioBench);

  // The number of regions: how a build of all of them grows (reported, no goal).
  const many = await writeCatalogue(path.join(work, `r${REGIONS}`), { scale: 1, regions: REGIONS });
  const all8 = await run(
    BIN,
    build(real.content, ['--all', '--out', path.join(work, 'all-8'), '--no-cache', '--sites', path.join(work, 'sites-all-8')]),
  );
  const allN = await run(
    BIN,
    build(many.content, [
      '--all',
      '--out',
      path.join(work, `all-${REGIONS}`),
      '--no-cache',
      '--sites',
      path.join(work, `sites-all-${REGIONS}`),
    ]),
  );
  console.log(
    `info  every region built: 8 regions ${all8.wall.toFixed(1)} s (${all8.peak.toFixed(0)} MiB), ${REGIONS} regions ${allN.wall.toFixed(1)} s (${allN.peak.toFixed(0)} MiB): ` +
      `${((allN.wall - all8.wall) / (REGIONS - 8)).toFixed(2)} s an added region`,
  );

  // 8. HTML: every page of every region within one initial congestion window (14 KB compressed,
  // gzip at the level the sites are served with).
  const allDir = path.join(work, 'all-8');
  const htmlFiles: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'assets' && entry.name !== 'static' && entry.name !== 'images')
        await walk(path.join(dir, entry.name));
      else if (entry.isFile() && entry.name.endsWith('.html')) htmlFiles.push(path.join(dir, entry.name));
    }
  };
  await walk(allDir);
  const htmlSizes = await Promise.all(
    htmlFiles.map(async (file) => ({ page: `/${path.relative(allDir, file)}`, gzip: gzipSync(await readFile(file)).length })),
  );
  const largestHtml = htmlSizes.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  report(
    "every page's HTML <= 14 KB gzip",
    `${htmlSizes.length} pages; largest ${largestHtml.page} ${(largestHtml.gzip / 1024).toFixed(1)} KB`,
    largestHtml.gzip <= 14 * 1024,
  );

  // With --browser, in Chromium: what visits fetch, client navigation, first paint (Lighthouse).
  if (BROWSER) {
    const { browserGoals } = await import('./bench/browser-report.ts');
    await browserGoals({
      work,
      allDir,
      content: real.content,
      now: NOW,
      runs: RUNS,
      scale: SCALE,
      lighthouseRuns: option('--lighthouse-runs', Math.max(5, RUNS)),
      report,
    });
  }

  const failed = results.filter((r) => !r.pass).length;
  console.log(`\n${results.length - failed} of ${results.length} goals pass.`);
  process.exitCode = failed ? 1 : 0;
} finally {
  await rm(work, { recursive: true, force: true });
}
