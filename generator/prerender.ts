import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedRegion } from './resolve/index.ts';
import { renderPageShell, renderTemplate } from './templates.ts';
import { pageModules } from '../core/kinds.ts';
import type { SiteDataFile } from '../runtime/content.ts';
import { pageText, splitRegion } from '../core/model.ts';
import type { PageContent } from '../core/model.ts';
import type { RouteKind } from '../core/kinds.ts';
import { serializeJsonLd } from '../core/json-ld.ts';
import type { ShareCardRenderer } from './images.ts';
import { shareCardSvg } from './share-cards.ts';
import { shareImagePath } from '../core/image-urls.ts';
import type { ClientBundle } from './client-build.ts';
import type { ServerRenderer } from './server-renderer.ts';
import { hashedAsset, textAssets } from './text-assets.ts';
import type { TextAsset } from './text-assets.ts';

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
  } = {},
): Promise<PrerenderedFile[]> {
  const written: PrerenderedFile[] = [];
  const files = createFileWriter(outDir, options.signal);
  try {
    await prerenderFiles({ region, renderer, client, now, outDir, write: files.write, written, cards: options.cards, only: options.only });
  } finally {
    await files.settled();
  }
  return written;
}

/**
 * Writes files under `dir` while the caller goes on (the next page renders meanwhile), a few at
 * once: written one after the other, the waits for the disk were a third of a page's cost.
 * `settled` waits for every write, then throws the first that failed; `write` throws once one
 * has failed, or `signal` is aborted.
 */
function createFileWriter(dir: string, signal?: AbortSignal) {
  const writing = new Set<Promise<void>>();
  let failed: { error: unknown } | undefined;
  return {
    async write(relative: string, content: string): Promise<void> {
      signal?.throwIfAborted();
      if (failed) throw failed.error;
      while (writing.size >= WRITES_AT_ONCE) await Promise.race(writing);
      const target = path.join(dir, relative);
      const job: Promise<void> = mkdir(path.dirname(target), { recursive: true })
        .then(() => writeFile(target, content))
        .catch((error: unknown) => void (failed ??= { error }))
        .finally(() => writing.delete(job));
      writing.add(job);
    },
    async settled(): Promise<void> {
      await Promise.all(writing);
      if (failed) throw failed.error;
    },
  };
}

const WRITES_AT_ONCE = 8;

/**
 * Whether a rendered page's <main> holds something live at once (`data-live`, runtime/parts.ts),
 * but for a screen for logged-in visitors (`data-login`), which the app sends a visitor with no
 * login away from before its code is needed.
 */
function liveContent(html: string): boolean {
  const main = /<main\b[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
  return /\sdata-live=""/.test(main) && !/\sdata-login="/.test(main);
}

/** The files of a region (see prerenderRegion), each handed to `write`, each page noted in `written`. */
async function prerenderFiles(job: {
  region: ResolvedRegion;
  renderer: ServerRenderer;
  client: ClientBundle;
  now: number;
  outDir: string;
  write: (relative: string, content: string) => Promise<void>;
  written: PrerenderedFile[];
  cards?: ShareCardRenderer;
  only?: ReadonlySet<string>;
}): Promise<void> {
  const { region, renderer, client, now, outDir, write, written, cards, only } = job;
  const data = region.data;
  const base = `${data.basePath}/`;
  // What every page of the region shares (its site data and catalogue) is one file, cached
  // across pages under a name that changes with its content; each page inlines only its own data.
  const siteData = JSON.stringify({ site: splitRegion(data).site, messages: data.messages } satisfies SiteDataFile);
  const siteFile = hashedAsset(`site-${data.code}`, siteData);
  await write(siteFile, siteData);
  // The routes' texts, which a navigation fetches (the first page's is inline in its HTML); none
  // for pages to picture, which have no app.
  const assets = only ? new Map<string, TextAsset>() : textAssets(region);
  for (const text of assets.values()) await write(text.file, text.json);
  const shell = async (routePath: string, modules: string[], content?: PageContent, kind?: RouteKind) => {
    const rendered = await renderer.renderPage(data, routePath, now);
    const live = liveContent(rendered.html);
    return renderPageShell({
      head: rendered.head,
      jsonLd: rendered.head.jsonLd.map(serializeJsonLd),
      base,
      entry: client.entry,
      css: client.css,
      // The page's own chunks load with the app only where its content is live at once
      // (runtime/parts.ts); elsewhere they load when the content is wanted.
      preloads: client.preloadsFor(live ? modules : []),
      siteData: `${base}${siteFile}`,
      html: rendered.html,
      now,
      // The 404 page is served at any path that is no route: its data names none.
      // The page's text is inline where its content hydrates at once; elsewhere it is fetched
      // with the content's code, when the content is wanted (runtime/parts.ts).
      routeData: serializeJsonLd({
        ...(rendered.route && { path: routePath }),
        ...(content && live && { page: content }),
        // Not inline, the text's file is named, so that the content's first load needs no route table shard.
        ...(content && !live && assets.has(routePath) && { text: `${base}${assets.get(routePath)!.file}` }),
        ...rendered.data,
      }),
      ...(region.consent && { consent: region.consent }),
      ...(kind === 'region-chooser' && { countryChoice: true }),
    });
  };
  const brand = data.messages['site.name'] ?? '';
  const drawings = new Map<string, string>();
  for (const [key, product] of Object.entries(data.products).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const drawing = renderer.renderProductImage(key, product.alt, product);
    drawings.set(key, drawing);
    await write(`images/${key}.svg`, drawing);
  }
  // Share cards (generator/share-cards.ts): one per product page, and the region's own for its
  // other pages; drawn here first, so the image workers (`cards`, images.ts) render them while
  // the pages are prerendered.
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
  for (const route of data.routes) {
    if (only && !only.has(route.path)) continue;
    const relative = outputPathFor(route.path, data.basePath);
    const modules = pageModules(route);
    if (route.redirect || !modules) {
      // A static host cannot answer a redirect by itself: the page redirects at once, and the
      // canonical link tells search engines where the content lives.
      const target = route.redirect ?? (data.basePath || '/');
      await write(
        relative,
        renderTemplate('redirect.html.hbs', {
          lang: data.locale,
          page: route.page,
          target,
          canonical: `${data.origin}${target}`,
          text: data.messages['redirect.text'] ?? '',
        }),
      );
      written.push({ path: relative, route: route.path });
      continue;
    }
    await write(relative, await shell(route.path, modules, pageText(route), route.kind));
    written.push({ path: relative, route: route.path });
  }
  if (!only) {
    await write('404.html', await shell(`${data.basePath}/404`, []));
    written.push({ path: '404.html', route: `${data.basePath}/404` });
  }
  await write('favicon.svg', renderTemplate('favicon.svg.hbs', { background: '#0b1a33' }));
}
