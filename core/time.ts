import type { ProductData, RegionData, RouteData, StageGate } from './model.ts';

/**
 * The current stage of a sorted list of instants: the number of instants at or before now.
 * 0 before the first instant, N from the N-th on.
 */
export function currentStage(instants: readonly number[], now: number): number {
  let stage = 0;
  while (stage < instants.length && instants[stage]! <= now) stage++;
  return stage;
}

/** Whether an item gated by stages shows now. An unknown list never shows. */
export function isGateOpen(region: Pick<RegionData, 'stages'>, gate: StageGate, now: number): boolean {
  const list = region.stages[gate.stages];
  return list !== undefined && gate.stage.includes(currentStage(list, now));
}

/** Whether the product's activity price applies now. */
export function isActivityActive(region: Pick<RegionData, 'stages'>, product: ProductData, now: number): boolean {
  const time = product.activityTime;
  if (product.activityPrice === undefined || !time) return false;
  if (time.startTime !== undefined) return now >= time.startTime && (time.endTime === undefined || now < time.endTime);
  if (time.stages !== undefined && time.stage) return isGateOpen(region, { stages: time.stages, stage: time.stage }, now);
  return false;
}

/** The price a product sells at now: the activity price while its activity runs, else the price. */
export function currentPrice(region: Pick<RegionData, 'stages'>, product: ProductData, now: number): number {
  return isActivityActive(region, product, now) ? product.activityPrice! : product.price;
}

/** Whether a route is open now: before its start, or from its end on, it is closed. */
export function isRouteOpen(route: Pick<RouteData, 'window'>, now: number): boolean {
  const span = route.window;
  if (!span) return true;
  if (span.start !== undefined && now < span.start) return false;
  if (span.end !== undefined && now >= span.end) return false;
  return true;
}
