import type { Browser } from 'playwright-core';

/** What a visit fetched, as the browser received it (compressed bytes on the wire, headers aside), by kind. */
export interface VisitFigures {
  /** Every script: the entry, the modules fetched with it and every dynamic import. */
  script: number;
  /** The HTML document. */
  html: number;
  /** Data: the site data file, API answers (and the icon). */
  data: number;
  /** Everything, images and the icon included. */
  total: number;
  /** Milliseconds from navigation start until hydrated (`<html data-hydrated>`). */
  hydrated: number;
  /** Each script's path and size, for the report. */
  scripts: { path: string; size: number }[];
}

/** Waits until no request of the page has been in flight for `quiet` ms. */
async function networkQuiet(inFlight: () => number, quiet: number): Promise<void> {
  let since = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (inFlight() > 0) since = Date.now();
    else if (Date.now() - since >= quiet) return;
  }
}

/**
 * Visits `url` in a fresh context (no cache) and sums what the browser fetched from navigation
 * start until the page has hydrated (when `hydrated` is set: `<html data-hydrated>`; else the
 * load event) and the network has been quiet for a second: the visit as a visitor's browser
 * makes it, dynamic imports included.
 */
export async function measureVisit(browser: Browser, url: string, options: { hydrated: boolean }): Promise<VisitFigures> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const fetched: { path: string; type: string; size: number }[] = [];
  let inFlight = 0;
  page.on('request', () => void inFlight++);
  const done = async (request: import('playwright-core').Request) => {
    const sizes = await request.sizes().catch(() => undefined);
    // A response from the browser's cache was not fetched (its size is reported as 0 or below).
    fetched.push({ path: new URL(request.url()).pathname, type: request.resourceType(), size: Math.max(0, sizes?.responseBodySize ?? 0) });
    inFlight--;
  };
  page.on('requestfinished', (request) => void done(request));
  page.on('requestfailed', () => void inFlight--);
  const started = Date.now();
  await page.goto(url);
  if (options.hydrated) await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 30_000 });
  const hydrated = Date.now() - started;
  await networkQuiet(() => inFlight, 1000);
  await context.close();
  const sum = (test: (type: string) => boolean) => fetched.filter((f) => test(f.type)).reduce((total, f) => total + f.size, 0);
  return {
    script: sum((type) => type === 'script'),
    html: sum((type) => type === 'document'),
    data: sum((type) => !['script', 'document', 'image', 'font', 'stylesheet'].includes(type)),
    total: sum(() => true),
    hydrated,
    scripts: fetched.filter((f) => f.type === 'script').map(({ path, size }) => ({ path, size })),
  };
}
