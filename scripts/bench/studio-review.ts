// The goals of the studio for translators and reviewers in `npm run bench` (scripts/bench.ts,
// docs/performance.md, issue 50): a page's texts side by side in every locale against a cached
// `build-region translations`, and the page at a chosen instant (a still) against the live
// preview's first render of that page. Commands run as whole processes, interleaved.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { PACKAGE_ROOT } from '../../generator/index.ts';
import { launchChromium } from '../../preview/chromium.ts';
import { startCommand } from './dev-loop.ts';
import { median, timeCommand } from './process.ts';
import type { StudioBench } from './studio.ts';

const ms = (value: number) => `${value.toFixed(0)} ms`;
/** Two page sources shown in turn, so that each choice renders every row anew. */
const SOURCES = ['pages/mini-robot/en.yaml', 'pages/flagship-megatron/en.yaml'];

/** A cached `build-region translations` (after one that fills the cache). */
async function cachedStatus(bench: StudioBench): Promise<number> {
  const args = ['translations', '--content', bench.content];
  await timeCommand(bench.bin, args, PACKAGE_ROOT);
  const times: number[] = [];
  for (let i = 0; i < bench.runs; i++) times.push(1000 * (await timeCommand(bench.bin, args, PACKAGE_ROOT)));
  return median(times);
}

/** From choosing a page source on the Translations screen until its every key's row shows each locale's field. */
async function sideBySide(bench: StudioBench, browser: Browser): Promise<number> {
  const studio = await startCommand(
    [bench.bin, 'studio', '--content', bench.content, '--now', bench.now, '--port', '0'],
    bench.work,
    /The studio is at (http:\/\/\S+)/,
  );
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(studio.url);
    await page.goto(new URL('/?translations=', studio.url).href);
    const picker = page.getByLabel('Source file');
    await picker.locator('option', { hasText: SOURCES[0]! }).waitFor({ state: 'attached', timeout: 60_000 });
    const times: number[] = [];
    for (let i = 0; i < 2 * bench.runs + 2; i++) {
      const source = SOURCES[i % 2]!;
      const started = performance.now();
      await picker.selectOption(source);
      // Every row, each with its locales' fields: the screen as the translator reads it.
      await page.waitForFunction(
        (id) => {
          const title = document.querySelector('h1')?.textContent ?? '';
          const rows = [...document.querySelectorAll('.translation-row')];
          return title.endsWith(id) && rows.length > 0 && rows.every((row) => row.querySelector('fieldset textarea'));
        },
        source,
        { timeout: 60_000 },
      );
      if (i >= 2) times.push(performance.now() - started);
    }
    return median(times);
  } finally {
    await context.close();
    await studio.stop();
  }
}

/**
 * The live preview's first render of a page (its first request on a fresh `--dev`, until its
 * HTML is in), and then the same page at another instant (a still: the content compiled at that
 * instant, rendered without scripts), each as the time until the HTML is in.
 */
async function stills(bench: StudioBench): Promise<{ first: number; still: number }> {
  const figures = { first: [] as number[], still: [] as number[] };
  const now = Date.parse(bench.now);
  for (let i = 0; i < bench.runs + 1; i++) {
    const preview = await startCommand(
      [
        bench.bin,
        '--dev',
        'us',
        '--content',
        bench.content,
        '--sites',
        path.join(bench.work, 'sites-stills'),
        '--now',
        bench.now,
        '--port',
        '0',
      ],
      bench.work,
      /Live preview of us at (http:\/\/\S+)/,
    );
    const timed = async (at: string) => {
      const started = performance.now();
      const response = await fetch(new URL(at, preview.url), { headers: { accept: 'text/html' } });
      if (!(await response.text()).includes('<h1') || response.status !== 200) throw new Error(`${at} answered ${response.status}`);
      return performance.now() - started;
    };
    try {
      const first = await timed('/us/black-friday');
      // An instant of its own each run: its compile is never one kept from before.
      const still = await timed(`/us/black-friday?__still=${now + (i + 1) * 86_400_000}`);
      if (i === 0) continue;
      figures.first.push(first);
      figures.still.push(still);
    } finally {
      await preview.stop();
    }
  }
  return { first: median(figures.first), still: median(figures.still) };
}

export async function studioReviewGoals(bench: StudioBench): Promise<void> {
  const { report } = bench;
  const status = await cachedStatus(bench);
  const browser = await launchChromium();
  try {
    const shown = await sideBySide(bench, browser);
    report(
      "a page's texts side by side in every locale in the studio <= 2x a cached `build-region translations` status",
      `side by side ${ms(shown)}, translations ${ms(status)}: ratio ${(shown / status).toFixed(2)}`,
      shown <= 2 * status,
    );
  } finally {
    await browser.close();
  }
  const at = await stills(bench);
  report(
    "the preview's page at a chosen instant (a still) <= 1.5x the live preview's first render of that page",
    `still ${ms(at.still)}, first render ${ms(at.first)}: ratio ${(at.still / at.first).toFixed(2)}`,
    at.still <= 1.5 * at.first,
  );
}
