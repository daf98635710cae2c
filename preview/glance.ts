import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { HOST_RULES_FILE } from '../core/host-rules.ts';
import type { HostRules } from '../core/host-rules.ts';
import { featuredProduct } from '../core/model.ts';
import type { PageContent, ProductData, RouteInfo } from '../core/model.ts';
import { isRouteOpen } from '../core/time.ts';
import { buildRegions, CORES, mapLimited } from '../generator/index.ts';
import type { GlanceRequest, GlancePage, GlanceSheet, GlanceThumbnail } from '../generator/index.ts';
import { startServer } from '../server/serve.ts';
import { chromiumPath, launchChromium, PICTURE_SIZES, takePicture } from './pictures/index.ts';
import type { PictureSize } from './pictures/index.ts';

/**
 * "Sites at a glance" (docs/review.md): each region's home and one product page of a built
 * output, pictured by the review's renderer (preview/pictures/index.ts) at one instant. `npm run
 * screenshots` pictures them whole; `build-region report --glance` builds the sites, pictures
 * them and puts thumbnails in the report (generator/report/glance.ts lays them out).
 */

export type { GlancePage, GlanceSheet } from '../generator/index.ts';

/** What a prerendered page carries inline (`#route-data`, runtime/content.ts): its route, text and products. */
interface InlineRouteData {
  route?: RouteInfo | null;
  page?: PageContent;
  products?: Readonly<Record<string, ProductData>>;
}

/** The inline data of a built page, or undefined (no such page, a redirect, no data). */
async function routeData(file: string): Promise<InlineRouteData | undefined> {
  const html = await readFile(file, 'utf8').catch(() => undefined);
  const json = html && /<script type="application\/json" id="route-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) return undefined;
  try {
    return JSON.parse(json) as InlineRouteData;
  } catch {
    return undefined;
  }
}

/**
 * A page's text from the region's assets (`page-<page>-<name>-<hash>.json`, generator/emit/text-assets.ts),
 * where its HTML does not carry it inline (a page whose content hydrates when wanted).
 */
async function pageText(folder: string, page: string | undefined): Promise<InlineRouteData['page'] | undefined> {
  if (page === undefined) return undefined;
  const file = (await readdir(path.join(folder, 'assets')).catch(() => [] as string[]))
    .filter(
      (name) =>
        name.startsWith(`page-${page}-`) && /^[a-z]{2}(?:-[A-Za-z]{2,4})?-[\w-]{10}\.json$/.test(name.slice(`page-${page}-`.length)),
    )
    .sort()[0];
  if (!file) return undefined;
  try {
    return JSON.parse(await readFile(path.join(folder, 'assets', file), 'utf8')) as InlineRouteData['page'];
  } catch {
    return undefined;
  }
}

/**
 * The pages of the sheet, from a built output alone (its `hosts.json` lists the regions, each
 * page carries its route): per region built, its home page and one product page open at `at`,
 * the one its home page features (its hero's product), else the first of its line-up that has a
 * page, else the first product page by path. A region the content gains is in it with no change here.
 */
export async function glancePages(dir: string, at: number): Promise<GlancePage[]> {
  const rules = JSON.parse(await readFile(path.join(dir, HOST_RULES_FILE), 'utf8')) as HostRules;
  const prefixes = new Set(rules.regions.map((r) => r.prefix.slice(1)).filter(Boolean));
  const pages: GlancePage[] = [];
  for (const region of rules.regions) {
    const folder = path.join(dir, region.prefix);
    const home = await routeData(path.join(folder, 'index.html'));
    if (!home?.route) continue; // not built into this output
    pages.push({ region: region.code, kind: 'home', path: home.route.path });
    const products: { route: RouteInfo; name?: string }[] = [];
    // Its pages' folders, one level down (the region at the root shares its folder with the others').
    for (const name of (await readdir(folder)).sort()) {
      if (region.prefix === '' && prefixes.has(name)) continue;
      const data = await routeData(path.join(folder, name, 'index.html'));
      const route = data?.route;
      if (route?.kind === 'product' && route.product && !route.redirect && isRouteOpen(route, at))
        products.push({ route, name: data?.products?.[route.product]?.name });
    }
    const text = home.page ?? (await pageText(folder, home.route.page));
    const wanted = [featuredProduct(text), ...(text?.lineup ?? [])];
    const chosen = wanted.map((key) => products.find((p) => p.route.product === key)).find(Boolean) ?? products[0];
    if (chosen)
      pages.push({
        region: region.code,
        kind: 'product',
        path: chosen.route.path,
        ...(chosen.name !== undefined && { name: chosen.name }),
      });
  }
  return pages;
}

/** The glance sheet's options: what `report --glance` gives (generator/ports.ts), and what tests and scripts may add. */
export interface GlanceOptions extends GlanceRequest {
  /** Default: a phone's width and a desktop's (PICTURE_SIZES). */
  sizes?: readonly PictureSize[];
  /** An output built already from this content at `now` (the tests' shared build): pictured instead of building one. */
  dist?: string;
  /** Chromium's executable (default CHROMIUM_PATH, else /usr/bin/chromium). */
  chromium?: string;
  /** A running Chromium to picture with (the tests' shared one), left running: none is launched. */
  browser?: Browser;
}

/**
 * Builds the sites at `now` (with the build cache, into a temporary folder), serves them with the
 * emulated back ends, pictures every region's home and product page at each size at `now` and
 * returns the sheet of thumbnails. Without Chromium, nothing is built: the sheet is `skipped`
 * (as it is when the build finds a content error that compiling it did not, art it cannot draw).
 */
export async function glanceSheet(options: GlanceOptions): Promise<GlanceSheet> {
  const log = options.log ?? (() => {});
  const sizes = options.sizes ?? PICTURE_SIZES;
  const executable = options.chromium ?? chromiumPath();
  const sheet: GlanceSheet = { at: options.now, sizes: sizes.map(({ name, width }) => ({ name, width })), pages: [] };
  if (!options.browser && !existsSync(executable)) {
    const reason = `no Chromium at ${executable} (install it, apt-get install chromium, or set CHROMIUM_PATH to where it is)`;
    return { ...sheet, skipped: { cause: 'chromium', reason } };
  }
  const work = await mkdtemp(path.join(os.tmpdir(), 'build-region-glance-'));
  // Chromium starts while the sites build (a failure to start is read once they are built).
  const launched = options.browser ? Promise.resolve(options.browser) : launchChromium(executable);
  launched.catch(() => undefined);
  try {
    let dir = options.dist;
    if (!dir) {
      dir = path.join(work, 'dist');
      log('Building every region for the sheet...\n');
      const built = await buildRegions({
        content: options.content,
        out: dir,
        sites: path.join(work, 'sites'),
        cwd: options.cwd,
        now: options.now,
      });
      if (!built.ok) return { ...sheet, skipped: { cause: 'content', reason: 'the content did not build (build-region --all says why)' } };
    }
    const pages = await glancePages(dir, options.now);
    const browser = await launched.catch((error: unknown) => String(error instanceof Error ? error.message : error).split('\n', 1)[0]!);
    if (typeof browser === 'string')
      return { ...sheet, skipped: { cause: 'chromium', reason: `Chromium (${executable}) did not start: ${browser}` } };
    const server = await startServer({ dir, port: 0, host: '127.0.0.1', now: options.now, previewClock: false });
    try {
      log(`Picturing ${pages.length} pages at ${sizes.map((s) => `${s.width} px`).join(' and ')}...\n`);
      sheet.pages = await picturePages(browser, server.url, pages, sizes, options.now);
    } finally {
      await server.close();
    }
    return sheet;
  } finally {
    if (!options.browser) await (await launched.catch(() => undefined))?.close();
    await rm(work, { recursive: true, force: true });
  }
}

/** Every page at every size, as many at once as the machine has cores, each a thumbnail (or why not). */
async function picturePages(
  browser: Browser,
  origin: string,
  pages: readonly GlancePage[],
  sizes: readonly PictureSize[],
  at: number,
): Promise<GlanceSheet['pages']> {
  const jobs = pages.flatMap((page) => sizes.map((size) => ({ page, size })));
  const thumbnails = await mapLimited(jobs, CORES, async ({ page, size }): Promise<GlanceThumbnail> => {
    try {
      return {
        size: size.name,
        viewport: size.width,
        ...(await thumbnail(await takePicture(browser, origin, page.path, { size, at, fullPage: false, firstPaint: true }), size)),
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n', 1)[0]! : String(error);
      return { size: size.name, viewport: size.width, width: 0, height: 0, error: reason };
    }
  });
  return pages.map((page) => ({ ...page, thumbnails: thumbnails.filter((_, index) => jobs[index]!.page === page) }));
}

/** The width of a thumbnail: half the page's, at most 320 px (a phone's 188 px, a desktop's 320 px). */
export const thumbnailWidth = (size: PictureSize) => Math.min(Math.round(size.width / 2), 320);

/** The top of a page, one screen high, scaled down to a thumbnail: a small JPEG. */
export async function thumbnail(picture: Buffer, size: PictureSize): Promise<{ jpeg: Buffer; width: number; height: number }> {
  const meta = await sharp(picture).metadata();
  const width = meta.width ?? size.width;
  const height = Math.min(meta.height ?? size.height, Math.round((size.height * width) / size.width));
  const { data, info } = await sharp(picture)
    .extract({ left: 0, top: 0, width, height })
    .resize({ width: thumbnailWidth(size) })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 70, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, width: info.width, height: info.height };
}
