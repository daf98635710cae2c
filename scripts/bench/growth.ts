// Goals 5 to 7 of `npm run bench` (scripts/bench.ts, docs/performance.md): the catalogue grown
// (--check, the build's cost per added page, peak memory), and the cost per added page against Hugo's.
import { cp, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeCatalogue } from './catalogue.ts';
import { hugoBuildCost, hugoVersion } from './hugo.ts';
import { median } from './process.ts';
import type { Run } from './process.ts';

export interface GrowthBench {
  /** The bench's work folder. */
  work: string;
  /** The real catalogue, as written by writeCatalogue at scale 1. */
  real: { content: string };
  scale: number;
  runs: number;
  /** The instant the catalogues are built at. */
  now: string;
  /** bin/build-region.js. */
  bin: string;
  run: (script: string, args: readonly string[], cwd?: string, options?: { tree?: boolean }) => Promise<Run>;
  /** A build's arguments for a content folder. */
  build: (content: string, args: readonly string[]) => string[];
  report: (goal: string, measured: string, pass: boolean) => void;
}

export async function growthGoals(bench: GrowthBench): Promise<void> {
  const { work, real, run, build, report } = bench;
  const { scale: SCALE, runs: RUNS, now: NOW, bin: BIN } = bench;
  // 5, 6 and 7. The catalogue grown: --check, the build's cost per added page, peak memory.
  // The step the cost per page is compared with: half the large catalogue. A 10x step (153 pages,
  // 0.3-0.6 s) was within the machine's noise: its ratio swung from 0.5x to 4.5x between runs.
  const HALF = Math.round(SCALE / 2);
  const half = await writeCatalogue(path.join(work, `x${HALF}`), { scale: HALF, regions: 8 });
  const large = await writeCatalogue(path.join(work, `x${SCALE}`), { scale: SCALE, regions: 8 });
  // Interleaved (1x, 50x, 1x, 50x...), each content's parse cache warmed first: the machine's
  // load moves both alike (run one after the other, the ratio swung from 1.03x to 1.59x).
  const check = (content: string) => run(BIN, ['--check', '--quiet', '--content', content]);
  await check(real.content);
  await check(large.content);
  const checks1: number[] = [];
  const checksN: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    checks1.push((await check(real.content)).wall);
    checksN.push((await check(large.content)).wall);
  }
  const check1 = median(checks1);
  const checkN = median(checksN);
  report(
    `--check at ${SCALE}x <= 1.3x its 1x time`,
    `1x ${(check1 * 1000).toFixed(0)} ms, ${SCALE}x ${(checkN * 1000).toFixed(0)} ms: ratio ${(checkN / check1).toFixed(2)}`,
    checkN / check1 <= 1.3,
  );

  // Cold builds, but for the pictures: the drawings' images and the share cards come from a
  // cache holding nothing else, made by one build of the same catalogue. Rendering pictures (in
  // worker processes, on two cores, varying by hundreds of milliseconds) is measured by goal 4
  // and priced below; a page's own cost is its loading, checking, bundling and prerendering,
  // what Hugo's pages cost too (they have no pictures).
  const picturesOf = async (content: string, name: string) => {
    const dir = path.join(work, `pictures-${name}`);
    await run(
      BIN,
      build(content, [
        'us',
        '--out',
        path.join(work, `pictures-out-${name}`),
        '--cache-dir',
        dir,
        '--sites',
        path.join(work, `sites-${name}`),
      ]),
    );
    for (const kind of await readdir(dir)) if (kind !== 'images' && kind !== 'share') await rm(path.join(dir, kind), { recursive: true });
    return dir;
  };
  // One cold build of us from a content folder, its pictures from `pictures` (only `kinds` of them).
  const buildOnce = async (content: string, name: string, pictures: string, kinds: readonly string[], i: number) => {
    const cache = path.join(work, `cache-${name}-${kinds.join('-')}-${i}`);
    await cp(pictures, cache, { recursive: true });
    for (const kind of await readdir(cache)) if (!kinds.includes(kind)) await rm(path.join(cache, kind), { recursive: true });
    return run(
      BIN,
      build(content, ['us', '--out', path.join(work, `${name}-${i}`), '--cache-dir', cache, '--sites', path.join(work, `sites-${name}`)]),
    );
  };
  // Builds of several catalogues, interleaved (1x, 25x, 50x, 1x, 25x...), so that the machine's
  // load moves them alike; the median wall time, the largest peak and every run's wall time of each.
  const buildEach = async (catalogues: readonly { content: string; name: string }[], kinds: readonly string[], runs: number) => {
    const pictures = await Promise.all(catalogues.map((c) => picturesOf(c.content, c.name)));
    const results = catalogues.map(() => [] as Run[]);
    for (let i = 0; i < runs; i++)
      for (const [n, c] of catalogues.entries()) results[n]!.push(await buildOnce(c.content, c.name, pictures[n]!, kinds, i));
    return results.map((r) => ({
      cpus: r.map((x) => x.cpu),
      wall: median(r.map((x) => x.wall)),
      peak: Math.max(...r.map((x) => x.peak)),
      walls: r.map((x) => x.wall),
    }));
  };
  const grown = await buildEach(
    [
      { content: real.content, name: 'x1' },
      { content: half.content, name: `x${HALF}` },
      { content: large.content, name: `x${SCALE}` },
    ],
    ['images', 'share'],
    Math.max(5, RUNS),
  );
  const [base, mid, big] = [grown[0]!, grown[1]!, grown[2]!];
  // A page's cost from each run's own builds (made one after the other), then the median: medians
  // taken apart swung the ratio from 0.6 to 1.5.
  const perPageHalf = median(mid.walls.map((wall, i) => (wall - base.walls[i]!) / half.addedPages));
  const perPageN = median(big.walls.map((wall, i) => (wall - base.walls[i]!) / large.addedPages));
  report(
    `the build's cost per added page does not grow: ${SCALE}x <= 1.2x the ${HALF}x cost`,
    `us at 1x ${base.wall.toFixed(1)} s, ${HALF}x (+${half.addedPages} pages) ${mid.wall.toFixed(1)} s, ${SCALE}x (+${large.addedPages} pages) ${big.wall.toFixed(1)} s: ` +
      `${(perPageHalf * 1000).toFixed(1)} and ${(perPageN * 1000).toFixed(1)} ms a page, ratio ${(perPageN / perPageHalf).toFixed(2)}`,
    perPageN / perPageHalf <= 1.2,
  );
  // Peak memory of a cold build (an empty cache: the pictures rendered too, in their worker
  // processes), the whole process tree, sampled from /proc (scripts/bench/process.ts `treeMemory`).
  const colds: Run[] = [];
  for (let i = 0; i < Math.min(RUNS, 3); i++) {
    const out = (name: string) => path.join(work, `cold-tree-${name}-${i}`);
    colds.push(
      await run(BIN, build(large.content, ['us', '--out', out('out'), '--cache-dir', out('cache'), '--sites', out('sites')]), undefined, {
        tree: true,
      }),
    );
  }
  const coldTree = Math.max(...colds.map((r) => r.treePeak));
  report(
    `peak memory of a cold ${SCALE}x build of us, its whole process tree <= 500 MiB`,
    `${coldTree.toFixed(0)} MiB (its own process ${Math.max(...colds.map((r) => r.peak)).toFixed(0)} MiB; with the pictures cached, its own process ${big.peak.toFixed(0)} MiB; ` +
      `cold build ${median(colds.map((r) => r.wall)).toFixed(1)} s)`,
    coldTree <= 500,
  );

  // The cost per added page against Hugo's (Debian's package) on a site of the same pages
  // (scripts/bench/hugo.ts): CPU decides (both use every core), wall time beside it.
  const hugo = hugoVersion();
  const hugoGoal = `the build's cost per added page at ${SCALE}x <= 2x Hugo's on a site of the same page shape (CPU time)`;
  if (!hugo) report(hugoGoal, 'not measured: Hugo is not installed (apt-get install hugo)', false);
  else {
    const { compileContent } = await import('../../generator/index.ts');
    const us = (await compileContent({ content: real.content, now: Date.parse(NOW) })).model.regions.find(
      (r) => r.data.code === 'us',
    )!.data;
    const pages1 = us.routes.length;
    const pagesN = pages1 + large.addedPages;
    const region = { navs: us.navs, footerNavs: us.footerNavs, media: us.media, company: us.company, copyright: us.copyright };
    const hugo1 = await hugoBuildCost(work, pages1, RUNS, region);
    const hugoN = await hugoBuildCost(work, pagesN, RUNS, region);
    // The same page from both: their bytes and elements, for a reader to judge the likeness.
    const weigh = async (file: string) => {
      const html = await readFile(file, 'utf8');
      return `${(html.length / 1024).toFixed(1)} KB, ${html.match(/<[a-z][a-z0-9-]*/g)?.length ?? 0} elements`;
    };
    console.log(
      `info  an added page: the sites' ${await weigh(path.join(work, `x${SCALE}-0`, 'us', 'bench-robot-0001', 'index.html'))}; ` +
        `Hugo's ${await weigh(path.join(work, `hugo-${pagesN}`, 'public', 'products', 'bench-robot-0001', 'index.html'))}`,
    );
    const hugoPage = { wall: (hugoN.wall - hugo1.wall) / large.addedPages, cpu: (hugoN.cpu - hugo1.cpu) / large.addedPages };
    const cpuPerPage = median(big.cpus.map((cpu, i) => (cpu - base.cpus[i]!) / large.addedPages));
    const ms = (seconds: number) => `${(seconds * 1000).toFixed(2)} ms`;
    report(
      hugoGoal,
      `us ${ms(cpuPerPage)} CPU (${ms(perPageN)} wall) a page; ${hugo.split(' ')[0]} ${ms(hugoPage.cpu)} CPU (${ms(hugoPage.wall)} wall) a page ` +
        `(${pages1} pages ${hugo1.cpu.toFixed(2)} s CPU, ${pagesN} pages ${hugoN.cpu.toFixed(2)} s CPU): ratio ${(cpuPerPage / hugoPage.cpu).toFixed(2)} CPU, ${(perPageN / hugoPage.wall).toFixed(2)} wall`,
      cpuPerPage <= 2 * hugoPage.cpu,
    );
    // What the pictures add: the same builds with the share cards rendered (the drawings cached).
    const cards = await buildEach(
      [
        { content: real.content, name: 'x1' },
        { content: large.content, name: `x${SCALE}` },
      ],
      ['images'],
      1,
    );
    const [baseCards, bigCards] = [cards[0]!, cards[1]!];
    console.log(
      `info  with its share card rendered, a page at ${SCALE}x costs ${(((bigCards.wall - baseCards.wall) / large.addedPages) * 1000).toFixed(2)} ms (1x ${baseCards.wall.toFixed(1)} s, ${SCALE}x ${bigCards.wall.toFixed(1)} s)`,
    );
  }
}
