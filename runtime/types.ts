/**
 * The contract between the generator and the runtime: what a generated region module holds.
 * The generator emits data of these shapes into sites/<region>/region.ts.
 */

export const REGION_CODES = ['cn', 'us', 'uk', 'eu', 'fr', 'de', 'jp', 'kr'] as const;
export type RegionCode = (typeof REGION_CODES)[number];

/** Every page of the specification. A region has the ones its routes list. */
export const PAGE_NAMES = [
  'home',
  'choose-your-region',
  'new-release',
  'mini-robot',
  'flagship-bumblebee',
  'toy-story-buzz-lightyear',
  'flagship-megatron',
  'elite-optimus-prime',
  'grimlock-g1-flagship',
  'bumblebee-g1-performance',
  'ai-base',
  'buzz-lightyear-space-ranger-alpha',
  'flagship-optimus-prime',
  'optimus-prime-rise-of-the-beasts-signature-limited-edition',
  'k1-pro-interstellar-scout',
  'black-friday',
  'christmas-sale',
  'where-to-buy',
  'where-to-buy/hongkong-macao',
  'manuals',
  'product-registration',
  'return-manufacturer',
  'support',
  'faq',
  'account',
  'cookies-policy',
  'privacy-policy',
  'terms-use',
  'technical-support',
] as const;
export type PageName = (typeof PAGE_NAMES)[number];

/** The product keys of the specification (aliases are distinct keys). */
export const PRODUCT_KEYS = [
  'miniRobot',
  'flagshipBumblebee',
  'toyStoryBuzzLightyear',
  'flagshipMegatron',
  'grimlockG1Flagship',
  'bumblebeeG1Performance',
  'optimusPrimeRiseOfTheBeastsSignatureLimitedEdition',
  'eliteOptimusPrime',
  'aiBase',
  'interstellarScoutK1',
  'k1ProInterstellarScout',
  'interstellarScoutK1pro',
  'interstellarAgentT9',
  't9',
  'buzzLightyearSpaceRangerAlpha',
  'flagshipOptimusPrime',
  'eliteOptimusPrimeAiBase',
] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

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

/** Something that shows only during some stages of a named stages list. */
export interface StageGate {
  /** Name of a list in `RegionData.stages`. */
  readonly stages: string;
  readonly stage: readonly number[];
}

export interface RouteData {
  readonly page: PageName;
  /** Normalised absolute path, including the region prefix: `/us/choose-your-region`, `/`. */
  readonly path: string;
  /** The page's text; absent on a redirect. */
  readonly content?: PageContent;
  /** Path this route redirects to (new-release -> mini-robot). */
  readonly redirect?: string;
  readonly product?: ProductKey;
  readonly scroll?: 'banner' | 'header' | 'app-menu';
  /** Time window in epoch milliseconds; outside it visitors are sent home. */
  readonly window?: { readonly start?: number; readonly end?: number };
}

export interface ProductData {
  readonly name: string;
  readonly link: string;
  readonly buy: string;
  readonly alt: string;
  readonly price: number;
  readonly activityPrice?: number;
  /** When the activity price applies: epoch milliseconds, or stages of a list. */
  readonly activityTime?: { readonly startTime?: number; readonly endTime?: number; readonly stages?: string; readonly stage?: readonly number[] };
  readonly stock: number;
  readonly isPreSale: boolean;
}

export interface NavItem {
  readonly label: string;
  readonly footerLabel?: string;
  readonly link?: string;
  readonly identify?: string;
  readonly children: readonly NavItem[];
  readonly tag?: { readonly label: string; readonly color: string };
  readonly hidden: readonly ('header' | 'footer' | 'mobile' | 'desktop')[];
  readonly icon?: string;
  readonly color?: string;
  readonly stages?: string;
  readonly stage?: readonly number[];
}

export interface Constants {
  readonly codes: { readonly success: number; readonly authExpired: number };
  readonly timeouts: { readonly default: number; readonly serverTime: number; readonly authRedirectDelay: number };
  readonly durations: { readonly toast: number; readonly notification: number; readonly collapse: number };
  readonly breakpoints: {
    readonly desktop: number;
    readonly tablet: number;
    readonly mobileMax: number;
    readonly collapse: { readonly window: number; readonly ipad: number };
    readonly theme: readonly number[];
  };
  readonly textFloatTranslate: number;
  readonly cookiePath: string;
  readonly chat: { readonly iconDelay: number; readonly startupWait: number; readonly apiWait: number; readonly poll: number; readonly resetDelay: number };
  readonly passwordMinimum: number;
  readonly newUserReward: number;
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
  readonly hosts: { readonly production: string; readonly preproduction: readonly string[]; readonly cnToCom: boolean };
  readonly paymentMethods: readonly string[];
  readonly installment?: { readonly months?: number; readonly text?: string };
  readonly links: { readonly home: string; readonly shop: string; readonly account: string; readonly tmall?: string };
  readonly regionSwitch: { readonly iso: string; readonly label: string; readonly link: string };
  readonly media: readonly { readonly network: string; readonly link: string }[];
  readonly copyright: string;
  readonly subscribe: {
    readonly title: string;
    readonly text: string;
    readonly placeholder: string;
    readonly button: string;
    readonly invalidEmail: string;
    readonly success: string;
    readonly agreement: string;
    readonly weeklyOptIn: string;
    readonly memberOptIn: string;
  };
  readonly footerNavs: readonly { readonly label: string; readonly links: readonly { readonly label: string; readonly link: string }[] }[];
  readonly textBanner?: { readonly link: string; readonly label: string; readonly bg: string } & StageGate;
  readonly countdown?: { readonly title: string; readonly button: string; readonly link: string } & StageGate;
  readonly navs: readonly NavItem[];
  readonly company: { readonly name: string; readonly address: readonly string[] };
  /** The stages lists this region uses, by name: sorted instants in epoch milliseconds. */
  readonly stages: Readonly<Record<string, readonly number[]>>;
  readonly products: { readonly [K in ProductKey]?: ProductData };
  readonly routes: readonly RouteData[];
  /** Interface texts by dotted key, already merged with the catalogues this one extends. */
  readonly messages: Readonly<Record<string, string>>;
  readonly regions: readonly RegionLink[];
  readonly constants: Constants;
}
