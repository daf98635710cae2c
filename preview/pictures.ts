import type { Browser, BrowserContext, Page } from 'playwright-core';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
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
 *   stands still, so nothing moves; such pictures share a browser context per size and instant,
 *   and its pages, between pictures: a fraction of the time of the other way.
 * - hydrated, at any instant: in a fresh browser context with the clock fixed (the page's timers
 *   and clocks, `Date`, `performance.now`, `setTimeout`..., are Playwright's fake clock, paused at
 *   the instant, and server time, `/ssr/timestamp`, answers that instant, as the preview clock
 *   moves the emulated back ends' clock to it; a countdown shows the same seconds every time, and
 *   what starts after a delay, the chat shortcut, stays as it is before the delay).
 *
 * Either way: the consent banner answered (declined) as a returning visitor's, `prefers-reduced-motion: reduce` (no transition runs), every image loaded and
 * decoded, web fonts ready, one device pixel per CSS pixel, the browser's own time zone and
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

/** The contexts of a browser for first-paint pictures, one per size and instant, with their pages not in use. */
const firstPaintContexts = new WeakMap<Browser, Map<string, Promise<{ context: BrowserContext; idle: Page[] }>>>();

/**
 * The page as it first paints (see above): its inline scripts run (the consent banner's, which
 * keeps it hidden for the returning visitor), its app does not (its code is never fetched, and
 * the clock stands still at the instant). Nothing a picture does changes the next, so the
 * pictures of one size and instant share a context and reuse its pages, which keeps the images
 * and styles cached between them.
 */
async function firstPaint(browser: Browser, origin: string, pathname: string, options: PictureOptions): Promise<Buffer> {
  const { context, idle } = await firstPaintContext(browser, options.size, options.at);
  const page = idle.pop() ?? (await context.newPage());
  let reusable = false;
  try {
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

/** The shared context of first-paint pictures at `size` and `at` (made the first time it is asked for). */
function firstPaintContext(browser: Browser, size: PictureSize, at: number) {
  let contexts = firstPaintContexts.get(browser);
  if (!contexts) firstPaintContexts.set(browser, (contexts = new Map()));
  const key = `${size.width}x${size.height}@${at}`;
  let shared = contexts.get(key);
  if (!shared) {
    shared = openContext(browser, size, at).then(async (context) => {
      // The app's code (what its loader would fetch): not fetched.
      await context.route('**/assets/**/*.js', (route) => route.abort());
      return { context, idle: [] };
    });
    contexts.set(key, shared);
  }
  return shared;
}

/**
 * Makes ready what first-paint pictures at these sizes and instant will use (their contexts and
 * a page each), so that it is done while something else is (a build), not before the first picture.
 */
export async function preparePictures(browser: Browser, sizes: readonly PictureSize[], at: number): Promise<void> {
  await Promise.all(
    sizes.map(async (size) => {
      const { context, idle } = await firstPaintContext(browser, size, at);
      if (idle.length === 0) idle.push(await context.newPage());
    }),
  );
}

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

/** Every image loaded and decoded and the fonts ready, then the picture, by Chromium itself. */
async function capture(page: Page, options: PictureOptions): Promise<Buffer> {
  const clip = await page.evaluate(async (fullPage) => {
    // Lazy images, loaded at once (a decode of a lazy image that never started crashes Chromium).
    for (const image of document.images) image.loading = 'eager';
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
    const root = document.documentElement;
    return fullPage
      ? { width: Math.max(root.scrollWidth, root.clientWidth), height: Math.max(root.scrollHeight, root.clientHeight) }
      : { width: root.clientWidth, height: window.innerHeight };
  }, options.fullPage !== false);
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

/** The quality of the JPEG pictures a review page embeds (docs/decisions.md: "Reviewing by pictures"). */
export const REVIEW_JPEG_QUALITY = 72;

type Pixels = { data: Buffer; width: number; height: number };

/** A picture's RGBA pixels, decoded once for both the comparison and its JPEG. */
async function decode(picture: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(picture).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The pixels on a canvas of the given size; the part they do not cover is transparent. */
function onCanvas(pixels: Pixels, width: number, height: number): Uint8Array {
  if (pixels.width === width && pixels.height === height) return pixels.data;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < pixels.height; y++)
    out.set(pixels.data.subarray(y * pixels.width * 4, (y + 1) * pixels.width * 4), y * width * 4);
  return out;
}

/** RGBA pixels as a JPEG of the review's quality, on white. */
const toJpeg = ({ data, width, height }: Pixels) =>
  sharp(data, { raw: { width, height, channels: 4 } }).flatten({ background: '#ffffff' }).jpeg({ quality: REVIEW_JPEG_QUALITY }).toBuffer();

/**
 * Compares two pictures pixel by pixel with pixelmatch (threshold 0 by default: any change of
 * colour counts; anti-aliased pixels are counted too). Pictures of different heights are
 * compared on the larger canvas. The difference is a PNG, or a JPEG as a review page embeds it,
 * with the two pictures as JPEGs too.
 */
export async function comparePictures(before: Buffer, after: Buffer, threshold = 0, format: 'png' | 'jpeg' = 'png'): Promise<Comparison> {
  const [a, b] = await Promise.all([decode(before), decode(after)]);
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const output = new Uint8Array(width * height * 4);
  const changed = pixelmatch(onCanvas(a, width, height), onCanvas(b, width, height), output, width, height, {
    threshold,
    includeAA: true,
    alpha: 0.2,
    diffColor: [220, 0, 0],
    diffColorAlt: [0, 90, 220],
    checkerboard: false,
  });
  const difference = { data: Buffer.from(output.buffer), width, height };
  if (format === 'png') return { changed, width, height, difference: await sharp(difference.data, { raw: { width, height, channels: 4 } }).png().toBuffer() };
  // JPEGs (for a review page) straight from the pixels: no PNG of the difference made first.
  const [jpegDifference, jpegBefore, jpegAfter] = await Promise.all([toJpeg(difference), toJpeg(a), toJpeg(b)]);
  return { changed, width, height, difference: jpegDifference, jpegs: { before: jpegBefore, after: jpegAfter } };
}
