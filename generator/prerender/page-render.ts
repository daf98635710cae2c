// One prerendered page (generator/prerender/index.ts), in the build's thread or a page thread
// (generator/prerender/page-thread.ts): what a page is rendered from, and its HTML.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderPageShell } from '../emit/templates.ts';
import { serializeJsonLd } from '../../core/json-ld.ts';
import type { PageContent, RegionData } from '../../core/model.ts';
import type { RouteKind } from '../../core/kinds.ts';
import type { ConsentBanner } from '../resolve/model.ts';
import type { ServerRenderer } from '../bundle/server-renderer.ts';

/** What every page of a region is rendered with. */
export interface PageContext {
  data: RegionData;
  /** The region's base path with a trailing slash. */
  base: string;
  /** The client bundle's entry and inlined CSS. */
  entry: string;
  css: string;
  /** The URL of the region's site data file. */
  siteData: string;
  /** The build's instant. */
  now: number;
  consent?: ConsentBanner;
}

/** One page to prerender. */
export interface PageJob {
  /** The route's path (with the region's prefix). */
  path: string;
  /** The file, relative to the region's folder. */
  file: string;
  /** The modules the page's content needs, preloaded only where it is live at once. */
  preloads: string[];
  content?: PageContent;
  /** The URL of the route's text file, named where the content is not live at once. */
  text?: string;
  kind?: RouteKind;
}

/**
 * Whether a rendered page's <main> holds something live at once (`data-live`, runtime/parts.ts),
 * but for a screen for logged-in visitors (`data-login`), which the app sends a visitor with no
 * login away from before its code is needed.
 */
function liveContent(html: string): boolean {
  const start = html.indexOf('<main');
  if (start < 0) return false;
  const end = html.indexOf('</main>', start);
  // Found by indexOf within <main>, not by a regular expression over a copy of it (React writes
  // one space before each attribute).
  const within = (attribute: string) => {
    const at = html.indexOf(attribute, start);
    return at >= 0 && at < end;
  };
  return end >= 0 && within(' data-live=""') && !within(' data-login="');
}

/** A page's whole HTML. */
export async function renderPage(renderer: Pick<ServerRenderer, 'renderPage'>, context: PageContext, job: PageJob): Promise<string> {
  const { data, base, now } = context;
  const rendered = await renderer.renderPage(data, job.path, now);
  const live = liveContent(rendered.html);
  const { content } = job;
  return renderPageShell({
    head: rendered.head,
    jsonLd: rendered.head.jsonLd.map(serializeJsonLd),
    base,
    entry: context.entry,
    css: context.css,
    // The page's own chunks load with the app only where its content is live at once
    // (runtime/parts.ts); elsewhere they load when the content is wanted.
    preloads: live ? job.preloads : [],
    siteData: context.siteData,
    html: rendered.html,
    now,
    // The 404 page is served at any path that is no route: its data names none.
    // The page's text is inline where its content hydrates at once; elsewhere it is fetched
    // with the content's code, when the content is wanted (runtime/parts.ts).
    routeData: serializeJsonLd({
      ...(rendered.route && { path: job.path }),
      ...(content && live && { page: content }),
      // Not inline, the text's file is named, so that the content's first load needs no route table shard.
      ...(content && !live && job.text && { text: job.text }),
      ...rendered.data,
    }),
    ...(context.consent && { consent: context.consent }),
    ...(job.kind === 'region-chooser' && { countryChoice: true }),
  });
}

/**
 * Writes files under `dir`, each folder made once. Synchronously: a page's files are small and
 * go to the system's cache at once; written through the thread pool, their opens, writes and
 * closes waited behind one another and behind the share cards' (a third of a page's time).
 * `signal` stops it between files.
 */
export function createFileWriter(dir: string, signal?: AbortSignal) {
  const made = new Set<string>();
  return (relative: string, content: string | Uint8Array): void => {
    signal?.throwIfAborted();
    const target = path.join(dir, relative);
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(target, content);
  };
}
