import type { RegionPriceHistory } from './products/prior-prices.ts';
import type { BackendsData } from '../../core/backends.ts';
import { HOME_PAGE } from '../../core/kinds.ts';
import type { RegionData } from '../../core/model.ts';
import { pagePath } from '../../core/paths.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import type { DrawableArt } from '../art/images.ts';

/** A region resolved for the runtime, with the source of each piece for late diagnostics. */
/**
 * The consent banner of a region that asks before analytics (region.yaml `market.consent`): its
 * texts (the catalogue's `consent` group, kept out of the pages' catalogue) and the policies it
 * links. The build writes it into every page; no code of the app renders it.
 */
export interface ConsentBanner {
  readonly texts: Readonly<
    Record<
      'title' | 'text' | 'accept' | 'reject' | 'settings' | 'save' | 'necessary' | 'analytics' | 'ads' | 'cookiePolicy' | 'privacyPolicy',
      string
    >
  >;
  readonly cookiePolicy: string;
  readonly privacyPolicy: string;
}

export interface ResolvedRegion {
  readonly data: RegionData;
  /** The consent banner, in a region that asks before analytics. */
  readonly consent?: ConsentBanner;
  /** Paths of the region (with its prefix) that another system on the same host serves (`hosts.elsewhere`), sorted. */
  readonly elsewhere: readonly string[];
  /** Where the text of each route with content comes from, by route path. */
  readonly texts: ReadonlyMap<string, TextSource>;
  /** The content files this region was made from, relative to the content folder, sorted. */
  readonly inputs: readonly string[];
}

/**
 * The source of a route's text: `pages/faq/en` for a page file (shared by every region that
 * uses it), `account/en-US/login` for an account screen (made from the locale's catalogue),
 * with the content files it is made from.
 */
export interface TextSource {
  readonly key: string;
  readonly inputs: readonly string[];
}

/** The typed model of the whole content: what `resolve` returns and every later stage reads. */
export interface SiteModel {
  /** The regions, in the content's order (weight, then code). */
  readonly regions: readonly ResolvedRegion[];
  /** What the back ends need to know of the sites (written as backends.json). */
  readonly backends: BackendsData;
  /** Every input file, for the banner of generated modules. */
  readonly inputs: readonly string[];
}

export interface ResolveResult {
  readonly model: SiteModel;
  readonly diagnostics: readonly Diagnostic[];
  /** The source art a build draws: every drawing `--check` passed. */
  readonly art: readonly DrawableArt[];
}

export interface ResolveOptions {
  /** The build's instant, for warnings about windows already over (default: no such warnings). */
  readonly now?: number;
  /**
   * The earlier versions of regions whose market announces prior prices, by region code
   * (generator/history/index.ts reads them from git); a region without one has its own timeline only.
   */
  readonly histories?: ReadonlyMap<string, RegionPriceHistory>;
}

/** Collects the problems a resolving step finds; steps report, they never throw on content. */
export type Report = (diagnostic: Diagnostic) => void;

/** The path of a page of a region: `home` is the region's base path itself. */
export function routePath(basePath: string, page: string): string {
  return pagePath(basePath, page === HOME_PAGE ? '' : page);
}

/** Code-unit order of the keys, for deterministic output. */
export function sortByKey<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
