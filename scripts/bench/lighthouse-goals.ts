import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startServer } from '../../server/serve.ts';
import { startStaticServer } from './static-server.ts';
import { CHROMIUM_PATH } from '../../tests/support/browser.ts';

/** One page's mobile Lighthouse figures (default throttling): the median run of several. */
export interface PageFigures {
  page: string;
  performance: number;
  tbt: number;
  cls: number;
  fcp: number;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Runs Lighthouse (mobile, default throttling, performance only) `runs` times on each page of a
 * built dist/ served by serve-regions, and on the hello app's index, and gives each page's
 * medians. Chromium is the machine's (CHROMIUM_PATH).
 */
export async function lighthouseFigures(dist: string, pages: readonly string[], helloDir: string, runs: number): Promise<{ pages: PageFigures[]; hello: PageFigures }> {
  const server = await startServer({ dir: dist, port: 0, host: '127.0.0.1' });
  const hello = await startStaticServer(helloDir);
  const port = 9300 + (process.pid % 500);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${port}`],
  });
  const measure = async (url: string, page: string): Promise<PageFigures> => {
    const samples: Omit<PageFigures, 'page'>[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const lhr = result!.lhr;
      samples.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? Infinity,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity,
        fcp: lhr.audits['first-contentful-paint']?.numericValue ?? Infinity,
      });
    }
    return {
      page,
      performance: median(samples.map((s) => s.performance)),
      tbt: median(samples.map((s) => s.tbt)),
      cls: median(samples.map((s) => s.cls)),
      fcp: median(samples.map((s) => s.fcp)),
    };
  };
  try {
    const figures: PageFigures[] = [];
    for (const page of pages) figures.push(await measure(new URL(page, server.url).href, page));
    return { pages: figures, hello: await measure(hello.url, 'hello app') };
  } finally {
    await browser.close();
    await server.close();
    await hello.close();
  }
}
