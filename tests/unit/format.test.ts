import { describe, expect, it } from 'vitest';
import { formatPrice, recordPrices } from '../../core/format.ts';
import { formatsOf, knowPrices } from '../../core/locale.ts';

/** What Intl itself makes of an amount, to compare with. */
const intl = (amount: number, locale: string, currency: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);

describe('formatPrice', () => {
  it('formats the same amount differently in two locales and currencies, whatever was formatted before', () => {
    const dollars = formatPrice(1299, 'en-US', 'USD');
    const euros = formatPrice(1299, 'de-DE', 'EUR');
    const yen = formatPrice(1299, 'ja-JP', 'JPY');
    expect(dollars).toBe(intl(1299, 'en-US', 'USD'));
    expect(euros).toBe(intl(1299, 'de-DE', 'EUR'));
    expect(yen).toBe(intl(1299, 'ja-JP', 'JPY'));
    expect(new Set([dollars, euros, yen]).size).toBe(3);
    // Same locale, another currency; same currency, another locale.
    expect(formatPrice(1299, 'en-US', 'EUR')).toBe(intl(1299, 'en-US', 'EUR'));
    expect(formatPrice(1299, 'fr-FR', 'EUR')).toBe(intl(1299, 'fr-FR', 'EUR'));
    expect(formatPrice(1299, 'fr-FR', 'EUR')).not.toBe(euros);
  });

  it("uses the build's prices of the page only for the page's locale and currency", () => {
    // A marked text, so that a price taken from the build's prices is told from one Intl made.
    knowPrices({ 1299: 'built: $1,299.00' }, 'en-US', 'USD');
    try {
      expect(formatPrice(1299, 'en-US', 'USD')).toBe('built: $1,299.00');
      expect(formatPrice(1299, 'de-DE', 'EUR')).toBe(intl(1299, 'de-DE', 'EUR'));
      expect(formatPrice(1299, 'en-US', 'CAD')).toBe(intl(1299, 'en-US', 'CAD'));
      expect(formatPrice(1299, 'en-GB', 'USD')).toBe(intl(1299, 'en-GB', 'USD'));
      // An amount the build did not format for the page is formatted.
      expect(formatPrice(99, 'en-US', 'USD')).toBe(intl(99, 'en-US', 'USD'));
    } finally {
      knowPrices({}, '', '');
    }
    expect(formatPrice(1299, 'en-US', 'USD')).toBe(intl(1299, 'en-US', 'USD'));
  });

  it("records for a page's inline data the prices it formatted in the page's locale and currency only", () => {
    const { result, prices } = recordPrices('fr-FR', 'EUR', () => [
      formatPrice(1599, 'fr-FR', 'EUR'),
      formatPrice(1599, 'en-US', 'USD'),
      formatPrice(20, 'fr-FR', 'EUR'),
    ]);
    expect(result).toEqual([intl(1599, 'fr-FR', 'EUR'), intl(1599, 'en-US', 'USD'), intl(20, 'fr-FR', 'EUR')]);
    expect(prices).toEqual({ 1599: intl(1599, 'fr-FR', 'EUR'), 20: intl(20, 'fr-FR', 'EUR') });
    // Nothing is recorded outside a render.
    formatPrice(7, 'fr-FR', 'EUR');
    expect(prices).not.toHaveProperty('7');
  });
});

describe('formatsOf', () => {
  it('formats a region in its formatLocale where Intl does not know its locale in full (en-EU), else in its locale', () => {
    const eu = { locale: 'en-EU', formatLocale: 'en-IE' };
    const us = { locale: 'en-US' };
    expect(formatsOf(eu)).toBe('en-IE');
    expect(formatsOf(us)).toBe('en-US');
    // What a visitor of eu reads: English lists of the euro area (no serial comma), not American ones.
    const names = ['Elite Optimus Prime', 'AI Base', 'Mini Robot'];
    expect(new Intl.ListFormat(formatsOf(eu), { type: 'conjunction' }).format(names)).toBe('Elite Optimus Prime, AI Base and Mini Robot');
    expect(new Intl.ListFormat(formatsOf(us), { type: 'conjunction' }).format(names)).toBe('Elite Optimus Prime, AI Base, and Mini Robot');
    expect(formatPrice(1599, formatsOf(eu), 'EUR')).toBe(intl(1599, 'en-IE', 'EUR'));
  });
});
