import type { RegionData } from './model.ts';

/**
 * The locale a region's numbers, prices, lists and plurals are formatted in: its `formatLocale`
 * where its locale is one Intl does not know in full (en-EU: en-IE), else its locale. The one
 * place this is decided: no code names a locale.
 */
export function formatsOf(region: Pick<RegionData, 'locale' | 'formatLocale'>): string {
  return region.formatLocale ?? region.locale;
}

/**
 * Prices as the build formatted them for the page at hand (its inline data, by amount), and the
 * locale and currency they are in: the client's first render shows them without making an Intl
 * formatter, whose creation (the locale's number data) was the longest task of a product page's
 * hydration. A price asked in another locale or currency is formatted, never taken from them
 * (core/format.ts `formatPrice`). Apart from the formatting code: the app shell only hands them on.
 */
let known: Readonly<Record<string, string>> = {};
/** The locale and currency of `known`, as `formatPrice` keys its formatters (`en-US\0USD`). */
let knownFor = '';

/**
 * The client: the prices the build formatted for this page (`#route-data`) in the region's
 * locale and currency, used before any formatter for prices asked in that locale and currency.
 */
export function knowPrices(prices: Readonly<Record<string, string>>, locale: string, currency: string): void {
  known = prices;
  knownFor = `${locale}\u0000${currency}`;
}

/** The build's text of a price in a locale and currency (`formatPrice`'s key), if the page's data has it. */
export function knownPrice(amount: number, key: string): string | undefined {
  return key === knownFor ? known[amount] : undefined;
}
