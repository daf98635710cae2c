import { describe, expect, it } from 'vitest';
import { isKnownTimeZone } from '../../generator/resolve/regions.ts';

describe('a region’s time zone (region.yaml timeZone, E0234)', () => {
  it('is known when Intl lists it, and UTC, which Intl accepts but does not list', () => {
    for (const zone of ['America/New_York', 'Europe/Paris', 'Asia/Tokyo', 'UTC']) expect(isKnownTimeZone(zone), zone).toBe(true);
  });

  it('is known as an alias of the IANA database Intl does not list (US/Eastern), tried on a formatter', () => {
    expect(Intl.supportedValuesOf('timeZone')).not.toContain('US/Eastern');
    expect(isKnownTimeZone('US/Eastern')).toBe(true);
  });

  it('is unknown as an offset, a misspelling or a made-up name', () => {
    for (const zone of ['+08:00', 'America/NewYork', 'Mars/Olympus_Mons', '']) expect(isKnownTimeZone(zone), zone).toBe(false);
  });
});
