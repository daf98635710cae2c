import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Worker } from 'node:worker_threads';
// Loaded here too (sharp with it) before the worker starts: sharp's libraries must be opened by
// the main thread, or a worker that ends unloads them (lovell/sharp#2263).
import './compare-worker.js';
import { chromiumPath, launchChromium as launchBrowser } from './chromium.ts';

export { chromiumPath };

/**
 * Pictures of built pages that come out the same on the same machine for the same content
 * (docs/review.md): what `build-region diff --pictures` compares, `report --glance` shows and
 * `npm run screenshots` takes. A page is pictured one of two ways:
 *
 * - as it first paints (`firstPaint`), for a page pictured at the instant it was built at (and
 *   for a page without an app, the content report): its prerendered HTML before the app loads,
 *   which is complete and looks, pixel for pixel, as the page does once hydrated
 *   (tests/e2e/pictures.test.ts proves it). The app's code is never fetched and the clock
 *   stands still, so nothing moves; such pictures share a browser context per instant, and its
 *   pages, between pictures: a fraction of the time of the other way.
 * - hydrated, at any instant: in a fresh browser context with the clock fixed (the page's timers
 *   and clocks, `Date`, `performance.now`, `setTimeout`..., are Playwright's fake clock, paused at
 *   the instant, and server time, `/ssr/timestamp`, answers that instant, as the preview clock
 *   moves the emulated back ends' clock to it; a countdown shows the same seconds every time, and
 *   what starts after a delay, the chat shortcut, stays as it is before the delay).
 *
 * Either way: the consent banner answered (declined) as a returning visitor's,
 * `prefers-reduced-motion: reduce` (no transition runs), every image loaded and decoded, web fonts ready, one device pixel per CSS pixel, the browser's own time zone and
 * language fixed (UTC, en-US: the pages format dates in their region's zone and locale), and the
 * picture taken by Chromium itself (DevTools' `Page.captureScreenshot`, encoded for speed: the
 * pixels are the same). Scroll-driven animations (the in-page menu's edge fades) are drawn as
 * visitors see them.
 */

/** What a kept picture's key names besides the content, browser and fonts: how it was taken. */
export const PICTURE_METHOD = 'first-paint-or-hydrated, captureScreenshot, 2';

/** The widths a review pictures: a phone and a desktop (the screenshots' widths). */
export const PICTURE_SIZES = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
export type PictureSize = { readonly name: string; readonly width: number; readonly height: number };

/** Pictures are drawn with unhinted fonts: the same glyph shapes whatever the machine's font settings. */
export function launchChromium(executablePath = chromiumPath()): Promise<Browser> {
  return launchBrowser(['--font-render-hinting=none'], executablePath);
}

export interface PictureOptions {
  size: PictureSize;
  /** The instant the page is pictured at (epoch ms): its clock and server time. */
  at: number;
  /** A JPEG of this quality instead of a PNG (smaller files for people; compare PNGs). */
  jpeg?: number;
  /**
   * The page as it first paints, before its app loads: for a page pictured at the instant it was
   * built at (it looks the same hydrated then) or one without an app; much quicker.
   */
  firstPaint?: boolean;
  /** False for the top of the page only, one screen high (a thumbnail's), which is quicker to take. */
  fullPage?: boolean;
}

/** A full-page picture of `pathname` of the site at `origin` (or of its first screen), as PNG (or JPEG) bytes. */
export async function takePicture(browser: Browser, origin: string, pathname: string, options: PictureOptions): Promise<Buffer> {
  return options.firstPaint ? firstPaint(browser, origin, pathname, options) : hydrated(browser, origin, pathname, options);
}

/** The page hydrated at `options.at`, in a context of its own (see above). */
async function hydrated(browser: Browser, origin: string, pathname: string, options: PictureOptions): Promise<Buffer> {
  const { size, at } = options;
  const context = await openContext(browser, size, at);
  try {
    const body = JSON.stringify({ code: 2000, message: 'success', data: { timestamp: at } });
    await context.route('**/ssr/timestamp', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
    const page = await context.newPage();
    // Requests under way: the page has settled once none is (no fixed wait for the network to stay quiet).
    let inFlight = 0;
    let quiet = () => {};
    const done = () => --inFlight === 0 && quiet();
    page.on('request', () => inFlight++);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    await page.goto(new URL(pathname, origin).href);
    await hydrate(page);
    // Server time read and rendered: the page has settled once nothing more is fetched and a
    // frame more of page time starts nothing new.
    for (let round = 0; round < 100; round++) {
      if (inFlight > 0) await new Promise<void>((resolve) => ((quiet = resolve), setTimeout(resolve, 5000).unref()));
      await page.clock.runFor(16);
      if (inFlight === 0) break;
    }
    return await capture(page, options);
  } finally {
    await context.close();
  }
}

/** The context of a browser for first-paint pictures at each instant, with its pages not in use. */
const firstPaintContexts = new WeakMap<Browser, Map<number, Promise<{ context: BrowserContext; idle: Page[] }>>>();

/**
 * The page as it first paints (see above): its inline scripts run (the consent banner's, which
 * keeps it hidden for the returning visitor), its app does not (its code is never fetched, and
 * the clock stands still at the instant). Nothing a picture does changes the next, so the
 * pictures of one instant share a context and reuse its pages (a page is sized for each
 * picture, then loaded), which keeps the images and styles cached between them.
 */
async function firstPaint(browser: Browser, origin: string, pathname: string, options: PictureOptions): Promise<Buffer> {
  const { context, idle } = await firstPaintContext(browser, options.at);
  const page = idle.pop() ?? (await context.newPage());
  let reusable = false;
  try {
    const { width, height } = options.size;
    if (page.viewportSize()?.width !== width || page.viewportSize()?.height !== height) await page.setViewportSize({ width, height });
    await page.goto(new URL(pathname, origin).href);
    const picture = await capture(page, options);
    reusable = true;
    return picture;
  } finally {
    // A page whose picture failed is closed, not reused (it may be anywhere).
    if (reusable) idle.push(page);
    else await page.close().catch(() => {});
  }
}

/** The shared context of first-paint pictures at `at` (made the first time it is asked for). */
function firstPaintContext(browser: Browser, at: number) {
  let contexts = firstPaintContexts.get(browser);
  if (!contexts) firstPaintContexts.set(browser, (contexts = new Map()));
  let shared = contexts.get(at);
  if (!shared) {
    shared = openContext(browser, PICTURE_SIZES[0], at).then(async (context) => {
      // The app's code (what its loader would fetch): not fetched.
      await context.route('**/assets/**/*.js', (route) => route.abort());
      return { context, idle: [] };
    });
    contexts.set(at, shared);
  }
  return shared;
}

/**
 * Makes ready what `pages` first-paint pictures at once at `at` will use, while something else
 * is done (a build), not before the first picture: their context and pages, one of which has
 * drawn a first page (Chromium's renderer for the sites' host started, its fonts loaded).
 */
export async function preparePictures(browser: Browser, at: number, pages = 2): Promise<void> {
  const { context, idle } = await firstPaintContext(browser, at);
  const made = await Promise.all(
    Array.from({ length: Math.max(0, pages - idle.length) }, async (_, index) => {
      const page = await context.newPage();
      // The sites' host (any port is the same site, served by the same renderer process, which
      // one page warms for all), a page in the sites' fonts, drawn once.
      if (index === 0) {
        await page.route(WARM_UP, (route) => route.fulfill({ contentType: 'text/html', body: WARM_UP_PAGE }));
        await page.goto(WARM_UP);
        await page.unroute(WARM_UP);
        await capture(page, { size: PICTURE_SIZES[0], at });
      }
      return page;
    }),
  );
  idle.push(...made);
}

const WARM_UP = 'http://127.0.0.1/first-paint-warm-up';
const WARM_UP_PAGE = `<!doctype html><html lang="en"><title>-</title><body style="font-family: system-ui, sans-serif">
<p>Aa <b>Bb</b> 机器人 ロボット 로봇</p></body></html>`;

/** A context at `size` with the clock paused at `at` and the consent banner answered (declined), as a returning visitor's. */
async function openContext(browser: Browser, size: PictureSize, at: number): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  // As a visitor who answered the consent banner sees the pages (it would cover them otherwise).
  await context.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ analytics: false, ads: false })));
  await context.clock.install({ time: at });
  await context.clock.pauseAt(at);
  return context;
}

/** How long a page's images and fonts may take to be ready. */
const SETTLE_MS = 30_000;

/** Every image loaded and decoded and the fonts ready, then the picture, by Chromium itself. */
async function capture(page: Page, options: PictureOptions): Promise<Buffer> {
  const settled = page.evaluate(async (fullPage) => {
    // Lazy images, loaded at once (a decode of a lazy image that never started crashes Chromium).
    for (const image of document.images) image.loading = 'eager';
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
    const root = document.documentElement;
    return fullPage
      ? { width: Math.max(root.scrollWidth, root.clientWidth), height: Math.max(root.scrollHeight, root.clientHeight) }
      : { width: root.clientWidth, height: window.innerHeight };
  }, options.fullPage !== false);
  settled.catch(() => {});
  // Bounded from here (the page's own timers may be paused): a page that never settles fails.
  let timer: NodeJS.Timeout | undefined;
  const clip = await Promise.race([
    settled,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${page.url()}: its images and fonts were not ready within ${SETTLE_MS / 1000} s`)),
        SETTLE_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  const session = await page.context().newCDPSession(page);
  try {
    const { data } = await session.send('Page.captureScreenshot', {
      ...(options.jpeg ? { format: 'jpeg' as const, quality: options.jpeg } : { format: 'png' as const }),
      clip: { x: 0, y: 0, ...clip, scale: 1 },
      captureBeyondViewport: options.fullPage !== false,
      optimizeForSpeed: true,
    });
    return Buffer.from(data, 'base64');
  } finally {
    await session.detach().catch(() => {});
  }
}

/**
 * Hydration waits on the page's timers: the paused clock is moved on a frame at a time until it
 * is done, at most 0.8 s of page time (a countdown's second has not ticked yet: it shows the
 * instant itself, since server time sets the clock to it).
 */
async function hydrate(page: Page): Promise<void> {
  for (let frame = 0; frame < 50 && !(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))); frame++)
    await page.clock.runFor(16);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 5000 });
}

export interface Comparison {
  /** Pixels that differ (pixelmatch; the area only one picture covers counts as differing). */
  changed: number;
  width: number;
  height: number;
  /** The difference: the before picture faded, changed pixels red (darker after) or blue (lighter), as PNG (or JPEG). */
  difference: Buffer;
  /** With format 'jpeg': the two pictures as a review page embeds them, JPEGs made from the pixels compared. */
  jpegs?: { before: Buffer; after: Buffer };
}

/** The comparisons' worker thread (compare-worker.js), started on the first and kept only while one is under way. */
type Comparer = { worker: Worker; pending: Map<number, { resolve: (c: Comparison) => void; reject: (e: Error) => void }> };
let comparer: Comparer | undefined;
let nextComparison = 0;

/**
 * Compares two pictures pixel by pixel with pixelmatch (threshold 0 by default: any change of
 * colour counts; anti-aliased pixels are counted too). Pictures of different heights are
 * compared on the larger canvas. The difference is a PNG, or a JPEG as a review page embeds it,
 * with the two pictures as JPEGs too. In a worker thread (compare-worker.js): the main thread
 * goes on driving Chromium and serving the pages meanwhile.
 */
export function comparePictures(before: Buffer, after: Buffer, threshold = 0, format: 'png' | 'jpeg' = 'png'): Promise<Comparison> {
  if (!comparer) {
    const worker = new Worker(new URL('./compare-worker.js', import.meta.url));
    const pending: Comparer['pending'] = new Map();
    worker.on('message', ({ id, result, error }: { id: number; result?: Comparison; error?: string }) => {
      const job = pending.get(id)!;
      pending.delete(id);
      if (pending.size === 0) worker.unref();
      // Buffers come back from the worker as plain bytes (Uint8Array): seen as Buffers again, not copied.
      const bytes = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      if (result)
        job.resolve({
          ...result,
          difference: bytes(result.difference),
          ...(result.jpegs && { jpegs: { before: bytes(result.jpegs.before), after: bytes(result.jpegs.after) } }),
        });
      else job.reject(new Error(`comparing pictures: ${error}`));
    });
    // A worker that fails or ends fails what it was given (nothing waits for it forever).
    const fail = (error: Error) => {
      for (const job of pending.values()) job.reject(error);
      pending.clear();
      if (comparer?.worker === worker) comparer = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`comparing pictures: the worker ended (exit code ${code})`)));
    comparer = { worker, pending };
  }
  const { worker, pending } = comparer;
  const id = nextComparison++;
  worker.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, before, after, threshold, format });
  });
}
