import type { Browser, Page } from 'playwright-core';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { chromiumPath, launchChromium as launchBrowser } from './chromium.ts';

export { chromiumPath };

/**
 * Pictures of built pages that come out the same on the same machine for the same content
 * (docs/review.md): what `build-region diff --pictures` compares, `report --glance` shows and
 * `npm run screenshots` takes. A page is pictured in a fresh browser context with:
 *
 * - the clock fixed: the page's timers and clocks (`Date`, `performance.now`, `setTimeout`...)
 *   are Playwright's fake clock, paused at the instant, and server time (`/ssr/timestamp`) answers
 *   that instant, as the preview clock moves the emulated back ends' clock to it; a countdown
 *   shows the same seconds every time, and what starts after a delay (the chat shortcut) stays
 *   as it is before the delay;
 * - animations finished or cancelled, transitions off and the caret hidden (Playwright's
 *   `animations: 'disabled'`, `caret: 'hide'`), `prefers-reduced-motion: reduce`;
 * - every image loaded and decoded, web fonts ready, the consent banner answered (declined) as
 *   a returning visitor's, one device pixel per CSS pixel, the browser's own time zone and
 *   language fixed (UTC, en-US: the pages format dates in their region's zone and locale).
 */

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
  /** False for a page without the app (the content report): nothing hydrates, so nothing is waited for. */
  hydrates?: boolean;
  /** False for the top of the page only, one screen high (a thumbnail's), which is quicker to take. */
  fullPage?: boolean;
}

/** A full-page picture of `pathname` of the site at `origin` (or of its first screen), as PNG (or JPEG) bytes. */
export async function takePicture(browser: Browser, origin: string, pathname: string, options: PictureOptions): Promise<Buffer> {
  const { size, at } = options;
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  try {
    // As a visitor who answered the consent banner sees the pages (it would cover them otherwise).
    await context.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ analytics: false, ads: false })));
    await context.clock.install({ time: at });
    await context.clock.pauseAt(at);
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
    if (options.hydrates !== false) await hydrate(page);
    // Server time read and rendered: the page has settled once nothing more is fetched and a
    // frame more of page time starts nothing new.
    for (let round = 0; round < 100; round++) {
      if (inFlight > 0) await new Promise<void>((resolve) => ((quiet = resolve), setTimeout(resolve, 5000).unref()));
      await page.clock.runFor(16);
      if (inFlight === 0) break;
    }
    await page.evaluate(async () => {
      // Lazy images, loaded at once (a decode of a lazy image that never started crashes Chromium).
      for (const image of document.images) image.loading = 'eager';
      await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
      await document.fonts.ready;
    });
    return await page.screenshot({
      fullPage: options.fullPage !== false,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      ...(options.jpeg ? { type: 'jpeg' as const, quality: options.jpeg } : {}),
    });
  } finally {
    await context.close();
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
}

/** The quality of the JPEG pictures a review page embeds (docs/decisions.md: "Reviewing by pictures"). */
export const REVIEW_JPEG_QUALITY = 72;

/** RGBA pixels of a picture on a canvas of the given size; the part it does not cover is transparent. */
async function pixels(picture: Buffer, width: number, height: number): Promise<Uint8Array> {
  const { data, info } = await sharp(picture).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < info.height; y++) out.set(data.subarray(y * info.width * 4, (y + 1) * info.width * 4), y * width * 4);
  return out;
}

/**
 * Compares two pictures pixel by pixel with pixelmatch (threshold 0 by default: any change of
 * colour counts; anti-aliased pixels are counted too). Pictures of different heights are
 * compared on the larger canvas. The difference is a PNG, or a JPEG as a review page embeds it.
 */
export async function comparePictures(before: Buffer, after: Buffer, threshold = 0, format: 'png' | 'jpeg' = 'png'): Promise<Comparison> {
  const [a, b] = await Promise.all([sharp(before).metadata(), sharp(after).metadata()]);
  const width = Math.max(a.width ?? 0, b.width ?? 0);
  const height = Math.max(a.height ?? 0, b.height ?? 0);
  const [one, two] = await Promise.all([pixels(before, width, height), pixels(after, width, height)]);
  const output = new Uint8Array(width * height * 4);
  const changed = pixelmatch(one, two, output, width, height, {
    threshold,
    includeAA: true,
    alpha: 0.2,
    diffColor: [220, 0, 0],
    diffColorAlt: [0, 90, 220],
    checkerboard: false,
  });
  const raw = sharp(Buffer.from(output.buffer), { raw: { width, height, channels: 4 } });
  // A JPEG (for a review page) straight from the pixels: no PNG of the difference made first.
  const difference = await (format === 'png'
    ? raw.png()
    : raw.flatten({ background: '#ffffff' }).jpeg({ quality: REVIEW_JPEG_QUALITY })
  ).toBuffer();
  return { changed, width, height, difference };
}
