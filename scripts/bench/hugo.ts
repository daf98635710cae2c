import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Hugo from the machine (Debian's package), or undefined when it is not installed. */
export function hugoVersion(): string | undefined {
  const found = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/**
 * A Hugo site of `pages` pages, each a product page with a title, a description, a price, a
 * lead and a few sections of text, under one layout with a header and a footer of links: the
 * shape of the sites' product pages, for Hugo's cost of a page.
 */
async function writeHugoSite(dir: string, pages: number): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'content', 'products'), { recursive: true });
  await mkdir(path.join(dir, 'layouts', '_default'), { recursive: true });
  await writeFile(
    path.join(dir, 'hugo.toml'),
    'baseURL = "https://www.example.com/"\nlanguageCode = "en-us"\ntitle = "Bench"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n',
  );
  const layout = (main: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title><meta name="description" content="{{ .Description }}"></head><body><header><nav>{{ range first 8 (where .Site.RegularPages "Section" "products") }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav></header><main>${main}</main><footer><a href="/">Home</a></footer></body></html>\n`;
  await writeFile(
    path.join(dir, 'layouts', '_default', 'single.html'),
    layout('<h1>{{ .Title }}</h1><p class="price">{{ .Params.price }}</p>{{ .Content }}'),
  );
  await writeFile(
    path.join(dir, 'layouts', '_default', 'list.html'),
    layout('<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>'),
  );
  for (let i = 1; i <= pages; i++) {
    const n = String(i).padStart(4, '0');
    await writeFile(
      path.join(dir, 'content', 'products', `bench-robot-${n}.md`),
      `---\ntitle: "Bench Robot ${n}"\ndescription: "Bench Robot ${n}, a transformable robot."\nprice: ${100 + i}\n---\n\nBench Robot ${n} turns from a robot into a car in twelve steps.\n\n## Features\n\n- Voice commands\n- Programmable moves\n- Twelve-step transformation\n\n## In the box\n\nThe robot, a charging cable and a guide.\n`,
    );
  }
}

/** Wall seconds of a cold `hugo` build of a site of `pages` pages (its output removed first): the median of `runs`. */
export async function hugoBuildTime(work: string, pages: number, runs: number): Promise<number> {
  const dir = path.join(work, `hugo-${pages}`);
  await writeHugoSite(dir, pages);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    await rm(path.join(dir, 'public'), { recursive: true, force: true });
    await rm(path.join(dir, 'resources'), { recursive: true, force: true });
    const started = performance.now();
    execFileSync('hugo', ['--quiet', '--source', dir], { stdio: 'ignore' });
    times.push((performance.now() - started) / 1000);
  }
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}
