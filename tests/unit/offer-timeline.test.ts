import { describe, expect, it } from 'vitest';
import { activeRun, currentPrice, isActivityActive, offerRuns, priceChanges } from '../../core/offers.ts';
import type { ProductData, RegionData } from '../../core/model.ts';
import { buildSchedule } from '../../generator/index.ts';
import { priorPrices } from '../../generator/resolve/products/prior-prices.ts';
import type { ResolvedRegion } from '../../generator/index.ts';
import { priceValidUntil } from '../../runtime/structured-data.ts';

/**
 * A product's offer timeline (core/offers.ts): the runs of its activity price and the instants its
 * shown price changes, the one place the prior prices, the schedule, the report and the JSON-LD
 * `priceValidUntil` read when an offer starts and ends.
 */
const at = (date: string) => Date.parse(`${date}T00:00:00Z`);
const spring = [at('2026-03-01'), at('2026-03-08'), at('2026-03-15'), at('2026-04-01'), at('2026-04-20')];
const [i1, i2, i3, i4, i5] = spring as [number, number, number, number, number];
const region = { stages: { spring } };

const bot: ProductData = {
  name: 'Bot',
  link: '/xx/bot',
  buy: '',
  alt: 'Bot',
  price: 1599,
  activityPrice: 1399,
  stock: 5,
  isPreSale: false,
};
const timed = (startTime: number, endTime?: number): ProductData => ({
  ...bot,
  activityTime: { startTime, ...(endTime !== undefined && { endTime }) },
});
const staged = (...stage: number[]): ProductData => ({ ...bot, activityTime: { stages: 'spring', stage } });

describe('the runs of an activity price', () => {
  it('run from startTime until endTime, or on', () => {
    expect(offerRuns(region, timed(i1, i3))).toEqual([{ start: i1, end: i3 }]);
    expect(offerRuns(region, timed(i1))).toEqual([{ start: i1 }]);
  });

  it('follow a stages list: consecutive stages make one run, stage k from the k-th instant to the next', () => {
    expect(offerRuns(region, staged(1))).toEqual([{ start: i1, end: i2 }]);
    expect(offerRuns(region, staged(4, 1, 2))).toEqual([
      { start: i1, end: i3 },
      { start: i4, end: i5 },
    ]);
  });

  it('are open-ended from the last stage, and have always been from stage 0', () => {
    expect(offerRuns(region, staged(4, 5))).toEqual([{ start: i4 }]);
    expect(offerRuns(region, staged(0, 1))).toEqual([{ start: -Infinity, end: i2 }]);
    expect(offerRuns(region, staged(0, 1, 2, 3, 4, 5))).toEqual([{ start: -Infinity }]);
  });

  it('are none without an activity price, with an unknown list or with stages the list does not have', () => {
    const { activityPrice: _none, ...plain } = timed(i1);
    expect(offerRuns(region, plain)).toEqual([]);
    expect(offerRuns(region, { ...bot, activityTime: { stages: 'autumn', stage: [1] } })).toEqual([]);
    expect(offerRuns(region, staged(6, 7))).toEqual([]);
  });

  it('decide whether the activity price applies: from each start on, until each end', () => {
    const product = staged(1, 2, 4);
    for (const instant of spring.flatMap((t) => [t - 1, t, t + 1])) {
      const run = offerRuns(region, product).find((r) => r.start <= instant && (r.end === undefined || instant < r.end));
      expect(activeRun(region, product, instant)).toEqual(run);
      expect(isActivityActive(region, product, instant)).toBe(run !== undefined);
      expect(currentPrice(region, product, instant)).toBe(run ? 1399 : 1599);
    }
    expect([i1 - 1, i1, i3 - 1, i3, i4, i5 - 1, i5].map((t) => isActivityActive(region, product, t))).toEqual([
      false,
      true,
      true,
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('the instants a price changes', () => {
  it('are the starts and ends of the runs, in order', () => {
    expect(priceChanges(region, timed(i1, i3))).toEqual([
      { at: i1, starts: true },
      { at: i3, starts: false },
    ]);
    expect(priceChanges(region, timed(i1))).toEqual([{ at: i1, starts: true }]);
  });

  it('name the stage that begins at each, for an offer gated by a stages list', () => {
    const stage = (index: number) => ({ list: 'spring', index });
    expect(priceChanges(region, staged(1, 2, 4))).toEqual([
      { at: i1, starts: true, stage: stage(1) },
      { at: i3, starts: false, stage: stage(3) },
      { at: i4, starts: true, stage: stage(4) },
      { at: i5, starts: false, stage: stage(5) },
    ]);
    // A run that has always been only ends; one from the last stage never does.
    expect(priceChanges(region, staged(0, 1))).toEqual([{ at: i2, starts: false, stage: stage(2) }]);
    expect(priceChanges(region, staged(5))).toEqual([{ at: i5, starts: true, stage: stage(5) }]);
  });
});

describe('one timeline for every reader', () => {
  const products: [string, ProductData][] = [
    ['timed', timed(i1, i3)],
    ['gated by stages 1, 2 and 4', staged(1, 2, 4)],
  ];

  it.each(products)('the prior prices, the schedule and priceValidUntil agree on the runs of an offer (%s)', (_, product) => {
    const runs = offerRuns(region, product);
    // The EU prior prices: one reduction per run.
    const history = { versions: [{ from: -Infinity, products: { bot: product }, stages: region.stages }] };
    expect(priorPrices(history, 'bot').map(({ reduction }) => reduction)).toEqual(runs);
    // The schedule: the product's page goes stale where a run starts and where it ends, and nowhere else.
    const data = {
      ...region,
      code: 'xx',
      products: { bot: product },
      routes: [{ path: '/xx/bot', page: 'bot', kind: 'product', product: 'bot' }],
      navs: [],
      footerNavs: [],
    } as unknown as RegionData;
    const schedule = buildSchedule([{ data } as unknown as ResolvedRegion], i1);
    const staleAt = schedule.entries.filter((entry) => entry.changes.some((c) => c.paths.includes('/xx/bot'))).map((e) => e.time);
    expect(staleAt).toEqual(runs.flatMap((run) => [run.start, ...(run.end === undefined ? [] : [run.end])]));
    // priceValidUntil: the last day of the run under way, at its start and at its last millisecond.
    for (const run of runs) {
      const lastDay = run.end === undefined ? undefined : new Date(run.end - 1).toISOString().slice(0, 10);
      expect(priceValidUntil(region, product, run.start)).toBe(lastDay);
      expect(priceValidUntil(region, product, run.end! - 1)).toBe(lastDay);
      expect(priceValidUntil(region, product, run.end!)).toBeUndefined();
    }
  });
});
