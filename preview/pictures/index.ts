import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumPath, launchChromium as launchBrowser } from '../chromium.ts';
import type { PictureOptions, PictureSize } from '../../generator/index.ts';
import { captureScreenshot } from './screenshot.ts';

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
 *   stands still, so nothing moves; such pictures share a browser context and a page per instant,
 *   between pictures: a fraction of the time of the other way.
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

/** What a kept picture's key names besides the content, browser and fonts: how it was taken (3: at the size's width). */
export const PICTURE_METHOD = 'first-paint-or-hydrated, captureScreenshot, 3';

// The port's types (generator/ports.ts declares them; this module implements them), for this part's users.
export type { PictureOptions, PictureSize };

/** The widths a review pictures: a phone and a desktop (the screenshots' widths). */
export const PICTURE_SIZES = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Pictures are drawn with unhinted fonts: the same glyph shapes whatever the machine's font settings. */
export function launchChromium(executablePath = chromiumPath()): Promise<Browser> {
  return launchBrowser(['--font-render-hinting=none'], executablePath);
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

/**
 * The page that takes first-paint pictures at each instant, in a context of its own, and the
 * last picture asked of it (the next waits for it).
 */
type FirstPaintPage = {
  context: Promise<BrowserContext>;
  page: Promise<Page>;
  last: Promise<unknown>;
  /** The address the page shows and the width it was loaded at. */
  loaded?: { href: string; width: number };
};
const firstPaintPages = new WeakMap<Browser, Map<number, FirstPaintPage>>();

/**
 * The page as it first paints (see above): its inline scripts run (the consent banner's, which
 * keeps it hidden for the returning visitor), its app does not (its code is never fetched, and
 * the clock stands still at the instant). Nothing a picture does changes the next, so the
 * pictures of one instant are taken by one page, one after another (it is sized for each
 * picture, then loaded), which keeps the images and styles cached between them. One page, not
 * several at once: the pages of one site are drawn by the same renderer process, and two
 * drawing at once were slower than one after the other (a full-page picture waited seconds for
 * the other page's).
 */
async function firstPaint(browser: Browser, origin: string, pathname: string, options: PictureOptions): Promise<Buffer> {
  const shared = firstPaintPage(browser, options.at);
  const picture = shared.last
    .catch(() => {})
    .then(async () => {
      const page = await shared.page;
      try {
        const { width, height } = options.size;
        if (page.viewportSize()?.width !== width || page.viewportSize()?.height !== height) await page.setViewportSize({ width, height });
        const href = new URL(pathname, origin).href;
        // The page already shows that address, loaded narrower: only widened (see above).
        if (shared.loaded?.href !== href || shared.loaded.width > width) {
          shared.loaded = undefined;
          await page.goto(href);
          shared.loaded = { href, width };
        }
        return await capture(page, options);
      } catch (error) {
        // A page whose picture failed may be anywhere (or have crashed): the next picture has a new one.
        shared.loaded = undefined;
        shared.page = shared.context.then((context) => context.newPage());
        shared.page.catch(() => {});
        await page.close().catch(() => {});
        throw error;
      }
    });
  shared.last = picture;
  return picture;
}

/** The page of first-paint pictures at `at` (opened, in a context of its own, the first time it is asked for). */
function firstPaintPage(browser: Browser, at: number): FirstPaintPage {
  let pages = firstPaintPages.get(browser);
  if (!pages) firstPaintPages.set(browser, (pages = new Map()));
  let shared = pages.get(at);
  if (!shared) {
    const context = openContext(browser, PICTURE_SIZES[0], at).then(async (context) => {
      // The app's code (what its loader would fetch): not fetched.
      await context.route('**/assets/**/*.js', (route) => route.abort());
      return context;
    });
    const page = context.then((context) => context.newPage());
    shared = { context, page, last: page };
    pages.set(at, shared);
  }
  return shared;
}

/**
 * Makes ready what first-paint pictures at `at` will use, while something else is done (a
 * build), not before the first picture: their page, which has drawn a first page (Chromium's
 * renderer for the sites' host started, its fonts loaded).
 */
export async function preparePictures(browser: Browser, at: number): Promise<void> {
  const shared = firstPaintPage(browser, at);
  const warmed = shared.last
    .catch(() => {})
    .then(async () => {
      const page = await shared.page;
      shared.loaded = undefined;
      // The sites' host (any port is the same site, served by the same renderer process), a page
      // in the sites' fonts, drawn once.
      await page.route(WARM_UP, (route) => route.fulfill({ contentType: 'text/html', body: WARM_UP_PAGE }));
      await page.goto(WARM_UP);
      await page.unroute(WARM_UP);
      await capture(page, { size: PICTURE_SIZES[0], at });
    });
  shared.last = warmed;
  await warmed;
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
    // Blocks laid out only when they near the screen (content-visibility: auto) are laid out now:
    // a whole-page picture shows every block as a visitor scrolling down sees it.
    if (fullPage)
      for (const el of document.querySelectorAll<HTMLElement>('*'))
        if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    const root = document.documentElement;
    return fullPage ? Math.max(root.scrollHeight, root.clientHeight) : window.innerHeight;
  }, options.fullPage !== false);
  settled.catch(() => {});
  // Bounded from here (the page's own timers may be paused): a page that never settles fails.
  let timer: NodeJS.Timeout | undefined;
  const height = await Promise.race([
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
    return await captureScreenshot(session, {
      ...(options.jpeg ? { format: 'jpeg' as const, quality: options.jpeg } : { format: 'png' as const }),
      // The size's width, never the document's scroll width: Chromium lays the page out again at
      // the clip's size, so anything past the right edge (a clipped panel) made a phone's picture
      // a wider layout (tests/e2e/picture-width.test.ts).
      clip: { x: 0, y: 0, width: options.size.width, height, scale: 1 },
      captureBeyondViewport: options.fullPage !== false,
      optimizeForSpeed: true,
    });
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

/** What the picture thread (picture-thread.ts) is asked: each answered with its `id`. */
export type PictureRequest = { id: number } & (
  | { op: 'version' }
  | { op: 'prepare'; at: number }
  | { op: 'take'; origin: string; pathname: string; options: PictureOptions }
  | { op: 'close' }
);

/**
 * The picture thread's side (picture-thread.ts): Chromium started at once, then every request
 * on `port` answered (a picture's bytes handed over, not copied), until 'close' closes Chromium.
 */
export function servePictures(port: import('node:worker_threads').MessagePort): void {
  const launched = launchChromium();
  launched.catch(() => {});
  port.on('message', async (request: PictureRequest) => {
    try {
      const browser = await launched;
      if (request.op === 'version') port.postMessage({ id: request.id, result: browser.version() });
      else if (request.op === 'prepare') port.postMessage({ id: request.id, result: await preparePictures(browser, request.at) });
      else if (request.op === 'close') port.postMessage({ id: request.id, result: await browser.close() });
      else {
        const picture = await takePicture(browser, request.origin, request.pathname, request.options);
        // Its own memory, handed over whole (a Buffer may share a pool with others).
        const owned = picture.byteOffset === 0 && picture.byteLength === picture.buffer.byteLength;
        const bytes = owned ? new Uint8Array(picture.buffer) : new Uint8Array(picture);
        port.postMessage({ id: request.id, result: bytes }, [bytes.buffer as ArrayBuffer]);
      }
    } catch (error) {
      port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
