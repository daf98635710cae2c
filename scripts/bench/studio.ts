// The studio's goals of `npm run bench` (scripts/bench.ts, docs/performance.md, issue 49): its
// first screen against the live preview's first page, a keystroke's diagnostics against a cached
// `--check` (at 1x and at the grown catalogue), and an edit shown in its preview against Vite's
// hot update of the hello app. Commands run as whole processes, in one Chromium, interleaved.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../preview/chromium.ts';
import { heading, startCommand, until, writeHelloProject } from './dev-loop.ts';
import type { Started } from './dev-loop.ts';
import { median, timeCommand } from './process.ts';
import { PACKAGE_ROOT } from '../../generator/index.ts';

export interface StudioBench {
  work: string;
  /** The real catalogue's content (1x) and the grown one (`scale`x), folders the bench may edit. */
  content: string;
  grown: string;
  scale: number;
  runs: number;
  now: string;
  bin: string;
  report: (goal: string, measured: string, pass: boolean) => void;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const studioAt = /The studio is at (http:\/\/\S+)/;

async function startStudio(bench: StudioBench, content: string): Promise<Started> {
  return startCommand([bench.bin, 'studio', '--content', content, '--now', bench.now, '--port', '0'], bench.work, studioAt);
}

/** From the command's start until its first screen lists the regions (the studio) or its page is hydrated (the preview). */
async function firstScreens(bench: StudioBench, browser: Browser): Promise<{ studio: number; preview: number }> {
  const { work, content, now, bin, runs } = bench;
  const figures = { studio: [] as number[], preview: [] as number[] };
  const first = async (start: () => Promise<Started>, at: (url: string) => string, shown: (page: Page) => Promise<unknown>) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const server = await start();
    try {
      await page.goto(at(server.url));
      await shown(page);
      return performance.now() - server.started;
    } finally {
      await context.close();
      await server.stop();
    }
  };
  const preview = () =>
    startCommand(
      [bin, '--dev', 'us', '--content', content, '--sites', path.join(work, 'sites-studio'), '--now', now, '--port', '0'],
      work,
      /Live preview of us at (http:\/\/\S+)/,
    );
  for (let i = 0; i < runs + 1; i++) {
    const s = await first(
      () => startStudio(bench, content),
      (url) => url,
      (page) => page.waitForSelector('.regions .region', { timeout: 60_000 }),
    );
    const p = await first(
      preview,
      (url) => new URL('/us/faq', url).href,
      (page) => page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 }),
    );
    if (i === 0) continue;
    figures.studio.push(s);
    figures.preview.push(p);
  }
  return { studio: median(figures.studio), preview: median(figures.preview) };
}

/** A keystroke in the YAML view that breaks a link, and one that mends it: until the diagnostics say so. */
async function keystrokes(bench: StudioBench, browser: Browser, content: string): Promise<number[]> {
  const id = 'regions/us/region.yaml';
  const text = await readFile(path.join(content, id), 'utf8');
  const line = text.split('\n').findIndex((l) => l.includes('link: /us/faq')) + 1;
  if (line === 0) throw new Error(`${id} no longer links /us/faq as the bench expects`);
  const studio = await startStudio(bench, content);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(studio.url);
    await page.goto(new URL(`/?file=${encodeURIComponent(id)}&line=${line}`, studio.url).href);
    const status = page.locator('.diagnostics [role="status"]');
    await page.waitForFunction(() => document.activeElement?.classList.contains('cm-content'));
    // The cursor after the link's last letter: found with the editor's search, which selects it.
    await page.keyboard.press('Control+f');
    await page.keyboard.type('/us/faq');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowRight');
    const times: number[] = [];
    for (let i = 0; i < bench.runs + 1; i++) {
      // The last letter of "faq" becomes "x" (a broken link), then "q" again.
      for (const [key, shown] of [
        ['x', /1 error/],
        ['q', /No problems/],
      ] as const) {
        await page.keyboard.press('Backspace');
        const took = await until(
          page,
          () => page.keyboard.press(key),
          () => status.filter({ hasText: shown }).waitFor({ timeout: 60_000 }),
          'diagnostics',
        );
        if (i > 0) times.push(took);
      }
    }
    return times;
  } finally {
    await context.close();
    await studio.stop();
  }
}

/** A cached `--check` of a content folder (after one that fills the cache). */
async function cachedCheck(bench: StudioBench, content: string): Promise<number> {
  await timeCommand(bench.bin, ['--check', '--quiet', '--content', content], PACKAGE_ROOT);
  const times: number[] = [];
  for (let i = 0; i < bench.runs; i++)
    times.push(1000 * (await timeCommand(bench.bin, ['--check', '--quiet', '--content', content], PACKAGE_ROOT)));
  return median(times);
}

/** The FAQ's heading edited in the studio's form: until the preview beside it shows it; and Vite's hot update of the hello app. */
async function previewEdits(bench: StudioBench, browser: Browser): Promise<{ studio: number; vite: number }> {
  const helloDir = path.join(bench.work, 'hello-studio');
  const hello = await writeHelloProject(helloDir);
  const vite = await startCommand(
    [path.join(PACKAGE_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), helloDir, '--host', '127.0.0.1', '--port', '0'],
    helloDir,
    /Local:\s+(http:\/\/\S+)/,
  );
  const studio = await startStudio(bench, bench.content);
  const contexts = [await browser.newContext(), await browser.newContext({ viewport: { width: 1400, height: 900 } })];
  try {
    const [vitePage, studioPage] = [await contexts[0]!.newPage(), await contexts[1]!.newPage()];
    await vitePage.goto(vite.url);
    await heading('Hello, world')(vitePage);
    await studioPage.goto(studio.url);
    await studioPage.goto(new URL(`/?file=${encodeURIComponent('pages/faq/en.yaml')}`, studio.url).href);
    const field = studioPage.locator('#root_heading');
    const frame = studioPage.frameLocator('.preview iframe');
    // The preview's page live (hydrated), as Vite's is before an edit.
    await frame.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    const times = { studio: [] as number[], vite: [] as number[] };
    for (let i = 0; i < bench.runs + 1; i++) {
      const v = await until(
        vitePage,
        () => writeFile(path.join(helloDir, 'Hello.tsx'), hello(`Hello ${i}`)),
        heading(`Hello ${i}, world`),
        "Vite's hot update",
      );
      const text = `Questions answered (${i})`;
      const s = await until(
        studioPage,
        () => field.fill(text),
        () => frame.locator('h1', { hasText: text }).waitFor({ timeout: 20_000 }),
        "the studio's preview",
      );
      if (i === 0) continue;
      times.vite.push(v);
      times.studio.push(s);
    }
    return { studio: median(times.studio), vite: median(times.vite) };
  } finally {
    for (const context of contexts) await context.close();
    await studio.stop();
    await vite.stop();
  }
}

export async function studioGoals(bench: StudioBench): Promise<void> {
  const { report, scale } = bench;
  const browser = await launchChromium();
  try {
    const first = await firstScreens(bench, browser);
    report(
      "the studio's first screen usable (from the command's start until the regions are listed) <= 2x the live preview's first page",
      `studio ${ms(first.studio)}, preview ${ms(first.preview)}: ratio ${(first.studio / first.preview).toFixed(2)}`,
      first.studio <= 2 * first.preview,
    );
    for (const [size, content] of [
      ['1x', bench.content],
      [`${scale}x`, bench.grown],
    ] as const) {
      const check = await cachedCheck(bench, content);
      const keys = median(await keystrokes(bench, browser, content));
      report(
        `a keystroke's diagnostics shown in the studio <= 2x a cached \`--check\` of the same content (${size})`,
        `keystroke ${ms(keys)}, --check ${ms(check)}: ratio ${(keys / check).toFixed(2)}`,
        keys <= 2 * check,
      );
    }
    const edit = await previewEdits(bench, browser);
    report(
      "an edit in the studio's form shown in its preview <= 3x Vite's hot update of a code edit (hello app)",
      `studio ${ms(edit.studio)}, Vite ${ms(edit.vite)}: ratio ${(edit.studio / edit.vite).toFixed(2)}`,
      edit.studio <= 3 * edit.vite,
    );
  } finally {
    await browser.close();
  }
}
