import type { BreadcrumbList, FAQPage, Organization, Product, WebPage, WithContext } from 'schema-dts';
import type { Alternate } from './routes.ts';

/**
 * A page's head (part of core/model.ts): computed by the runtime (runtime/route-head.ts and
 * runtime/head.ts) the same way on the server and in the client, and written into each
 * prerendered page by the build (generator/emit/templates.ts, generator/prerender/page-render.ts).
 */

/** A page's structured data (one schema.org object of the kinds the sites describe). */
export type JsonLd = WithContext<Exclude<Organization | WebPage | Product | FAQPage | BreadcrumbList, string>>;

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
