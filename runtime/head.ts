import { isRouteOpen } from '../core/time.ts';
import { currentPrice } from '../core/offers.ts';
import type { Alternate, PageContent, RouteInfo, SiteData } from '../core/model.ts';
import type { ContentStore } from './content.ts';
import type { BreadcrumbList, FAQPage, Product, WebPage, WithContext } from 'schema-dts';
import { formatPrice } from '../core/format.ts';
import { formatsOf } from '../core/locale.ts';
import { productImagePath, shareImagePath } from '../core/image-urls.ts';
import { absoluteUrl, availability, merchantDetails, organization, priceValidUntil } from './structured-data.ts';
import type { JsonLd } from './structured-data.ts';

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
  /** Structured data objects, one <script type="application/ld+json"> each (typed by schema.org's vocabulary, schema-dts). */
  jsonLd: readonly JsonLd[];
  /** Open Graph (`property`) and Twitter Card (`name`) tags: what a shared link shows. */
  social: readonly SocialTag[];
  /** Attributes of <body> from the route: `data-page` (its page name) and `data-kind` (its layout); `not-found` without a route. */
  body: { readonly 'data-page': string; readonly 'data-kind': string };
}

/** One share tag: `<meta property="og:title" content="…">` or `<meta name="twitter:card" content="…">`. */
export interface SocialTag {
  readonly attr: 'property' | 'name';
  readonly key: string;
  readonly content: string;
}

/** Open Graph's locale form (`en_US`), for a locale of a real country; undefined for one that is not (en-EU). */
function ogLocale(locale: string): string | undefined {
  const [language, country] = locale.split('-');
  return language && country && /^[A-Z]{2}$/.test(country) && country !== 'EU' ? `${language}_${country}` : undefined;
}

/**
 * The head of a route at an instant. `texts` looks up interface texts (the site name and the
 * not-found title) and the route's product. A route without loaded content is the not-found page.
 */
export function headFor(
  site: SiteData,
  route: RouteInfo | undefined,
  content: PageContent | undefined,
  texts: Pick<ContentStore, 'message' | 'product'>,
  now: number,
): Head {
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
      social: [],
      body: { 'data-page': 'not-found', 'data-kind': 'not-found' },
    };
  }
  const canonical = absoluteUrl(site, route.path);
  // <html lang> is the region's (its navigation, footer and prices); a page not yet translated
  // says its text's language on <main> (App.tsx), in its structured data and share tags.
  const lang = content.lang ?? site.locale;
  const textLang = route.fallback ?? lang;
  // A page not yet translated is no language version of the page: it announces no alternates.
  const alternates = route.fallback ? [] : (content.alternates ?? []);
  const jsonLd: JsonLd[] = [
    organization(site, siteName),
    {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: content.title,
      description: content.description,
      url: canonical,
      inLanguage: textLang,
      isPartOf: { '@type': 'WebSite', name: siteName, url: absoluteUrl(site, site.basePath || '/') },
    } satisfies WithContext<WebPage>,
  ];
  const product = route.product ? texts.product(route.product) : undefined;
  const price = product && currentPrice(site, product, now);
  const share = absoluteUrl(site, shareImagePath(site, product && route.product));
  if (route.product && product) {
    const validUntil = priceValidUntil(site, product, now);
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: content.description,
      sku: route.product,
      image: [share, absoluteUrl(site, productImagePath(site, route.product))],
      brand: { '@type': 'Brand', name: siteName },
      offers: {
        '@type': 'Offer',
        url: canonical,
        price,
        priceCurrency: site.currency,
        ...(validUntil && { priceValidUntil: validUntil }),
        availability: availability(product),
        itemCondition: 'https://schema.org/NewCondition',
        ...merchantDetails(site),
      },
    } satisfies WithContext<Product>);
  }
  if (route.kind === 'faq' && content.sections.length > 0) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: content.sections.map((section) => ({
        '@type': 'Question',
        name: section.heading,
        acceptedAnswer: { '@type': 'Answer', text: section.text },
      })),
    } satisfies WithContext<FAQPage>);
  }
  if (route.kind === 'product' || route.kind === 'content') {
    const home = absoluteUrl(site, site.basePath || '/');
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: siteName, item: home },
        { '@type': 'ListItem', position: 2, name: content.heading, item: canonical },
      ],
    } satisfies WithContext<BreadcrumbList>);
  }
  const tax = site.market.tax ? ` ${texts.message(site.market.tax === 'included' ? 'product.taxIncluded' : 'product.taxExcluded')}` : '';
  const locale = ogLocale(textLang);
  const social: SocialTag[] = [
    { attr: 'property', key: 'og:type', content: product ? 'product' : 'website' },
    { attr: 'property', key: 'og:site_name', content: siteName },
    { attr: 'property', key: 'og:title', content: content.title },
    { attr: 'property', key: 'og:description', content: content.description },
    { attr: 'property', key: 'og:url', content: canonical },
    ...(locale ? [{ attr: 'property' as const, key: 'og:locale', content: locale }] : []),
    ...[...new Set(alternates.map((a) => ogLocale(a.hreflang)).filter((l): l is string => l !== undefined && l !== locale))].map((l) => ({
      attr: 'property' as const,
      key: 'og:locale:alternate',
      content: l,
    })),
    { attr: 'property', key: 'og:image', content: share },
    { attr: 'property', key: 'og:image:width', content: '1200' },
    { attr: 'property', key: 'og:image:height', content: '630' },
    { attr: 'property', key: 'og:image:alt', content: product ? product.alt : siteName },
    ...(product && price !== undefined
      ? [
          { attr: 'property' as const, key: 'product:price:amount', content: String(price) },
          { attr: 'property' as const, key: 'product:price:currency', content: site.currency },
        ]
      : []),
    { attr: 'name', key: 'twitter:card', content: 'summary_large_image' },
    { attr: 'name', key: 'twitter:title', content: content.title },
    { attr: 'name', key: 'twitter:description', content: content.description },
    { attr: 'name', key: 'twitter:image', content: share },
    { attr: 'name', key: 'twitter:image:alt', content: product ? product.alt : siteName },
    ...(product && price !== undefined
      ? [
          { attr: 'name' as const, key: 'twitter:label1', content: texts.message('product.priceLabel') },
          { attr: 'name' as const, key: 'twitter:data1', content: `${formatPrice(price, formatsOf(site), site.currency)}${tax}` },
        ]
      : []),
  ];
  const open = isRouteOpen(route, now);
  return {
    lang,
    title: content.title,
    description: content.description,
    keywords: content.keywords.join(', '),
    canonical,
    // Account screens are for visitors, not for search results (and are not in the sitemap).
    ...((!open || route.kind === 'account') && { robots: 'noindex' }),
    alternates,
    jsonLd,
    social,
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
