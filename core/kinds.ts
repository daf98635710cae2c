import type { PageKind } from '../schema/types.ts';

/**
 * Page kinds: how a page is laid out. The kinds a route may name come from the region schema
 * (`PageKind`, schema/common.schema.json); a route that redirects has the kind `redirect`, and
 * the account screens, which every region has, the kind `account`. Names of pages, products and
 * regions are content; only kinds live in code, each with the runtime component that renders it.
 */
export type { PageKind };
export type RouteKind = PageKind | 'redirect' | 'account';

/**
 * The account screens (docs/runtime.md). Every region has them all, at
 * `{base}/<screen>`; their texts come from the locale's catalogue (`account.screens.<camelCase>`),
 * not from page files, and they are left out of the sitemap.
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

export function isAccountScreen(page: string): page is AccountScreen {
  return (ACCOUNT_SCREENS as readonly string[]).includes(page);
}

/** The page named `home` is a region's front page, at the region's base path. */
export const HOME_PAGE = 'home';

/**
 * The kind of a route that does not name one: a redirect, a product page when it names a
 * product, the front page for the page named home, else a content page.
 */
export function inferKind(route: {
  readonly page: string;
  readonly kind?: PageKind;
  readonly redirect?: string;
  readonly product?: string;
}): RouteKind {
  if (route.redirect !== undefined) return 'redirect';
  if (route.kind !== undefined) return route.kind;
  if (route.product !== undefined) return 'product';
  return route.page === HOME_PAGE ? 'home' : 'content';
}

/**
 * The runtime component of each kind that renders a page: runtime/pages/<name>.tsx, each its own
 * chunk. The account screens are each in their own module instead (`ACCOUNT_SCREEN_MODULES`).
 */
export const PAGE_COMPONENTS = {
  home: 'Home',
  product: 'ProductPage',
  content: 'ContentPage',
  faq: 'ContentPage',
  'region-chooser': 'ChooseRegion',
  'registration-form': 'FormPage',
  'return-form': 'FormPage',
} as const satisfies Record<Exclude<RouteKind, 'redirect' | 'account'>, string>;
export type PageComponentName = (typeof PAGE_COMPONENTS)[keyof typeof PAGE_COMPONENTS];

/** The module of runtime/account-screens/ that renders each account screen (a login page loads only the login's code). */
export const ACCOUNT_SCREEN_MODULES = {
  login: 'login',
  register: 'register',
  'verify-email': 'verify',
  'set-password': 'verify',
  'verification-success': 'verify',
  'verification-failed': 'verify',
  'forgot-password': 'password',
  'secure-link-sent': 'password',
  'reset-password': 'password',
  'password-reset-success': 'password',
  profile: 'profile',
} as const satisfies Record<AccountScreen, string>;

/** The component module that renders a route of a kind (none for a redirect or an account screen). */
export function pageComponentName(kind: RouteKind): PageComponentName | undefined {
  return kind === 'redirect' || kind === 'account' ? undefined : PAGE_COMPONENTS[kind];
}

/**
 * The runtime modules that render a route, relative to the package root: its kind's page
 * component, or the table of account screens and the screen's module; none for a redirect (or
 * an unknown screen).
 */
export function pageModules(route: { readonly kind: RouteKind; readonly page: string }): string[] | undefined {
  if (route.kind === 'account')
    return isAccountScreen(route.page)
      ? ['runtime/account-screens/registry.ts', `runtime/account-screens/${ACCOUNT_SCREEN_MODULES[route.page]}.tsx`]
      : undefined;
  const name = pageComponentName(route.kind);
  return name && [`runtime/pages/${name}.tsx`];
}

/**
 * The page components that render the region's countdown (runtime/components/Countdown.tsx):
 * the front page only. The schedule names these pages, and no others, when the countdown
 * shows or hides (tests/compiler/schedule.test.ts holds this list to the components' imports).
 */
export const COUNTDOWN_COMPONENTS: readonly PageComponentName[] = ['Home'];

/** Whether a route's page shows the region's countdown. */
export function showsCountdown(route: { readonly kind: RouteKind; readonly redirect?: string }): boolean {
  const name = route.redirect === undefined ? pageComponentName(route.kind) : undefined;
  return name !== undefined && COUNTDOWN_COMPONENTS.includes(name);
}
