// A region's market (docs/market.md), resolved for generator/resolve/region.ts: its products'
// prior prices and its shipping and returns for merchant listings.
import type { MarketData, ProductData } from '../../../core/model.ts';
import { createDiagnostic } from '../../diagnostics/index.ts';
import { rangeOfKey, rangeOfPath } from '../../load/source-file.ts';
import type { Validated } from '../../validate/index.ts';
import type { Report } from '../model.ts';
import { priorPrices, toPriorPriceData, withCurrent } from './prior-prices.ts';
import type { RegionPriceHistory } from './prior-prices.ts';
import type { StagesScope } from '../stages.ts';

/**
 * Each product's prior prices (docs/market.md): the reductions not over yet, each with the
 * lowest price of the 30 days before it, from the region's history and the content being
 * built. Where part of those days is unknown or the product was not on sale, a warning at its
 * price says so.
 */
export function withPriorPrices(
  products: Readonly<Record<string, ProductData>>,
  file: Validated<'products'>,
  scope: StagesScope,
  earlier: RegionPriceHistory | undefined,
  now: number | undefined,
  report: Report,
): Record<string, ProductData> {
  const stages = Object.fromEntries([...scope.lists].map(([name, list]) => [name, list.instants]));
  const history = withCurrent(earlier, { products, stages }, now);
  const out: Record<string, ProductData> = {};
  for (const [key, product] of Object.entries(products)) {
    const found = priorPrices(history, key).filter(
      ({ reduction }) => now === undefined || reduction.end === undefined || reduction.end > now,
    );
    for (const { reduction, result } of found) {
      if (!result.gap) continue;
      const start = new Date(reduction.start).toISOString();
      const at = rangeOfPath(file.source, ['products', key, 'price']);
      if (result.gap.reason === 'unknown')
        report(
          createDiagnostic(
            'W0305',
            { product: key, start, since: new Date(result.gap.since).toISOString(), ...(result.price === undefined && { none: true }) },
            at,
          ),
        );
      else
        report(
          createDiagnostic(
            'W0306',
            { product: key, start, ...(result.price !== undefined && { since: new Date(result.gap.since).toISOString() }) },
            at,
          ),
        );
    }
    const prior = toPriorPriceData(found);
    out[key] = prior.length > 0 ? { ...product, priorPrices: prior } : product;
  }
  return out;
}

/**
 * Shipping and returns for merchant listings (docs/market.md): days checked as [fewest, most],
 * countries defaulting to the region's own (an error where that is no country, as EU).
 */
export function merchantSettings(file: Validated<'region'>, report: Report): Pick<MarketData, 'shipping' | 'returns'> {
  const { market, region } = file.data;
  const countries = (what: 'shipping' | 'returns', given: readonly string[] | undefined): string[] => {
    if (given) return [...given];
    if (!/^[A-Z]{2}$/.test(region.iso) || region.iso === 'EU')
      report(createDiagnostic('E0230', { what, iso: region.iso }, rangeOfKey(file.source, ['market', what])));
    return [region.iso];
  };
  const days = (key: 'handlingDays' | 'transitDays', range: readonly number[]): [number, number] => {
    const [fewest = 0, most = 0] = range;
    if (fewest > most)
      report(
        createDiagnostic('E0231', { what: `market.shipping.${key}`, fewest, most }, rangeOfPath(file.source, ['market', 'shipping', key])),
      );
    return [fewest, most];
  };
  const shipping = market?.shipping;
  const returns = market?.returns;
  return {
    ...(shipping && {
      shipping: {
        rate: shipping.rate,
        handlingDays: days('handlingDays', shipping.handlingDays),
        transitDays: days('transitDays', shipping.transitDays),
        countries: countries('shipping', shipping.countries),
      },
    }),
    ...(returns && { returns: { days: returns.days, fees: returns.fees, countries: countries('returns', returns.countries) } }),
  };
}
