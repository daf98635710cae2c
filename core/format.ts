const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A price in the region's locale and currency (`$1,299.00`, `1 599,00 €`, `￥8,499.00`). A locale
 * Intl does not know in full (en-EU) falls back to its language. One formatter per locale and
 * currency is made and kept: a catalogue of a thousand prices makes only a few.
 */
export function formatPrice(amount: number, locale: string, currency: string): string {
  const key = `${locale}\u0000${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}
