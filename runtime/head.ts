import { currentPrice } from '../core/offers.ts';
import type { Head, PageContent, ProductData, RouteInfo, SiteData, SocialTag } from '../core/model.ts';
import type { ContentStore } from './content.ts';
import type { BreadcrumbList, FAQPage, Product, WebPage, WithContext } from 'schema-dts';
import { formatPrice } from '../core/format.ts';
import { formatsOf } from '../core/locale.ts';
import { productImagePath, shareImagePath } from '../core/image-urls.ts';
import { absoluteUrl, pageHead } from './route-head.ts';
import { availability, merchantDetails, organization, priceValidUntil } from './structured-data.ts';
import type { JsonLd } from './structured-data.ts';

/** Open Graph's locale form (`en_US`), for a locale of a real country; undefined for one that is not (en-EU). */
function ogLocale(locale: string): string | undefined {
  const [language, country] = locale.split('-');
  return language && country && /^[A-Z]{2}$/.test(country) && country !== 'EU' ? `${language}_${country}` : undefined;
}

/**
 * The head of a route at an instant: what its route and text say (runtime/route-head.ts), with
 * its structured data and share tags. `texts` looks up interface texts (the site name and the
 * not-found title) and the route's product. A route without loaded content is the not-found page.
 */
export function headFor(
  site: SiteData,
  route: RouteInfo | undefined,
  content: PageContent | undefined,
  texts: Pick<ContentStore, 'message' | 'product'>,
  now: number,
): Head {
  const head = pageHead(site, route, content, texts, now);
  const siteName = texts.message('site.name');
  if (!route || !content) return { ...head, jsonLd: [organization(site, siteName)] };
  const canonical = head.canonical!;
  // A page not yet translated is in its source's language: said in its structured data and share tags.
  const textLang = route.fallback ?? head.lang;
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
  if (route.kind === 'faq' && content.sections.length > 0) jsonLd.push(faqLd(content));
  if (route.kind === 'product' || route.kind === 'content') jsonLd.push(breadcrumbLd(site, content, siteName, canonical));
  const social = socialTags(site, texts, head.alternates, content, siteName, canonical, textLang, product, price, share);
  return { ...head, jsonLd, social };
}

function faqLd(content: PageContent): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: content.sections.map((section) => ({
      '@type': 'Question',
      name: section.heading,
      acceptedAnswer: { '@type': 'Answer', text: section.text },
    })),
  } satisfies WithContext<FAQPage>;
}

function breadcrumbLd(site: SiteData, content: PageContent, siteName: string, canonical: string): JsonLd {
  const home = absoluteUrl(site, site.basePath || '/');
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: siteName, item: home },
      { '@type': 'ListItem', position: 2, name: content.heading, item: canonical },
    ],
  } satisfies WithContext<BreadcrumbList>;
}

/**
 * The Open Graph and Twitter tags: the page's text, its locales, its share image and its product's
 * price (arguments in a row, not an object: smaller in the bundle).
 */
function socialTags(
  site: SiteData,
  texts: Pick<ContentStore, 'message'>,
  alternates: Head['alternates'],
  content: PageContent,
  siteName: string,
  canonical: string,
  textLang: string,
  product: ProductData | undefined,
  price: number | undefined,
  share: string,
): SocialTag[] {
  const tax = site.market.tax ? ` ${texts.message(site.market.tax === 'included' ? 'product.taxIncluded' : 'product.taxExcluded')}` : '';
  const locale = ogLocale(textLang);
  return [
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
}
