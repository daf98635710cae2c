import { isRouteOpen } from '../core/time.ts';
import type { Head, PageContent, RouteInfo, SiteData } from '../core/model.ts';
import type { ContentStore } from './content.ts';

/**
 * What a page's head says from its route and text alone, and how a head is written into the
 * document. The client loads this with the router's code (runtime/shell/router.tsx), not with
 * runtime/head.ts, which adds the structured data and share tags in a chunk of its own: a
 * navigation whose head chunk is slow or fails still leaves no head of the page before.
 */

// What a head holds is the model's (core/model/head.ts): the build writes it into each page.
export type { JsonLd } from '../core/model.ts';

/** The absolute URL of a path on the region's production origin. */
export function absoluteUrl(site: Pick<SiteData, 'origin'>, path: string): string {
  return `${site.origin}${path}`;
}

/**
 * A route's head without structured data and share tags (runtime/head.ts `headFor` adds them).
 * `texts` looks up the site name and the not-found title. A route without loaded content is the
 * not-found page.
 */
export function pageHead(
  site: SiteData,
  route: RouteInfo | undefined,
  content: PageContent | undefined,
  texts: Pick<ContentStore, 'message'>,
  now: number,
): Head {
  if (!route || !content) {
    return {
      lang: site.locale,
      title: [texts.message('notFound.title'), texts.message('site.name')].filter(Boolean).join(' | '),
      description: '',
      keywords: '',
      robots: 'noindex',
      alternates: [],
      jsonLd: [],
      social: [],
      body: { 'data-page': 'not-found', 'data-kind': 'not-found' },
    };
  }
  return {
    // <html lang> is the region's (its navigation, footer and prices); a page not yet translated
    // says its text's language on <main> (App.tsx), in its structured data and share tags.
    lang: content.lang ?? site.locale,
    title: content.title,
    description: content.description,
    keywords: content.keywords.join(', '),
    canonical: absoluteUrl(site, route.path),
    // Account screens are for visitors, not for search results (and are not in the sitemap).
    ...((!isRouteOpen(route, now) || route.kind === 'account') && { robots: 'noindex' }),
    // A page not yet translated is no language version of the page: it announces no alternates.
    alternates: route.fallback ? [] : (content.alternates ?? []),
    jsonLd: [],
    social: [],
    body: { 'data-page': route.page, 'data-kind': route.kind },
  };
}

function setMeta(doc: Document, name: string, value: string | undefined): void {
  let element = doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!value) {
    element?.remove();
    return;
  }
  if (!element) {
    element = doc.createElement('meta');
    element.name = name;
    doc.head.append(element);
  }
  element.content = value;
}

/**
 * Brings the document's head in line with `head` after a client-side navigation. Every tag of
 * the kinds a head holds is replaced: the page before leaves none (structured data and share
 * tags that `head` lacks are removed).
 */
export function applyHead(doc: Document, head: Head): void {
  doc.documentElement.lang = head.lang;
  for (const [name, value] of Object.entries(head.body)) doc.body.setAttribute(name, value);
  doc.title = head.title;
  setMeta(doc, 'description', head.description);
  setMeta(doc, 'keywords', head.keywords);
  setMeta(doc, 'robots', head.robots);
  let canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (head.canonical) {
    if (!canonical) {
      canonical = doc.createElement('link');
      canonical.rel = 'canonical';
      doc.head.append(canonical);
    }
    canonical.href = head.canonical;
  } else canonical?.remove();
  for (const link of doc.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.remove();
  for (const alternate of head.alternates) {
    const link = doc.createElement('link');
    link.rel = 'alternate';
    link.hreflang = alternate.hreflang;
    link.href = alternate.href;
    doc.head.append(link);
  }
  for (const meta of doc.head.querySelectorAll('meta[property^="og:"], meta[property^="product:"], meta[name^="twitter:"]')) meta.remove();
  for (const tag of head.social) {
    const meta = doc.createElement('meta');
    meta.setAttribute(tag.attr, tag.key);
    meta.content = tag.content;
    doc.head.append(meta);
  }
  for (const script of doc.head.querySelectorAll('script[type="application/ld+json"]')) script.remove();
  for (const data of head.jsonLd) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify(data);
    doc.head.append(script);
  }
}
