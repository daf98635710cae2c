import { currentStage } from './time.ts';
import type { ProductData, RegionData, StageGate } from './model.ts';

/**
 * What a stage gate or a product's activity shows at an instant: the pages' rules (the header's
 * items, banners, prices), apart from the instants the app shell itself follows (core/time.ts).
 * A product's offer timeline is worked out here and nowhere else (`offerRuns`, `priceChanges`):
 * the price shown, `priceValidUntil`, the EU prior prices, the schedule and the report read it.
 */

/** What decides when a product's activity price applies. */
export type Offer = Pick<ProductData, 'activityPrice' | 'activityTime'>;

/** A run of a product's activity price: it applies from `start` (inclusive) until `end` (exclusive), epoch ms. */
export interface OfferRun {
  /** -Infinity for a run that has always been (stage 0 of its stages list). */
  readonly start: number;
  /** Undefined for a run that never ends. */
  readonly end?: number | undefined;
}

/** An instant a product's shown price changes: its activity price starts or stops applying. */
export interface PriceChange {
  readonly at: number;
  /** True where the activity price starts applying, false where the regular price comes back. */
  readonly starts: boolean;
  /** For an activity gated by a stages list: the list and the stage that begins at that instant. */
  readonly stage?: { readonly list: string; readonly index: number };
}

/** Whether an item gated by stages shows now. An unknown list never shows. */
export function isGateOpen(region: Pick<RegionData, 'stages'>, gate: StageGate, now: number): boolean {
  const list = region.stages[gate.stages];
  return list !== undefined && gate.stage.includes(currentStage(list, now));
}

/**
 * The runs of a product's activity price, in order: its activity's time (`startTime` until
 * `endTime`, or on), or each run of consecutive stages of its stages list (stage k runs from the
 * k-th instant of the list to the next). None without an activity price or with an unknown list.
 */
export function offerRuns(region: Pick<RegionData, 'stages'>, product: Offer): OfferRun[] {
  const time = product.activityTime;
  if (product.activityPrice === undefined || !time) return [];
  if (time.startTime !== undefined) return [{ start: time.startTime, end: time.endTime }];
  const instants = time.stages === undefined ? undefined : region.stages[time.stages];
  if (!instants || !time.stage) return [];
  const runs: OfferRun[] = [];
  let start: number | undefined;
  for (let stage = 0; stage <= instants.length; stage++) {
    const at = stage === 0 ? -Infinity : instants[stage - 1]!;
    if (time.stage.includes(stage)) start ??= at;
    else if (start !== undefined) {
      runs.push({ start, end: at });
      start = undefined;
    }
  }
  if (start !== undefined) runs.push({ start });
  return runs;
}

/** The run of a product's activity price under way now, if one is. */
export function activeRun(region: Pick<RegionData, 'stages'>, product: Offer, now: number): OfferRun | undefined {
  return offerRuns(region, product).find((run) => now >= run.start && (run.end === undefined || now < run.end));
}

/** The instants a product's shown price changes, in order: where each run of its activity price starts and ends. */
export function priceChanges(region: Pick<RegionData, 'stages'>, product: Offer): PriceChange[] {
  const time = product.activityTime;
  const list = time?.startTime === undefined ? time?.stages : undefined;
  const change = (at: number, starts: boolean): PriceChange => ({
    at,
    starts,
    ...(list !== undefined && { stage: { list, index: currentStage(region.stages[list] ?? [], at) } }),
  });
  return offerRuns(region, product).flatMap(({ start, end }) => [
    ...(start > -Infinity ? [change(start, true)] : []),
    ...(end !== undefined ? [change(end, false)] : []),
  ]);
}

/** Whether the product's activity price applies now. */
export function isActivityActive(region: Pick<RegionData, 'stages'>, product: Offer, now: number): boolean {
  return activeRun(region, product, now) !== undefined;
}

/** The price a product sells at now: the activity price while its activity runs, else the price. */
export function currentPrice(region: Pick<RegionData, 'stages'>, product: Offer & Pick<ProductData, 'price'>, now: number): number {
  return isActivityActive(region, product, now) ? product.activityPrice! : product.price;
}
