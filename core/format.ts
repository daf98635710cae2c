/** A price in the region's locale and currency (`$1,299.00`, `1 599,00 €`, `￥8,499.00`). */
export function formatPrice(amount: number, locale: string, currency: string): string {
  // en-EU is not a locale every engine knows; English with the euro reads as intended.
  const safeLocale = locale === 'en-EU' ? 'en-IE' : locale;
  return new Intl.NumberFormat(safeLocale, { style: 'currency', currency }).format(amount);
}
