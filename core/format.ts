import { fill } from './validation.ts';
import { formatsOf, knownPrice } from './locale.ts';
import type { RegionData } from './model.ts';

/** A formatter per locale and currency, with the texts it made by amount (a prerender formats the same prices on many pages). */
const formatted = new Map<string, { formatter: Intl.NumberFormat; texts: Map<number, string> }>();

/** Prices formatted while a page renders on the server, by amount, in the page's locale and currency (see recordPrices). */
let recording: { key: string; prices: Record<string, string> } | undefined;

/**
 * A price in the region's locale and currency (`$1,299.00`, `1 599,00 €`, `￥8,499.00`). A locale
 * Intl does not know in full (en-EU) falls back to its language. One formatter per locale and
 * currency is made and kept: a catalogue of a thousand prices makes only a few.
 */
export function formatPrice(amount: number, locale: string, currency: string): string {
  const key = `${locale}\u0000${currency}`;
  let text = knownPrice(amount, key);
  if (text === undefined) {
    let formats = formatted.get(key);
    if (!formats) {
      formats = { formatter: new Intl.NumberFormat(locale, { style: 'currency', currency }), texts: new Map() };
      formatted.set(key, formats);
    }
    text = formats.texts.get(amount);
    if (text === undefined) {
      text = formats.formatter.format(amount);
      formats.texts.set(amount, text);
    }
  }
  if (recording && key === recording.key) recording.prices[amount] = text;
  return text;
}

/**
 * The prerenderer: runs a synchronous render and gives what it returned with every price it
 * formatted in the page's locale and currency, by amount, for the page's inline data (the
 * render's order: the same every build).
 */
export function recordPrices<T>(locale: string, currency: string, render: () => T): { result: T; prices: Record<string, string> } {
  const prices: Record<string, string> = {};
  recording = { key: `${locale}\u0000${currency}`, prices };
  try {
    return { result: render(), prices };
  } finally {
    recording = undefined;
  }
}

/**
 * A product page's installment line (`Pay in 12 monthly installments · $108.25/month`): the
 * region's text and, when it says how many months, the monthly amount of a price (`perMonth`
 * is the catalogue's `product.perMonth`, with `{amount}`). Undefined when the region has no text.
 */
export function installmentLine(
  region: Pick<RegionData, 'installment' | 'locale' | 'currency'>,
  perMonth: string,
  price: number,
): string | undefined {
  const installment = region.installment;
  if (!installment?.text) return undefined;
  return installment.months
    ? `${installment.text} · ${fill(perMonth, { amount: formatPrice(price / installment.months, formatsOf(region), region.currency) })}`
    : installment.text;
}
