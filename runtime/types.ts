/**
 * The contract between the generator and the runtime: what a generated region module holds.
 * The generator emits data of these shapes into sites/<region>/region.ts.
 */

export const REGION_CODES = ['cn', 'us', 'uk', 'eu', 'fr', 'de', 'jp', 'kr'] as const;
export type RegionCode = (typeof REGION_CODES)[number];

/** Pages the runtime knows how to render. */
export const PAGE_NAMES = ['home', 'choose-your-region'] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export interface PageSection {
  readonly heading: string;
  readonly text: string;
}

export interface PageContent {
  readonly title: string;
  readonly description: string;
  readonly keywords: readonly string[];
  readonly heading: string;
  readonly lead: string;
  readonly sections: readonly PageSection[];
}

export interface RouteData {
  readonly page: PageName;
  /** Normalised absolute path, including the region prefix: `/us/choose-your-region`, `/`. */
  readonly path: string;
  readonly content: PageContent;
}

/** How every region appears to the others (the chooser, alternates). */
export interface RegionLink {
  readonly code: RegionCode;
  readonly label: string;
  readonly locale: string;
  readonly hreflang: string;
  /** The region's home path: `/` for cn, `/us` for us. */
  readonly home: string;
  readonly origin: string;
}

export interface RegionData {
  readonly code: RegionCode;
  readonly locale: string;
  readonly hreflang: string;
  readonly currency: string;
  readonly label: string;
  readonly origin: string;
  readonly backend: 'us' | 'eu' | 'cn';
  /** '' for cn, '/us' for us: what prefixes every path of the region. */
  readonly basePath: string;
  readonly routes: readonly RouteData[];
  /** Interface texts by dotted key, already merged with the catalogues this one extends. */
  readonly messages: Readonly<Record<string, string>>;
  readonly regions: readonly RegionLink[];
}
