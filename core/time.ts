import type { ProductData, RegionData, RouteData } from './model.ts';

/**
 * The current stage of a sorted list of instants: the number of instants at or before now.
 * 0 before the first instant, N from the N-th on.
 */
export function currentStage(instants: readonly number[], now: number): number {
  let stage = 0;
  while (stage < instants.length && instants[stage]! <= now) stage++;
  return stage;
}

/**
 * The span of a product's activity an instant falls in (before, during or after its dates; or
 * its stages list's current stage). Two instants of one phase sell the product at the same price
 * until the same end: its offer (runtime/head.ts) is the same at both.
 */
export function activityPhase(region: Pick<RegionData, 'stages'>, product: ProductData, now: number): number {
  const time = product.activityTime;
  if (!time) return 0;
  if (time.startTime !== undefined) return now < time.startTime ? 0 : time.endTime === undefined || now < time.endTime ? 1 : 2;
  return time.stages === undefined ? 0 : currentStage(region.stages[time.stages] ?? [], now);
}

/** Whether a route is open now: before its start, or from its end on, it is closed. */
export function isRouteOpen(route: Pick<RouteData, 'window'>, now: number): boolean {
  const span = route.window;
  if (!span) return true;
  if (span.start !== undefined && now < span.start) return false;
  if (span.end !== undefined && now >= span.end) return false;
  return true;
}

const INSTANT_KEYS = new Set(['start', 'end', 'startTime', 'endTime']);

/**
 * Every instant some data names, where what shows can change: windows' and activities' starts
 * and ends (`start`, `end`, `startTime`, `endTime`), and the instants of stages lists (`stages`,
 * a record of lists). Between two of them, what the data shows holds.
 */
export function instantsIn(value: unknown, found: number[] = []): number[] {
  if (Array.isArray(value)) for (const item of value) instantsIn(item, found);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (INSTANT_KEYS.has(key) && typeof item === 'number') found.push(item);
      else if (key === 'stages' && item !== null && typeof item === 'object' && !Array.isArray(item)) {
        for (const list of Object.values(item)) if (Array.isArray(list)) found.push(...list.filter((at) => typeof at === 'number'));
      } else instantsIn(item, found);
    }
  return found;
}
