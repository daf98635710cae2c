import { describe, expect, it } from 'vitest';
import { parseInstant } from '../../generator/index.ts';
import { activityPhase, currentStage, instantsIn, isRouteOpen } from '../../core/time.ts';
import { isActivityActive, isGateOpen } from '../../core/offers.ts';
import type { ProductData } from '../../core/model.ts';

const t = (iso: string) => parseInstant(iso);
// the specification's section 4: the mini-robot launch list (us) and the us Halloween stages.
const launch = [
  '2025-09-18T19:30:00+08:00',
  '2025-09-20T19:30:00+08:00',
  '2025-09-22T19:30:00+08:00',
  '2025-09-24T19:30:00+08:00',
  '2025-09-25T19:30:00+08:00',
].map(t);
const halloween = ['2025-10-25T15:00:00+08:00', '2025-11-01T15:00:00+08:00'].map(t);
const region = { stages: { 'mini-robot-launch': launch, halloween } };

describe('currentStage', () => {
  it('counts the instants at or before now', () => {
    expect(currentStage(launch, launch[0]! - 1)).toBe(0);
    expect(currentStage(launch, launch[0]!)).toBe(1);
    expect(currentStage(launch, launch[0]! + 1)).toBe(1);
    expect(currentStage(launch, launch[4]! - 1)).toBe(4);
    expect(currentStage(launch, launch[4]!)).toBe(5);
  });
});

describe('the mini-robot text banner (stages 1 to 4)', () => {
  const banner = { stages: 'mini-robot-launch', stage: [1, 2, 3, 4] };
  it('shows from the first launch instant until the fifth', () => {
    expect(isGateOpen(region, banner, t('2025-09-18T19:29:59.999+08:00'))).toBe(false);
    expect(isGateOpen(region, banner, t('2025-09-18T19:30:00+08:00'))).toBe(true);
    expect(isGateOpen(region, banner, t('2025-09-25T19:29:59.999+08:00'))).toBe(true);
    expect(isGateOpen(region, banner, t('2025-09-25T19:30:00+08:00'))).toBe(false);
  });
  it('never shows for a list that does not exist', () => {
    expect(isGateOpen(region, { stages: 'nope', stage: [0, 1] }, launch[0]!)).toBe(false);
  });
});

describe('activity prices', () => {
  const megatronUk: ProductData = {
    name: 'Megatron',
    link: '/uk/flagship-megatron',
    buy: '',
    alt: 'x',
    price: 1299,
    activityPrice: 1169,
    activityTime: { startTime: t('2025-09-22T08:00:00+08:00') },
    stock: 5,
    isPreSale: false,
  };
  it('apply from the start time on (uk Megatron, 08:00 +08:00)', () => {
    expect(isActivityActive(region, megatronUk, t('2025-09-22T07:59:59.999+08:00'))).toBe(false);
    expect(isActivityActive(region, megatronUk, t('2025-09-22T08:00:00+08:00'))).toBe(true);
    expect(isActivityActive(region, megatronUk, t('2025-09-22T08:00:00.001+08:00'))).toBe(true);
  });
  it('end at the end time', () => {
    const ends = { ...megatronUk, activityTime: { startTime: t('2025-09-22T08:00:00+08:00'), endTime: t('2025-10-01T00:00:00+08:00') } };
    expect(isActivityActive(region, ends, t('2025-09-30T23:59:59.999+08:00'))).toBe(true);
    expect(isActivityActive(region, ends, t('2025-10-01T00:00:00+08:00'))).toBe(false);
  });
  it('apply during the listed stages (us Halloween, stage 1)', () => {
    const bumblebee: ProductData = { ...megatronUk, price: 1299, activityPrice: 1219, activityTime: { stages: 'halloween', stage: [1] } };
    expect(isActivityActive(region, bumblebee, t('2025-10-25T14:59:59.999+08:00'))).toBe(false);
    expect(isActivityActive(region, bumblebee, t('2025-10-25T15:00:00+08:00'))).toBe(true);
    expect(isActivityActive(region, bumblebee, t('2025-11-01T14:59:59.999+08:00'))).toBe(true);
    expect(isActivityActive(region, bumblebee, t('2025-11-01T15:00:00+08:00'))).toBe(false);
  });
  it('have phases: two instants of one phase sell at one price until one end', () => {
    const ends = { ...megatronUk, activityTime: { startTime: t('2025-09-22T08:00:00+08:00'), endTime: t('2025-10-01T00:00:00+08:00') } };
    const phase = (iso: string) => activityPhase(region, ends, t(iso));
    expect([phase('2025-09-01T00:00:00Z'), phase('2025-09-22T00:00:00Z'), phase('2025-10-01T00:00:00+08:00')]).toEqual([0, 1, 2]);
    expect(phase('2025-09-23T00:00:00Z')).toBe(phase('2025-09-30T00:00:00Z'));
    const bumblebee: ProductData = { ...megatronUk, activityTime: { stages: 'halloween', stage: [1] } };
    const stage = (iso: string) => activityPhase(region, bumblebee, t(iso));
    expect(stage('2025-10-20T00:00:00Z')).not.toBe(stage('2025-10-26T00:00:00Z'));
    expect(stage('2025-10-26T00:00:00Z')).not.toBe(stage('2025-11-02T00:00:00Z'));
    expect(stage('2025-11-02T00:00:00Z')).toBe(stage('2026-11-02T00:00:00Z'));
  });
  it('never apply without an activity price', () => {
    const { activityPrice: _ignored, ...plain } = megatronUk;
    expect(isActivityActive(region, plain, t('2026-01-01T00:00:00+08:00'))).toBe(false);
  });
});

describe('route windows', () => {
  const route = { window: { start: t('2026-11-20T00:00:00-05:00'), end: t('2026-12-01T00:00:00-05:00') } };
  it('are closed before the start and from the end on', () => {
    expect(isRouteOpen(route, route.window.start - 1)).toBe(false);
    expect(isRouteOpen(route, route.window.start)).toBe(true);
    expect(isRouteOpen(route, route.window.end - 1)).toBe(true);
    expect(isRouteOpen(route, route.window.end)).toBe(false);
    expect(isRouteOpen({}, 0)).toBe(true);
  });
});

describe('parseInstant', () => {
  it('reads instants with their offset and refuses dates that do not exist', () => {
    expect(parseInstant('2025-10-25T15:00:00+08:00')).toBe(Date.UTC(2025, 9, 25, 7, 0, 0));
    expect(parseInstant('2025-02-30T10:00:00+08:00')).toBeNaN();
    expect(parseInstant('2025-10-25T24:00:00+08:00')).toBeNaN();
    expect(parseInstant('yesterday')).toBeNaN();
  });
});

describe('instantsIn', () => {
  it('finds every instant data names: windows, activity dates, stages lists, however deep', () => {
    const data = {
      stages: { halloween, empty: [] },
      navs: [{ label: 'Sale', window: { start: 1, end: 2 }, children: [{ window: { start: 3 } }] }],
      products: { a: { activityTime: { startTime: 4, endTime: 5, stages: 'halloween' }, priorPrices: [{ start: 6, price: 9 }] } },
      route: { window: { end: 7 } },
      constants: { timeouts: { default: 15000 } },
    };
    expect(instantsIn(data).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, ...halloween]);
  });
});
