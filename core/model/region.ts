import type { ConstantsFile, Nav, RegionFile } from '../../schema/types.ts';
import type { ProductKey, RegionCode } from './names.ts';
import type { ProductData } from './products.ts';
import type { RouteData } from './routes.ts';

/** A region as the generator resolves it, and how it appears to the others (part of core/model.ts). */

/** Something that shows only during some stages of a named stages list. */
export interface StageGate {
  /** Name of a list in `RegionData.stages`. */
  readonly stages: string;
  readonly stage: readonly number[];
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
  readonly shipping?: {
    readonly rate: number;
    readonly handlingDays: readonly [number, number];
    readonly transitDays: readonly [number, number];
    readonly countries: readonly string[];
  };
  /** The shop's return policy (merchant listings). */
  readonly returns?: { readonly days: number; readonly fees: 'free' | 'customer'; readonly countries: readonly string[] };
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
  /**
   * The IANA time zone its team plans in (region.yaml `timeZone`, default UTC): where tools show
   * an instant to people (`build-region diff`), they write it there, with its offset then.
   */
  readonly timeZone: string;
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
