import { spawnSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { PACKAGE_ROOT } from '../../generator/index.ts';

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

/**
 * A Hugo site of `pages` product pages of the same shape and weight as the sites' own (what
 * scripts/bench/catalogue.ts adds to us: the flagship page's text under another name): each with
 * its head (title, description, keywords), the header's navigation, the buy box (name, price,
 * shop link), heading and lead, the sections, the specs table, the gallery with its captions, the
 * footer's newsletter form and links, and the sites' stylesheet inline (as the sites carry it).
 * The navigation is the site's own list (a menu of the configuration): it costs the same on
 * every page however many pages there are, as the sites' header does.
 */
async function writeHugoSite(dir: string, pages: number): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const folder of ['content/products', 'layouts/_default', 'assets']) await mkdir(path.join(dir, folder), { recursive: true });
  const nav = ['Home', 'Products', 'AI Base', 'Manuals', 'Support', 'FAQ', 'Where to buy', 'Choose your region'];
  await writeFile(
    path.join(dir, 'hugo.toml'),
    [
      'baseURL = "https://www.example.com/"',
      'languageCode = "en-us"',
      'title = "Axlebot"',
      'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]',
      ...nav.flatMap((name, i) => [
        '[[menus.main]]',
        `name = "${name}"`,
        `url = "/${i === 0 ? '' : name.toLowerCase().replace(/ /g, '-')}"`,
        `weight = ${i}`,
      ]),
      '',
    ].join('\n'),
  );
  await writeFile(path.join(dir, 'assets', 'styles.css'), await readFile(path.join(PACKAGE_ROOT, 'runtime', 'styles.css'), 'utf8'));
  const layout = (main: string) =>
    [
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
      '<title>{{ .Title }}</title><meta name="description" content="{{ .Description }}"><meta name="keywords" content="{{ delimit (.Params.keywords | default slice) ", " }}">',
      '<link rel="canonical" href="{{ .Permalink }}">{{ with resources.Get "styles.css" }}<style>{{ .Content | safeCSS }}</style>{{ end }}</head>',
      '<body><header class="site-header"><div class="bar"><a class="brand" href="/">{{ .Site.Title }}</a><nav aria-label="Main"><ul>',
      '{{ range .Site.Menus.main }}<li><a href="{{ .URL }}">{{ .Name }}</a></li>{{ end }}</ul></nav></div></header>',
      `<main id="main">${main}</main>`,
      '<footer class="site-footer"><form class="newsletter" action="/subscribe" method="post"><label for="email">Email address for the newsletter</label>',
      '<input id="email" name="email" type="email" autocomplete="email" required><button type="submit">Subscribe</button></form>',
      '<ul>{{ range .Site.Menus.main }}<li><a href="{{ .URL }}">{{ .Name }}</a></li>{{ end }}</ul><p>© Axlebot</p></footer></body></html>',
      '',
    ].join('');
  await writeFile(
    path.join(dir, 'layouts', '_default', 'single.html'),
    layout(
      [
        '<section class="buy" id="buy"><p class="name">{{ .Params.name }}</p><p class="price">${{ lang.FormatNumber 2 .Params.price }}</p>',
        '{{ with .Params.buy }}<a class="buy-now" href="{{ . }}">Buy now</a>{{ else }}<p>Sold out</p>{{ end }}</section>',
        '<article class="content-page"><h1 id="page-heading">{{ .Params.heading }}</h1><p class="lead">{{ .Params.lead }}</p>',
        '{{ range $i, $s := .Params.sections }}<section id="section-{{ add $i 1 }}"><h2>{{ $s.heading }}</h2><p>{{ $s.text }}</p></section>{{ end }}',
        '<section class="specs" id="specs"><h2>Specifications</h2><table>{{ range .Params.specs }}<tr><th scope="row">{{ .label }}</th><td>{{ .value }}</td></tr>{{ end }}</table></section>',
        '<section class="gallery" id="gallery"><h2>Gallery</h2><ul>{{ range .Params.gallery }}<li><figure><img src="/images/{{ .image }}.svg" alt="{{ .alt }}" width="640" height="400" loading="lazy"><figcaption>{{ .caption }}</figcaption></figure></li>{{ end }}</ul></section>',
        '</article>',
      ].join(''),
    ),
  );
  await writeFile(
    path.join(dir, 'layouts', '_default', 'list.html'),
    layout('<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>'),
  );
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
      price: 100 + i,
      buy: i % 7 === 0 ? '' : `https://shop.example.com/us/bench-robot-${number}`,
    };
    await writeFile(path.join(dir, 'content', 'products', `bench-robot-${number}.md`), `---\n${stringify(data)}---\n`);
  }
}

/** A cold `hugo` build of a site of `pages` pages (its output removed first), each `runs` times: the median wall time and CPU time. */
export async function hugoBuildCost(work: string, pages: number, runs: number): Promise<Cost> {
  const dir = path.join(work, `hugo-${pages}`);
  await writeHugoSite(dir, pages);
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
