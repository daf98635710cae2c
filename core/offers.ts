import { currentStage } from './time.ts';
import type { ProductData, RegionData, StageGate } from './model.ts';

/**
 * What a stage gate or a product's activity shows at an instant: the pages' rules (the header's
 * items, banners, prices), apart from the instants the app shell itself follows (core/time.ts).
 */

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
