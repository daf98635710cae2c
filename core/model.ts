/**
 * The contract between the generator and the runtime: what a generated region module holds.
 * The generator emits data of these shapes into sites/<code>/region.ts and the page modules.
 * Where content passes through unchanged, its shape is the schema's own (schema/types.ts);
 * the shapes here are only what resolving adds (instants in epoch milliseconds, defaults
 * filled in, names checked).
 */
import type { ConstantsFile, Nav, PageFile, Product, RegionFile, Route } from '../schema/types.ts';
import type { RouteKind } from './kinds.ts';
import { routeShard, routeShardCount } from './paths.ts';

/**
 * Names are content: a region code, a page name or a product key is whatever the content says.
 * Each generated region module narrows them to the exact unions of its region (`PageName`,
 * `ProductKey`, `MessageKey` in sites/<code>/region.ts), so a misspelt name is a type error there.
 */
export type RegionCode = string;
export type PageName = string;
export type ProductKey = string;

export type PageSection = NonNullable<PageFile['sections']>[number];
/** One row of a product's specifications. */
export type PageSpec = NonNullable<PageFile['specs']>[number];
export type PageDownload = NonNullable<PageFile['downloads']>[number];

/**
 * A raster image the build made from source art in `content/assets/`: `src` is the address
 * without its variant suffix; the variants are `${src}.small.webp` (the intrinsic width) and
 * `${src}.2x.webp` (twice it), with `.png` twins for browsers without webp.
 */
export interface ImageAsset {
  readonly src: string;
  readonly width: number;
  readonly height: number;
}

/** A gallery picture: its source art resolved to the image the build makes of it. */
export interface GalleryImage extends Omit<NonNullable<PageFile['gallery']>[number], 'image'> {
  readonly image: ImageAsset;
}

/** A page's text with its defaults filled in, and its pictures resolved. */
export interface PageContent extends Omit<PageFile, 'keywords' | 'lead' | 'sections' | 'template' | 'gallery' | 'specs' | 'downloads' | 'lineup' | 'featured' | 'translates'> {
  readonly keywords: readonly string[];
  readonly lead: string;
  readonly sections: readonly PageSection[];
  /** A legal page whose text is a template (the page says so). */
  readonly template?: true;
  readonly specs?: readonly PageSpec[];
  readonly gallery?: readonly GalleryImage[];
  readonly downloads?: readonly PageDownload[];
  /** Products of the line-up (home), keys of the region's products. */
  readonly lineup?: readonly ProductKey[];
  /** The product the home page's hero offers (a key of the region's products). */
  readonly featured?: ProductKey;
  /** The same page in every region that has it, plus `x-default` (see `pageText`). */
  readonly alternates?: readonly Alternate[];
}

/** Something that shows only during some stages of a named stages list. */
export interface StageGate {
  /** Name of a list in `RegionData.stages`. */
  readonly stages: string;
  readonly stage: readonly number[];
}

/** One `hreflang` alternate of a page: the same page in another region (or `x-default`). */
export interface Alternate {
  readonly hreflang: string;
  readonly href: string;
}

/** What the runtime knows of a route before its content is loaded. */
export interface RouteInfo {
  readonly page: PageName;
  /** How the page is laid out (core/kinds.ts). */
  readonly kind: RouteKind;
  /** Normalised absolute path, including the region prefix: `/us/choose-your-region`, `/`. */
  readonly path: string;
  /** Path this route redirects to (new-release -> mini-robot). */
  readonly redirect?: string;
  readonly product?: ProductKey;
  readonly scroll?: Route['scroll'];
  /** Time window in epoch milliseconds; outside it visitors are sent home. */
  readonly window?: { readonly start?: number; readonly end?: number };
  /**
   * The language of the page's text (BCP 47, `en`) when it is not the region's: a page not yet
   * translated, shown in its source text (docs/translations.md, "Pages not yet translated").
   * Absent when the text is the region's own language.
   */
  readonly fallback?: string;
}

/** A route with its text, as the generator resolves it. */
export interface RouteData extends RouteInfo {
  /** The page's text; absent on a redirect. */
  readonly content?: PageContent;
  /** The same page in every region that has it, plus `x-default`; absent on a redirect. */
  readonly alternates?: readonly Alternate[];
}

/**
 * What the runtime loads for a route: its text with its `hreflang` alternates. The alternates
 * are the same for every region that has the page, so a text shared by several regions carries
 * them once; the entry's route table stays free of them (they grow with every region and page).
 */
export function pageText(route: RouteData): PageContent | undefined {
  if (!route.content) return undefined;
  return route.alternates ? { ...route.content, alternates: route.alternates } : route.content;
}

/**
 * A reduction's prior price (docs/market.md): while the activity runs from `start` to `end`
 * (epoch ms), its price is announced against `price`, the lowest of the 30 days before `start`.
 */
export interface PriorPrice {
  readonly start: number;
  readonly end?: number;
  readonly price: number;
}

/** What a region's market expects of it (region.yaml `market`): each setting present only when on. */
export interface MarketData {
  /** Reductions are announced against the prior price (products carry `priorPrices`). */
  readonly priorPrice?: true;
  /** How prices stand to tax, said next to each of them. */
  readonly tax?: 'included' | 'excluded';
  /** Analytics wait for consent: the footer's way back to the choice, labelled so (the banner itself is the build's). */
  readonly consent?: { readonly settings: string };
  /** How the shop ships (merchant listings): cost in the region's currency, days as [fewest, most], destination countries. */
  readonly shipping?: { readonly rate: number; readonly handlingDays: readonly [number, number]; readonly transitDays: readonly [number, number]; readonly countries: readonly string[] };
  /** The shop's return policy (merchant listings). */
  readonly returns?: { readonly days: number; readonly fees: 'free' | 'customer'; readonly countries: readonly string[] };
}

/** A product as the runtime reads it: instants in epoch milliseconds, bundle parts checked. */
export interface ProductData extends Omit<Product, 'activityTime' | 'includes'> {
  /** When the activity price applies: epoch milliseconds, or stages of a list. */
  readonly activityTime?: { readonly startTime?: number; readonly endTime?: number; readonly stages?: string; readonly stage?: readonly number[] };
  /** A bundle: the products it contains (keys of the same region). */
  readonly includes?: readonly ProductKey[];
  /** The bundles that contain this product (keys of the same region, sorted): the reverse of `includes`. */
  readonly bundles?: readonly ProductKey[];
  /** In a market with `priorPrice`: the prior price of each reduction not over yet, in order (computed by the build). */
  readonly priorPrices?: readonly PriorPrice[];
}

/** The time window of a page a link points at (epoch ms): the link shows exactly while the page is open. */
export interface LinkWindow {
  readonly window?: { readonly start?: number; readonly end?: number };
}

/** A navigation item with its children and hidden places always present (sorted). */
export interface NavItem extends Omit<Nav, 'children' | 'hidden' | 'stage'>, LinkWindow {
  readonly children: readonly NavItem[];
  readonly hidden: NonNullable<Nav['hidden']>;
  readonly stage?: readonly number[];
}

type FooterColumnFile = RegionFile['footerNavs'][number];
/** A column of footer links; a link to a time-windowed page carries its window. */
export interface FooterColumn extends Omit<FooterColumnFile, 'links'> {
  readonly links: readonly (FooterColumnFile['links'][number] & LinkWindow)[];
}

/** The business constants the runtime reads (constants.yaml without what only the build uses). */
export type Constants = Omit<ConstantsFile, 'backends' | 'fallbackLocale'>;

/** How every region appears to the others (the chooser, alternates). */
export interface RegionLink {
  readonly code: RegionCode;
  readonly label: string;
  readonly locale: string;
  readonly hreflang: string;
  /** The region's home path: `/` for the region at the root, `/us` for us. */
  readonly home: string;
  readonly origin: string;
  /** The region's own country (ISO 3166, or EU): the choice for a visitor who stored none. */
  readonly iso: string;
  /** Countries a visitor of the region may choose besides its own, with the label the region then has (the region chooser lists them). */
  readonly countries: Readonly<Record<string, string>>;
}

/** A locale's interface texts by dotted key. */
export type Messages = Readonly<Record<string, string>>;

/** The backend addresses of a region: production and pre-production API origins. */
export type ApiOrigins = ConstantsFile['backends'][string];

/**
 * Everything the generator resolves for a region. The client bundle gets it in three parts:
 * the site data (`SiteData`), the locale catalogue and one module per page text, loaded on
 * demand.
 */
export interface RegionData {
  readonly code: RegionCode;
  readonly locale: string;
  /** The locale its numbers, prices, lists and plurals are formatted in, when not `locale` (en-EU: en-IE); see `formatsOf`. */
  readonly formatLocale?: string;
  readonly hreflang: string;
  readonly currency: string;
  readonly label: string;
  readonly origin: string;
  /** The name of the back end that serves the region (a key of constants.yaml `backends`). */
  readonly backend: string;
  readonly api: ApiOrigins;
  /** '' for the region at the root, '/us' for us: what prefixes every path of the region. */
  readonly basePath: string;
  readonly hosts: { readonly production: string; readonly preproduction: readonly string[]; readonly cnToCom: boolean };
  /** Whether the region shows the customer-service chat shortcut. */
  readonly chat: boolean;
  readonly paymentMethods: RegionFile['paymentMethods'];
  readonly installment?: RegionFile['installment'];
  readonly links: RegionFile['links'];
  /** The region in the footer's region switch (its countries are in `regions`). */
  readonly regionSwitch: Omit<RegionFile['region'], 'countries'>;
  readonly media: RegionFile['media'];
  readonly copyright: string;
  readonly subscribe: RegionFile['subscribe'];
  readonly footerNavs: readonly FooterColumn[];
  readonly textBanner?: Omit<NonNullable<RegionFile['textBanner']>, 'stage'> & StageGate & LinkWindow;
  readonly countdown?: Omit<NonNullable<RegionFile['countdown']>, 'stage'> & StageGate & LinkWindow;
  readonly navs: readonly NavItem[];
  readonly company: RegionFile['company'];
  readonly market: MarketData;
  /** The stages lists this region uses, by name: sorted instants in epoch milliseconds. */
  readonly stages: Readonly<Record<string, readonly number[]>>;
  readonly products: Readonly<Record<ProductKey, ProductData>>;
  readonly routes: readonly RouteData[];
  /** Interface texts by dotted key, already merged with the catalogues this one extends. */
  readonly messages: Messages;
  /** Every region, in the content's order (weight, then code). */
  readonly regions: readonly RegionLink[];
  readonly constants: Constants;
}

/**
 * The part of a region the client bundle holds from the start (the region's entry): what every
 * page shows (header, footer, banners, stages), nothing that grows with the catalogue.
 */
export interface SiteData extends Omit<RegionData, 'routes' | 'messages' | 'products'> {
  /** The region chooser's path, when the region has one (header and footer link to it). */
  readonly chooser?: string;
}

/** The region's route table and products: what grows with the catalogue (see `RouteShardData`). */
export interface RouteTable {
  readonly routes: readonly RouteInfo[];
  readonly products: Readonly<Record<ProductKey, ProductData>>;
}

/**
 * One shard of a region's route table (sites/<code>/routes/<n>.ts; core/paths.ts `routeShard`
 * picks a path's shard): its routes and what their pages read of the products, the products
 * each shows with the bundles they belong to and the products those include, and, where a
 * support form lists every product, their names. A navigation loads the shard of its path only,
 * so what a visit loads does not grow with the catalogue.
 */
export interface RouteShardData {
  readonly routes: readonly RouteInfo[];
  readonly products: Readonly<Record<ProductKey, ProductData>>;
  /** The names of every product, sorted in the region's locale: only in a shard with a support form. */
  readonly productNames?: readonly string[];
}

/** The product a home page's hero offers: its `featured` product, else the first of its line-up. */
export function featuredProduct(page: Pick<PageContent, 'featured' | 'lineup'> | undefined): ProductKey | undefined {
  return page?.featured ?? page?.lineup?.[0];
}

function featuredProducts(page: PageContent | undefined): ProductKey[] {
  const key = featuredProduct(page);
  return key ? [key] : [];
}

/** Whether a route's page lists every product of the region by name (the support forms). */
export function listsProductNames(route: Pick<RouteInfo, 'kind'>): boolean {
  return route.kind === 'registration-form' || route.kind === 'return-form';
}

/** The names of every product of a region, once each, sorted in its locale. */
export function sortedProductNames(products: Readonly<Record<ProductKey, ProductData>>, locale?: string): readonly string[] {
  return [...new Set(Object.values(products).map((product) => product.name))].sort((a, b) => a.localeCompare(b, locale));
}

/** The route table in shards: `routeShardCount` of them, each route in its path's (core/paths.ts `routeShard`). */
export function shardRouteTable(table: RouteTable, pages: ReadonlyMap<string, PageContent>, locale?: string): RouteShardData[] {
  const count = routeShardCount(table.routes.length);
  const shardOf = (path: string) => routeShard(path, count);
  const shards = Array.from({ length: count }, () => ({ routes: [] as RouteInfo[], products: new Map<ProductKey, ProductData>(), names: false }));
  const add = (into: Map<ProductKey, ProductData>, key: ProductKey) => {
    const product = table.products[key];
    if (!product || into.has(key)) return;
    into.set(key, product);
    for (const related of [...(product.bundles ?? []), ...(product.includes ?? [])]) add(into, related);
  };
  for (const route of table.routes) {
    const shard = shards[shardOf(route.path)]!;
    shard.routes.push(route);
    if (route.redirect) continue;
    for (const key of [...(route.product ? [route.product] : []), ...(pages.get(route.path)?.lineup ?? []), ...featuredProducts(pages.get(route.path))]) add(shard.products, key);
    shard.names ||= listsProductNames(route);
  }
  return shards.map(({ routes, products, names }) => ({
    routes,
    products: Object.fromEntries([...products].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    ...(names && { productNames: sortedProductNames(table.products, locale) }),
  }));
}

/** Splits resolved region data into the entry's site data, the route table, the catalogue and the page texts. */
export function splitRegion(region: RegionData): { site: SiteData; table: RouteTable; messages: Messages; pages: ReadonlyMap<string, PageContent> } {
  const { messages, routes, products, ...rest } = region;
  const pages = new Map<string, PageContent>();
  const infos = routes.map((route) => {
    const { content, alternates, ...info } = route;
    const text = pageText(route);
    if (text) pages.set(info.path, text);
    return info;
  });
  const chooser = routes.find((route) => route.kind === 'region-chooser' && !route.redirect)?.path;
  const site: SiteData = { ...rest, ...(chooser !== undefined && { chooser }) };
  // A product's drawing is chosen at build time (its image is a file of its own): what pages
  // carry of the products has no need of the choice.
  const shown = Object.fromEntries(Object.entries(products).map(([key, { drawing: _drawing, palette: _palette, ...product }]) => [key, product]));
  return { site, table: { routes: infos, products: shown }, messages, pages };
}
