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

/**
 * The account screens (SPEC.md section 2, "Account screens"). Every region has them, at
 * `/{region}/<screen>` (`/<screen>` in cn); their texts come from the locale's catalogue
 * (`account.screens.<camelCase>`), not from page files, and they are left out of the sitemap.
 */
export const ACCOUNT_SCREENS = [
  'login',
  'register',
  'verify-email',
  'set-password',
  'forgot-password',
  'secure-link-sent',
  'reset-password',
  'password-reset-success',
  'verification-success',
  'verification-failed',
  'profile',
] as const;
export type AccountScreen = (typeof ACCOUNT_SCREENS)[number];

export type PageName = (typeof PAGE_NAMES)[number] | AccountScreen;

export function isAccountScreen(page: string): page is AccountScreen {
  return (ACCOUNT_SCREENS as readonly string[]).includes(page);
}

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

/** One row of a product's specifications. */
export interface PageSpec {
  readonly label: string;
  readonly value: string;
}

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

export interface GalleryImage {
  readonly image: ImageAsset;
  readonly alt: string;
  readonly caption?: string;
}

export interface PageDownload {
  readonly title: string;
  readonly product?: string;
  readonly href: string;
  readonly format: string;
  readonly size: string;
}

export interface PageContent {
  /** Language of this page when it differs from the region's locale (BCP 47, e.g. zh-HK). */
  readonly lang?: string;
  readonly title: string;
  readonly description: string;
  readonly keywords: readonly string[];
  readonly heading: string;
  readonly lead: string;
  readonly sections: readonly PageSection[];
  /** A legal page whose text is a template (the page says so). */
  readonly template?: boolean;
  readonly specs?: readonly PageSpec[];
  readonly gallery?: readonly GalleryImage[];
  readonly downloads?: readonly PageDownload[];
  /** Products of the line-up (home), keys of the region's products. */
  readonly lineup?: readonly ProductKey[];
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
  /** Normalised absolute path, including the region prefix: `/us/choose-your-region`, `/`. */
  readonly path: string;
  /** Path this route redirects to (new-release -> mini-robot). */
  readonly redirect?: string;
  readonly product?: ProductKey;
  readonly scroll?: 'banner' | 'header' | 'app-menu';
  /** Time window in epoch milliseconds; outside it visitors are sent home. */
  readonly window?: { readonly start?: number; readonly end?: number };
  /** The same page in every region that has it, plus `x-default`; absent on a redirect. */
  readonly alternates?: readonly Alternate[];
}

/** A route with its text, as the generator resolves it. */
export interface RouteData extends RouteInfo {
  /** The page's text; absent on a redirect. */
  readonly content?: PageContent;
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
  /** A bundle: the products it contains (keys of the same region). */
  readonly includes?: readonly ProductKey[];
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
  readonly chat: { readonly iconDelay: number; readonly startupWait: number; readonly apiWait: number; readonly poll: number; readonly resetDelay: number; readonly provider?: string };
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

/** A locale's interface texts by dotted key. */
export type Messages = Readonly<Record<string, string>>;

/** The backend addresses of a region: production and pre-production API origins. */
export interface ApiOrigins {
  readonly production: string;
  readonly preproduction: string;
}

/**
 * Everything the generator resolves for a region. The client bundle gets it in three parts:
 * the site data (`SiteData`), the locale catalogue and one module per page text, loaded on
 * demand.
 */
export interface RegionData {
  readonly code: RegionCode;
  readonly locale: string;
  readonly hreflang: string;
  readonly currency: string;
  readonly label: string;
  readonly origin: string;
  readonly backend: 'us' | 'eu' | 'cn';
  readonly api: ApiOrigins;
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
  readonly messages: Messages;
  readonly regions: readonly RegionLink[];
  readonly constants: Constants;
}

/** The part of a region the client bundle holds from the start: no texts, no page content. */
export interface SiteData extends Omit<RegionData, 'routes' | 'messages'> {
  readonly routes: readonly RouteInfo[];
}

/** Splits resolved region data into what the entry holds, the catalogue and the page texts. */
export function splitRegion(region: RegionData): { site: SiteData; messages: Messages; pages: ReadonlyMap<string, PageContent> } {
  const { messages, routes, ...rest } = region;
  const pages = new Map<string, PageContent>();
  const infos = routes.map(({ content, ...info }) => {
    if (content) pages.set(info.path, content);
    return info;
  });
  return { site: { ...rest, routes: infos }, messages, pages };
}
