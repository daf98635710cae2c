import { expectTypeOf, test } from 'vitest';
import type { JsonLd } from '../../runtime/structured-data.ts';

/** The structured data is typed by schema.org's vocabulary (schema-dts): a slip fails the type-check. */
test('a misspelt property or a wrong kind of value is a type error', () => {
  const good: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Mini Robot',
    offers: { '@type': 'Offer', price: 189, priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
  };
  expectTypeOf(good).toMatchTypeOf<JsonLd>();
  const misspelt: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Mini Robot',
    // @ts-expect-error: an Offer has no "prize"
    offers: { '@type': 'Offer', prize: 189 },
  };
  const wrong: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'x',
    // @ts-expect-error: merchantReturnDays is a number (or a date), not a word
    offers: { '@type': 'Offer', hasMerchantReturnPolicy: { '@type': 'MerchantReturnPolicy', merchantReturnDays: true } },
  };
  void misspelt;
  void wrong;
});
