import { isActivityActive, isRouteOpen } from '../core/time.ts';
import type { Alternate, PageContent, ProductData, RouteInfo, SiteData } from '../core/model.ts';
import type { ContentStore } from './content.ts';
import { productImagePath } from '../core/image-urls.ts';

/** Everything a page's <head> says, computed the same way on the server and in the client. */
export interface Head {
  lang: string;
  title: string;
  description: string;
  keywords: string;
  /** Absolute canonical URL; absent on pages that are not for search engines (not found). */
  canonical?: string;
  /** 'noindex' on the not-found page, the account screens and a time-gated page outside its window. */
  robots?: string;
  alternates: readonly Alternate[];
  /** Structured data objects, one <script type="application/ld+json"> each. */
  jsonLd: readonly object[];
  /** Attributes of <body> from the route: `data-page` (its page name) and `data-kind` (its layout); `not-found` without a route. */
  body: { readonly 'data-page': string; readonly 'data-kind': string };
}

/** The absolute URL of a path on the region's production origin. */
export function absoluteUrl(site: Pick<SiteData, 'origin'>, path: string): string {
  return `${site.origin}${path}`;
}

function organization(site: SiteData, name: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.company.name,
    alternateName: name || undefined,
    url: absoluteUrl(site, site.basePath || '/'),
    logo: absoluteUrl(site, `${site.basePath}/favicon.svg`),
    address: { '@type': 'PostalAddress', streetAddress: site.company.address.join(', ') },
    sameAs: site.media.map((m) => m.link),
  };
}

/** schema.org availability of a product: sold out, pre-order or in stock. */
export function availability(product: { stock: number; isPreSale: boolean }): string {
  if (product.stock === 0) return 'https://schema.org/OutOfStock';
  if (product.isPreSale) return 'https://schema.org/PreOrder';
  return 'https://schema.org/InStock';
}

/** The price a product sells at now: the activity price while its activity runs. */
export function currentPrice(site: Pick<SiteData, 'stages'>, product: ProductData, now: number): number {
  return isActivityActive(site, product, now) ? product.activityPrice! : product.price;
}

/**
 * The head of a route at an instant. `texts` looks up interface texts (the site name and the
 * not-found title) and the route's product. A route without loaded content is the not-found page.
 */
export function headFor(site: SiteData, route: RouteInfo | undefined, content: PageContent | undefined, texts: Pick<ContentStore, 'message' | 'product'>, now: number): Head {
  const { message } = texts;
  const siteName = message('site.name');
  if (!route || !content) {
    return {
      lang: site.locale,
      title: [message('notFound.title'), siteName].filter(Boolean).join(' | '),
      description: '',
      keywords: '',
      robots: 'noindex',
      alternates: [],
      jsonLd: [organization(site, siteName)],
      body: { 'data-page': 'not-found', 'data-kind': 'not-found' },
    };
  }
  const canonical = absoluteUrl(site, route.path);
  const lang = content.lang ?? site.locale;
  const jsonLd: object[] = [
    organization(site, siteName),
    {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: content.title,
      description: content.description,
      url: canonical,
      inLanguage: lang,
      isPartOf: { '@type': 'WebSite', name: siteName, url: absoluteUrl(site, site.basePath || '/') },
    },
  ];
  const product = route.product ? texts.product(route.product) : undefined;
  if (route.product && product) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: content.description,
      sku: route.product,
      image: absoluteUrl(site, productImagePath(site, route.product)),
      brand: { '@type': 'Brand', name: siteName },
      offers: {
        '@type': 'Offer',
        url: canonical,
        price: currentPrice(site, product, now),
        priceCurrency: site.currency,
        availability: availability(product),
      },
    });
  }
  const open = isRouteOpen(route, now);
  return {
    lang,
    title: content.title,
    description: content.description,
    keywords: content.keywords.join(', '),
    canonical,
    // Account screens are for visitors, not for search results (and are not in the sitemap).
    ...((!open || route.kind === 'account') && { robots: 'noindex' }),
    alternates: content.alternates ?? [],
    jsonLd,
    body: { 'data-page': route.page, 'data-kind': route.kind },
  };
}

/**
 * JSON for a <script type="application/ld+json"> element. `<`, `>` and `&` are escaped as JSON
 * unicode escapes, so no content string can close the element or open a comment; U+2028 and
 * U+2029 are escaped for old parsers. The result parses back to the same value.
 */
export function serializeJsonLd(value: object): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
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

/** Brings the document's head in line with `head` after a client-side navigation. */
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
  for (const script of doc.head.querySelectorAll('script[type="application/ld+json"]')) script.remove();
  for (const data of head.jsonLd) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify(data);
    doc.head.append(script);
  }
}
