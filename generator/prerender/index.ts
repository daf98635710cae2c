import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ResolvedRegion } from '../resolve/index.ts';
import { renderTemplate } from '../emit/templates.ts';
import { createFileWriter, renderPage } from './page-render.ts';
import type { PageContext, PageJob } from './page-render.ts';
import { claimPage, startPageThread } from './page-thread.ts';
import { pageModules } from '../../core/kinds.ts';
import { pageText, splitRegion } from '../../core/model.ts';
import type { SiteDataFile } from '../../core/model.ts';
import type { ShareCardRenderer } from '../art/images.ts';
import { shareCardSvg } from '../art/share-cards.ts';
import { shareImagePath } from '../../core/image-urls.ts';
import type { ClientBundle } from '../bundle/client-css.ts';
import type { ServerRenderer } from '../bundle/server-renderer.ts';
import { hashedAsset, routeShardFiles, textAssets } from '../emit/text-assets.ts';
import type { TextAsset } from '../emit/text-assets.ts';

function outputPathFor(routePath: string, basePath: string): string {
  const rest = routePath.slice(basePath.length).replace(/^\/+/, '');
  return rest ? path.join(rest, 'index.html') : 'index.html';
}

export interface PrerenderedFile {
  /** Path relative to the region's folder. */
  path: string;
  route: string;
}

/**
 * Prerenders every route of a region at the build's instant, its not-found page and its static
 * files into `outDir`; `signal` stops it between files.
 */
export async function prerenderRegion(
  region: ResolvedRegion,
  renderer: ServerRenderer,
  client: ClientBundle,
  outDir: string,
  now: number,
  options: {
    signal?: AbortSignal;
    /** Where the share cards are rendered; without it, none is. */
    cards?: ShareCardRenderer;
    /** Only the pages of these paths (and no not-found page): a build of pages to picture. */
    only?: ReadonlySet<string>;
    /** From how many pages a page thread renders some of them (PAGES_FOR_A_THREAD). */
    pagesForAThread?: number;
  } = {},
): Promise<PrerenderedFile[]> {
  const { signal, cards, only } = options;
  const write = createFileWriter(outDir, signal);
  const data = region.data;
  const base = `${data.basePath}/`;
  // The routes' texts, which a navigation fetches (the first page's is inline in its HTML), and
  // the route table's shards that name them; none for pages to picture, which have no app.
  const assets = only ? new Map<string, TextAsset>() : textAssets(region);
  for (const text of assets.values()) write(text.file, text.json);
  const shards = only ? [] : routeShardFiles(data, assets);
  for (const shard of shards) write(shard.file, shard.json);
  // What every page of the region shares (its site data, catalogue and shards' names) is one
  // file, cached across pages under a name that changes with its content; each page inlines only its own data.
  const siteData = JSON.stringify({
    site: splitRegion(data).site,
    messages: data.messages,
    shards: shards.map((shard) => `${base}${shard.file}`),
  } satisfies SiteDataFile);
  const siteFile = hashedAsset(`site-${data.code}`, siteData);
  write(siteFile, siteData);
  const context: PageContext = {
    data,
    base,
    entry: client.entry,
    css: client.css,
    siteData: `${base}${siteFile}`,
    now,
    ...(region.consent && { consent: region.consent }),
  };
  const { written, jobs } = planPages(data, client, assets, only, write);
  // A page thread starts first: it loads while this thread draws the products and their cards.
  const pages = renderPages(renderer, context, jobs, write, outDir, options.pagesForAThread ?? PAGES_FOR_A_THREAD, signal);
  try {
    drawImages(data, renderer, outDir, write, cards);
  } catch (error) {
    await pages.stop();
    throw error;
  }
  await pages.render();
  if (!only) {
    write('404.html', await renderPage(renderer, context, { path: `${data.basePath}/404`, file: '404.html', preloads: [] }));
    written.push({ path: '404.html', route: `${data.basePath}/404` });
  }
  write('favicon.svg', renderTemplate('favicon.svg.hbs', { background: '#0b1a33' }));
  return written;
}

/**
 * The region's routes as the files they become: a redirect page written at once, every other
 * route a job for the page renderers.
 */
function planPages(
  data: ResolvedRegion['data'],
  client: ClientBundle,
  assets: ReadonlyMap<string, TextAsset>,
  only: ReadonlySet<string> | undefined,
  write: (file: string, content: string) => void,
): { written: PrerenderedFile[]; jobs: PageJob[] } {
  const base = `${data.basePath}/`;
  const written: PrerenderedFile[] = [];
  const jobs: PageJob[] = [];
  for (const route of data.routes) {
    if (only && !only.has(route.path)) continue;
    const file = outputPathFor(route.path, data.basePath);
    written.push({ path: file, route: route.path });
    const modules = pageModules(route);
    if (route.redirect || !modules) {
      // A static host cannot answer a redirect by itself: the page redirects at once, and the
      // canonical link tells search engines where the content lives.
      const target = route.redirect ?? (data.basePath || '/');
      write(
        file,
        renderTemplate('redirect.html.hbs', {
          lang: data.locale,
          page: route.page,
          target,
          canonical: `${data.origin}${target}`,
          text: data.messages['redirect.text'] ?? '',
        }),
      );
      continue;
    }
    const text = assets.get(route.path);
    jobs.push({
      path: route.path,
      file,
      preloads: client.preloadsFor(modules),
      content: pageText(route),
      ...(text && { text: `${base}${text.file}` }),
      kind: route.kind,
    });
  }
  return { written, jobs };
}

/**
 * The products' drawings, written, and the share cards drawn from them (generator/art/share-cards.ts):
 * one per product page, and the region's own for its other pages; drawn here first, so the image
 * workers (`cards`, images.ts) render them while the pages are prerendered.
 */
function drawImages(
  data: ResolvedRegion['data'],
  renderer: ServerRenderer,
  outDir: string,
  write: (file: string, content: string) => void,
  cards: ShareCardRenderer | undefined,
): void {
  const brand = data.messages['site.name'] ?? '';
  const drawings = new Map<string, string>();
  for (const [key, product] of Object.entries(data.products).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const drawing = renderer.renderProductImage(key, product.alt, product);
    drawings.set(key, drawing);
    write(`images/${key}.svg`, drawing);
  }
  const addCard = (relative: string, card: { title: string; brand: string; art: string }) =>
    cards?.add({ svg: shareCardSvg(card), target: path.join(outDir, relative) });
  const carded = new Set<string>();
  for (const route of data.routes) {
    const product = route.product && !route.redirect ? data.products[route.product] : undefined;
    if (!product || carded.has(route.product!)) continue;
    carded.add(route.product!);
    addCard(shareImagePath({ basePath: '' }, route.product).slice(1), { title: product.name, brand, art: drawings.get(route.product!)! });
  }
  addCard(shareImagePath({ basePath: '' }).slice(1), {
    title: brand,
    brand: new URL(data.origin).host,
    art: renderer.renderProductImage('brand', brand),
  });
}

/**
 * From how many pages a region's pages are rendered on two threads. A page thread starts in
 * about a third of a second (the renderer's module loaded again, the region's data copied) and
 * shares the cores with the disk's writes: measured on two cores, a region of 191 pages was
 * built no sooner with one, a region of 871 pages 0.8-1 s sooner (docs/performance.md).
 */
export const PAGES_FOR_A_THREAD = 300;

/**
 * Page threads at once in this process, one fewer than the cores (the build's own thread is the
 * last): the regions of a build prerender at once, and a region that finds none free renders on
 * the build's thread alone (eight threads of eight large regions would each load the renderer
 * and copy their region's data for two cores).
 */
const PAGE_THREADS = availableParallelism() - 1;
let pageThreads = 0;

/**
 * Renders and writes the pages of `jobs`: in this thread, and with a page thread beside it where
 * there are `threadFrom` pages or more (on a machine with more than one core), each taking the
 * next page until none is left. A failure of either stops both; it is thrown once both stopped.
 */
function renderPages(
  renderer: ServerRenderer,
  context: PageContext,
  jobs: PageJob[],
  write: (file: string, content: string) => void,
  outDir: string,
  threadFrom: number,
  signal?: AbortSignal,
) {
  const claims = new SharedArrayBuffer(8);
  const claimed = new Int32Array(claims);
  const thread =
    jobs.length >= threadFrom && pageThreads < PAGE_THREADS ? startPageThread({ renderer, context, jobs, claims, outDir }) : undefined;
  if (thread) {
    pageThreads++;
    void thread.catch(() => undefined).finally(() => pageThreads--);
    // A build stopped while this thread waits for the page thread: it takes no next page either.
    signal?.addEventListener('abort', () => Atomics.store(claimed, 1, 1), { once: true });
  }
  const stop = async () => {
    Atomics.store(claimed, 1, 1);
    await thread?.catch(() => undefined);
  };
  return {
    /** The page thread stopped after its page under way (this thread failed before its share). */
    stop,
    /** This thread's share of the pages, then the page thread's end. */
    async render(): Promise<void> {
      try {
        for (let index = claimPage(claimed, jobs.length); index !== undefined; index = claimPage(claimed, jobs.length)) {
          const job = jobs[index]!;
          write(job.file, await renderPage(renderer, context, job));
        }
      } catch (error) {
        await stop();
        throw error;
      }
      await thread;
    },
  };
}
