// A page's structured data (schema.org, typed by schema-dts), for its head (runtime/head.ts): the
// organization, a product's offer with its availability, price validity and merchant details.
import { activeRun } from '../core/offers.ts';
import { absoluteUrl } from './route-head.ts';
import type { JsonLd } from './route-head.ts';
import type { ProductData, SiteData } from '../core/model.ts';
import type { Offer, QuantitativeValue } from 'schema-dts';

/** The structured data a page carries: each object typed by schema.org's vocabulary (schema-dts), so a misspelt property or a wrong kind of value fails the type-check. */
export type { JsonLd };

export function organization(site: SiteData, name: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.company.name,
    alternateName: name || undefined,
    url: absoluteUrl(site, site.basePath || '/'),
    logo: absoluteUrl(site, `${site.basePath}/favicon.svg`),
    address: { '@type': 'PostalAddress', streetAddress: site.company.address.join(', ') },
    sameAs: site.media.map((m) => m.link),
  };
}

/** schema.org availability of a product: sold out, pre-order or in stock. */
export function availability(product: {
  stock: number;
  isPreSale: boolean;
}): 'https://schema.org/OutOfStock' | 'https://schema.org/PreOrder' | 'https://schema.org/InStock' {
  if (product.stock === 0) return 'https://schema.org/OutOfStock';
  if (product.isPreSale) return 'https://schema.org/PreOrder';
  return 'https://schema.org/InStock';
}

/** `YYYY-MM-DD` of the last day the run of the activity price under way holds (its end is exclusive), for `priceValidUntil`. */
export function priceValidUntil(site: Pick<SiteData, 'stages'>, product: ProductData, now: number): string | undefined {
  const end = activeRun(site, product, now)?.end;
  return end === undefined ? undefined : new Date(end - 1).toISOString().slice(0, 10);
}

/** The offer's merchant-listing details from the region's market (schema.org OfferShippingDetails, MerchantReturnPolicy). */
export function merchantDetails(site: SiteData): Pick<Offer & object, 'shippingDetails' | 'hasMerchantReturnPolicy'> {
  const { shipping, returns } = site.market;
  const days = ([minValue, maxValue]: readonly [number, number]): QuantitativeValue => ({
    '@type': 'QuantitativeValue',
    minValue,
    maxValue,
    unitCode: 'DAY',
  });
  return {
    ...(shipping && {
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: shipping.rate, currency: site.currency },
        shippingDestination: shipping.countries.map((addressCountry) => ({ '@type': 'DefinedRegion', addressCountry })),
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: days(shipping.handlingDays),
          transitTime: days(shipping.transitDays),
        },
      },
    }),
    ...(returns && {
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: returns.countries,
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: returns.days,
        returnMethod: 'https://schema.org/ReturnByMail',
        returnFees: returns.fees === 'free' ? 'https://schema.org/FreeReturn' : 'https://schema.org/ReturnFeesCustomerResponsibility',
      },
    }),
  };
}
