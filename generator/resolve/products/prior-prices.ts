import type { PriorPrice, ProductData } from '../../../core/model.ts';
import { currentPrice, offerRuns, priceChanges } from '../../../core/offers.ts';
import type { OfferRun } from '../../../core/offers.ts';

/**
 * The prior price of every reduction (docs/market.md, "Price reductions"): Directive 98/6/EC,
 * article 6a, as amended by Directive (EU) 2019/2161: "Any announcement of a price reduction
 * shall indicate the prior price applied by the trader for a determined period of time prior
 * to the application of the price reduction", the prior price being "the lowest price applied
 * by the trader during a period of time not shorter than 30 days prior to the application of
 * the price reduction". Pure: the content's history comes in as data (generator/history/index.ts).
 */

export const PRIOR_PRICE_DAYS = 30;
const PERIOD = PRIOR_PRICE_DAYS * 24 * 60 * 60_000;

/** What decides a product's price at an instant in one version of the content. */
export interface PricedProduct {
  readonly price: number;
  readonly activityPrice?: number;
  readonly activityTime?: ProductData['activityTime'];
}

/** One version of a region's content, as it stood from `from` on (until the next version). */
export interface ContentVersion {
  /** When it took effect, epoch ms: its commit's time; -Infinity for the oldest known version of a complete history. */
  readonly from: number;
  /** The region's products in it, by key (absent: the region did not sell it then). */
  readonly products: Readonly<Record<string, PricedProduct>>;
  /** The stages lists its activities can name, as instants. */
  readonly stages: Readonly<Record<string, readonly number[]>>;
}

/** A region's price history: versions, oldest first, the last one the content being built. */
export interface PriceHistory {
  readonly versions: readonly ContentVersion[];
  /**
   * Where the history that could be read begins, when it does not reach back to the start of
   * the content (a shallow clone): what was sold before is unknown.
   */
  readonly knownFrom?: number;
}

/**
 * A region's earlier versions as generator/history/index.ts reads them from git (the content being
 * built is added as the last version by the resolver, `withCurrent`).
 */
export interface RegionPriceHistory {
  /** Earlier versions, oldest first (the first `from` is -Infinity when the history is complete). */
  readonly versions: readonly ContentVersion[];
  readonly knownFrom?: number;
  /** When the newest earlier version took effect, and whether the content being built differs from it (not committed yet). */
  readonly head?: { readonly from: number; readonly changed: boolean };
}

/**
 * The whole history with the content being built as its last version: in place of the newest
 * earlier version when it is the same content, else from the build's instant on (an edit not
 * committed yet takes effect when it is); the only version when there is no earlier one.
 */
export function withCurrent(
  earlier: RegionPriceHistory | undefined,
  current: Omit<ContentVersion, 'from'>,
  now: number | undefined,
): PriceHistory {
  const versions = earlier?.versions ?? [];
  const knownFrom = earlier?.knownFrom;
  const head = earlier?.head;
  if (versions.length === 0 || !head)
    return { versions: [{ ...current, from: knownFrom ?? -Infinity }], ...(knownFrom !== undefined && { knownFrom }) };
  const last = versions.at(-1)!;
  const all = head.changed
    ? [...versions, { ...current, from: Math.max(head.from, now ?? head.from) }]
    : [...versions.slice(0, -1), { ...current, from: last.from }];
  return { versions: all, ...(knownFrom !== undefined && { knownFrom }) };
}

/** A reduction of the content being built: a run of its activity price that starts (core/offers.ts). */
export type Reduction = OfferRun;

/**
 * The reductions of a product: the runs of its activity price (its activity's time, or each run
 * of consecutive stages of its stages list), in order, but for one that has always been.
 */
export function reductionsOf(product: PricedProduct, stages: Readonly<Record<string, readonly number[]>>): Reduction[] {
  return offerRuns({ stages }, product).filter((run) => Number.isFinite(run.start));
}

/** The price of a product at an instant in one version; undefined when the version did not sell it. */
function priceIn(version: ContentVersion, key: string, at: number): number | undefined {
  const product = version.products[key];
  return product && currentPrice(version, product, at);
}

/** Instants at which a version's price of a product changes. */
function changesIn(version: ContentVersion, key: string): number[] {
  const product = version.products[key];
  return product ? priceChanges(version, product).map((change) => change.at) : [];
}

export interface PriorPriceResult {
  /** The lowest price of the period, or undefined when the product was not sold in it at all. */
  readonly price?: number;
  /** The period looked at ([from, to)): 30 days before the reduction, or less when the product is newer. */
  readonly from: number;
  readonly to: number;
  /** Why part of the 30 days is missing, if it is. */
  readonly gap?: { readonly reason: 'new'; readonly since: number } | { readonly reason: 'unknown'; readonly since: number };
}

/**
 * The lowest price of a product in the 30 days before `start`, each instant priced by the
 * version of the content in effect then. A version's price is a step function: its value on
 * [t, next change) is its value at t, so the minimum is among the values at the period's start,
 * at each version's start and at each change of a version in force.
 */
export function priorPrice(history: PriceHistory, key: string, start: number): PriorPriceResult {
  const from = start - PERIOD;
  const { versions } = history;
  let lowest: number | undefined;
  let soldSince: number | undefined;
  for (const [index, version] of versions.entries()) {
    const begins = Math.max(version.from, from);
    const ends = Math.min(versions[index + 1]?.from ?? Infinity, start);
    if (begins >= ends) continue;
    const instants = [begins, ...changesIn(version, key).filter((t) => t > begins && t < ends)];
    for (const at of instants) {
      const price = priceIn(version, key, at);
      if (price === undefined) {
        soldSince = undefined;
        continue;
      }
      soldSince ??= at;
      lowest = lowest === undefined ? price : Math.min(lowest, price);
    }
  }
  const knownFrom = history.knownFrom;
  // A history that starts within the 30 days (a shallow clone) does not know the price before it:
  // the lowest since then, or no price at all when the reduction is older than the whole history.
  if (knownFrom !== undefined && knownFrom > from)
    return {
      ...(lowest !== undefined && { price: lowest }),
      from: Math.min(knownFrom, start),
      to: start,
      gap: { reason: 'unknown', since: knownFrom },
    };
  // Not on sale at all before the reduction: there is no prior price.
  if (lowest === undefined) return { from, to: start, gap: { reason: 'new', since: start } };
  if (soldSince !== undefined && soldSince > from)
    return { price: lowest, from: soldSince, to: start, gap: { reason: 'new', since: soldSince } };
  return { price: lowest, from, to: start };
}

/** The prior price of each reduction of a product of the content being built (its last version). */
export function priorPrices(history: PriceHistory, key: string): { reduction: Reduction; result: PriorPriceResult }[] {
  const current = history.versions.at(-1);
  const product = current?.products[key];
  if (!current || !product) return [];
  return reductionsOf(product, current.stages).map((reduction) => ({ reduction, result: priorPrice(history, key, reduction.start) }));
}

/** What the runtime keeps of them: each reduction's window and its prior price, where one is known. */
export function toPriorPriceData(found: readonly { reduction: Reduction; result: PriorPriceResult }[]): PriorPrice[] {
  return found.flatMap(({ reduction, result }) =>
    result.price === undefined
      ? []
      : [{ start: reduction.start, ...(reduction.end !== undefined && { end: reduction.end }), price: result.price }],
  );
}
