import { spawnSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { transform } from 'esbuild';
import { parse, stringify } from 'yaml';
import { PACKAGE_ROOT } from '../../generator/index.ts';
import { HUGO_CONFIG, hugoLayouts } from './hugo-layout.ts';

/** Hugo from the machine (Debian's package: `apt-get install hugo`), or undefined when it is not installed. */
export function hugoVersion(): string | undefined {
  const found = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/** A build's cost: wall seconds and CPU seconds (user and system, its child processes included). */
export interface Cost {
  wall: number;
  cpu: number;
}

/** What Hugo's site takes of the us region as compiled: its header's and footer's links, company and media. */
export interface HugoRegion {
  navs: readonly {
    label: string;
    link?: string;
    identify?: string;
    children: readonly { label: string; link?: string; identify?: string }[];
  }[];
  footerNavs: readonly { label: string; links: readonly { label: string; link: string }[] }[];
  media: readonly { network: string; link: string }[];
  company: { name: string; address: readonly string[] };
  copyright: string;
}

/**
 * A Hugo site of `pages` product pages of the same shape and weight as the sites' own (what
 * scripts/bench/catalogue.ts adds to us: the flagship page's text under another name), written
 * by scripts/bench/hugo-layout.ts: the same head (its meta tags, the loader, four JSON-LD blocks,
 * the route data, the speculation rules and the stylesheet inline), the same header (the region's
 * navigation and its menus, ranged over from data on every page: O(1) a page however many pages
 * there are, as the sites' header), the same main (banner and buy box with its installment, the
 * sections' menu, the sections, the specs, the gallery) and the same footer (the newsletter form,
 * the link columns, the address, the media links), and a JSON file of each page's text beside it
 * (the sites' text file). The bench prints both pages' bytes and elements.
 */
async function writeHugoSite(dir: string, pages: number, region: HugoRegion): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const folder of ['content/products', 'layouts/_default', 'layouts/partials', 'assets', 'data'])
    await mkdir(path.join(dir, folder), { recursive: true });
  await writeFile(path.join(dir, 'hugo.toml'), HUGO_CONFIG);
  // The header's and footer's links as data: every page ranges over them, as the sites' header does.
  await writeFile(path.join(dir, 'data', 'region.json'), JSON.stringify(region));
  await writeFile(path.join(dir, 'assets', 'styles.css'), await readFile(path.join(PACKAGE_ROOT, 'runtime', 'styles.css'), 'utf8'));
  // The pages' inline scripts as the sites carry them (the loader, minified, and the speculation rules).
  const loader = await transform(await readFile(path.join(PACKAGE_ROOT, 'templates', 'app-loader.js'), 'utf8'), {
    minify: true,
    target: 'es2017',
  });
  await writeFile(path.join(dir, 'layouts', 'partials', 'loader.html'), `<script>${loader.code.trim()}</script>`);
  for (const [file, text] of Object.entries(hugoLayouts())) await writeFile(path.join(dir, 'layouts', ...file.split('/')), text);
  // The page's text as the catalogue's added pages have it (the flagship's, under another name).
  const page = parse(await readFile(path.join(PACKAGE_ROOT, 'content', 'pages', 'flagship-bumblebee', 'en.yaml'), 'utf8')) as Record<
    string,
    unknown
  >;
  for (let i = 1; i <= pages; i++) {
    const number = String(i).padStart(4, '0');
    const data = {
      ...page,
      title: `Bench Robot ${number} | Axlebot`,
      heading: `Bench Robot ${number}`,
      name: `Bench Robot ${number}`,
      key: `benchRobot${number}`,
      price: 100 + i,
      buy: i % 7 === 0 ? '' : `https://shop.example.com/us/bench-robot-${number}`,
    };
    await writeFile(path.join(dir, 'content', 'products', `bench-robot-${number}.md`), `---\n${stringify(data)}---\n`);
  }
}

/** A cold `hugo` build of a site of `pages` pages (its output removed first), each `runs` times: the median wall time and CPU time. */
export async function hugoBuildCost(work: string, pages: number, runs: number, region: HugoRegion): Promise<Cost> {
  const dir = path.join(work, `hugo-${pages}`);
  await writeHugoSite(dir, pages, region);
  const costs: Cost[] = [];
  for (let run = 0; run < runs; run++) {
    await rm(path.join(dir, 'public'), { recursive: true, force: true });
    await rm(path.join(dir, 'resources'), { recursive: true, force: true });
    const started = performance.now();
    // The shell's own CPU times after Hugo ended hold Hugo's (a waited-for child's): fields 16 and 17 of /proc/<pid>/stat.
    const found = spawnSync('bash', ['-c', 'hugo --quiet --source "$1" >/dev/null && cat /proc/$$/stat', 'bash', dir], {
      encoding: 'utf8',
    });
    const wall = (performance.now() - started) / 1000;
    if (found.status !== 0) throw new Error(`hugo failed on ${dir}:\n${found.stderr}`);
    const fields = found.stdout.slice(found.stdout.lastIndexOf(')') + 2).split(' ');
    costs.push({ wall, cpu: (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { wall: median(costs.map((c) => c.wall)), cpu: median(costs.map((c) => c.cpu)) };
}

/** Clock ticks a second of /proc's times (Linux's USER_HZ). */
const CLOCK_TICKS = 100;
