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
 * The rest of a whole visit (issue 48's goal 3), each act once the network is quiet after the
 * last: scroll to the end of the page, the pointer over the page's first link to a page of the
 * site (in the content, else the footer) for 300 ms, a tap in the footer's newsletter field,
 * and, back at the top, a tap on the header's menu button.
 */
async function wholeVisit(page: import('playwright-core').Page, quiet: () => Promise<void>): Promise<void> {
  for (let step = 0; step < 20; step++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  await quiet();
  const link = page.locator('main a[href^="/"], footer a[href^="/"]').first();
  if ((await link.count()) > 0) await link.hover();
  await page.waitForTimeout(300);
  await quiet();
  const field = page.locator('footer input[type="email"]').first();
  if ((await field.count()) > 0) await field.tap();
  await quiet();
  await page.evaluate(() => window.scrollTo(0, 0));
  const menu = page.locator('header .menu-toggle').first();
  if ((await menu.count()) > 0) await menu.tap();
  await quiet();
}

/**
 * Visits `url` in a fresh context (no cache) and sums what the browser fetched from navigation
 * start until the page has hydrated (when `hydrated` is set: `<html data-hydrated>`; else the
 * load event) and the network has been quiet for a second: the visit as a visitor's browser
 * makes it, dynamic imports included; with `whole`, the visit goes on as `wholeVisit` says.
 */
export async function measureVisit(browser: Browser, url: string, options: { hydrated: boolean; whole?: boolean }): Promise<VisitFigures> {
  // A phone's screen (and its touch, for a whole visit: it taps as a visitor on a phone does).
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    ...(options.whole && { hasTouch: true, isMobile: true }),
  });
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
  if (options.whole) await wholeVisit(page, () => networkQuiet(() => inFlight, 1000));
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
