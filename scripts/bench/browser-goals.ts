import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { startServer } from '../../server/serve.ts';
import { launchChromium } from '../../preview/chromium.ts';
import { measureVisit } from './visit.ts';
import type { VisitFigures } from './visit.ts';

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One page's mobile Lighthouse figures (default throttling), each the median of its runs. */
export interface PaintFigures {
  page: string;
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's main-thread work (ms): every task of the page's main thread during the load. */
  work: number;
}

/** The page with every script and preload removed: what paints with no JavaScript at all. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="(?:modulepreload|preload)"[^>]*>/g, '');
}

/**
 * Lighthouse (mobile, default throttling, performance only) on each page of a built dist/, and
 * on the same page with every script and preload removed (a copy of dist/, served by the same
 * server), interleaved: bare, site, bare, site... `runs` times each; the medians of each.
 */
export async function paintFigures(
  dist: string,
  work: string,
  pages: readonly string[],
  runs: number,
): Promise<{ site: PaintFigures[]; bare: PaintFigures[] }> {
  const bareDir = path.join(work, 'bare-dist');
  await cp(dist, bareDir, { recursive: true });
  for (const page of pages) {
    const file = path.join(bareDir, page.replace(/^\/+/, ''), 'index.html');
    await writeFile(file, withoutScripts(await readFile(file, 'utf8')));
  }
  const site = await startServer({ dir: dist, port: 0, host: '127.0.0.1' });
  const bare = await startServer({ dir: bareDir, port: 0, host: '127.0.0.1' });
  const port = 9300 + (process.pid % 500);
  const browser = await launchChromium([`--remote-debugging-port=${port}`]);
  const once = async (url: string) => {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result!.lhr;
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Infinity;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      work: audit('mainthread-work-breakdown'),
    };
  };
  const summary = (page: string, samples: Omit<PaintFigures, 'page'>[]): PaintFigures => ({
    page,
    performance: median(samples.map((s) => s.performance)),
    fcp: median(samples.map((s) => s.fcp)),
    lcp: median(samples.map((s) => s.lcp)),
    tbt: median(samples.map((s) => s.tbt)),
    cls: median(samples.map((s) => s.cls)),
    work: median(samples.map((s) => s.work)),
  });
  try {
    const figures = { site: [] as PaintFigures[], bare: [] as PaintFigures[] };
    for (const page of pages) {
      const samples = { site: [] as Omit<PaintFigures, 'page'>[], bare: [] as Omit<PaintFigures, 'page'>[] };
      for (let run = 0; run < runs; run++) {
        samples.bare.push(await once(new URL(page, bare.url).href));
        samples.site.push(await once(new URL(page, site.url).href));
      }
      figures.site.push(summary(page, samples.site));
      figures.bare.push(summary(page, samples.bare));
    }
    return figures;
  } finally {
    await browser.close();
    await site.close();
    await bare.close();
  }
}

/** A visit's figures, the median of `runs` visits by total bytes (they vary only by a few API bytes). */
async function visitMedian(browser: Browser, url: string, runs: number, hydrated: boolean, whole = false): Promise<VisitFigures> {
  const visits: VisitFigures[] = [];
  for (let run = 0; run < runs; run++) visits.push(await measureVisit(browser, url, { hydrated, whole }));
  return [...visits].sort((a, b) => a.total - b.total)[Math.floor(visits.length / 2)]!;
}

/**
 * What visits fetch (`whole`: whole visits, scripts/bench/visit.ts): each page of `dist` and the hello app (copied into a copy of dist/ at
 * /__hello/, so it is served by the same server, gzip and headers alike), in a fresh browser
 * context each, until hydrated and the network is quiet.
 */
export async function visitFigures(
  dist: string,
  work: string,
  pages: readonly string[],
  helloDir: string,
  runs: number,
  whole = false,
): Promise<{ pages: (VisitFigures & { page: string })[]; hello: VisitFigures }> {
  const served = path.join(work, 'visit-dist');
  await cp(dist, served, { recursive: true });
  await cp(helloDir, path.join(served, '__hello'), { recursive: true });
  const server = await startServer({ dir: served, port: 0, host: '127.0.0.1' });
  const browser = await launchChromium();
  try {
    const hello = await visitMedian(browser, new URL('/__hello/', server.url).href, runs, false);
    const figures: (VisitFigures & { page: string })[] = [];
    for (const page of pages) figures.push({ page, ...(await visitMedian(browser, new URL(page, server.url).href, runs, true, whole)) });
    return { pages: figures, hello };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** What a visit of one page fetches in a build (`dist`), as `visitFigures` measures it. */
export async function visitOf(dist: string, page: string, runs: number): Promise<VisitFigures> {
  const server = await startServer({ dir: dist, port: 0, host: '127.0.0.1' });
  const browser = await launchChromium();
  try {
    return await visitMedian(browser, new URL(page, server.url).href, runs, true);
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * Client navigation: on `from`, hydrated and quiet, the pointer rests on the header's link to
 * `to` (the visitor's intent) for 300 ms, then clicks it; the milliseconds from the click until
 * the next page's heading is on screen, measured in the page. The median of `runs`.
 */
export async function navigationTime(dist: string, from: string, to: string, heading: string, runs: number): Promise<number> {
  const server = await startServer({ dir: dist, port: 0, host: '127.0.0.1' });
  const browser = await launchChromium();
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(new URL(from, server.url).href);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await page.waitForLoadState('networkidle');
      const link = page.locator(`header a[href="${to}"]`).first();
      await link.hover();
      await page.waitForTimeout(300);
      await page.evaluate((expected) => {
        const w = window as unknown as { __clicked?: number; __shown?: Promise<number> };
        addEventListener('click', () => (w.__clicked = performance.now()), { capture: true, once: true });
        // (No named function in here: the bench's TypeScript loader would wrap it in a helper the page lacks.)
        w.__shown = new Promise((resolve) => {
          new MutationObserver((_, observer) => {
            if (document.querySelector('h1')?.textContent !== expected) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now()));
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        });
      }, heading);
      await link.click();
      times.push(
        await page.evaluate(async () => {
          const w = window as unknown as { __clicked: number; __shown: Promise<number> };
          return (await w.__shown) - w.__clicked;
        }),
      );
      await context.close();
    }
    return median(times);
  } finally {
    await browser.close();
    await server.close();
  }
}
