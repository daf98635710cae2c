import { describe, expect, it } from 'vitest';
import { normalizePath, pagePath, parsePath } from '../../core/paths.ts';

/** The regions of the default content: cn at /. */
const REGIONS = { root: 'cn', codes: ['cn', 'us', 'uk', 'eu', 'fr', 'de', 'jp', 'kr'] };

describe('normalizePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/us', '/us'],
    ['/us/', '/us'],
    ['//us//choose-your-region//', '/us/choose-your-region'],
    ['///', '/'],
    ['/us/mini-robot?x=1#top', '/us/mini-robot'],
    ['us/faq', '/us/faq'],
  ])('%j becomes %j', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });
});

describe('parsePath', () => {
  it.each([
    ['/', 'cn', ''],
    ['/choose-your-region', 'cn', 'choose-your-region'],
    ['/where-to-buy/hongkong-macao', 'cn', 'where-to-buy/hongkong-macao'],
    ['/us', 'us', ''],
    ['/us/', 'us', ''],
    ['//us///mini-robot/', 'us', 'mini-robot'],
    ['/kr/choose-your-region', 'kr', 'choose-your-region'],
    ['/JP/manuals', 'jp', 'manuals'],
    ['/cn/faq', 'cn', 'cn/faq'],
    ['/hk/where-to-buy', 'cn', 'hk/where-to-buy'],
    ['/usa', 'cn', 'usa'],
  ])('%j is region %j, page %j', (input, region, page) => {
    expect(parsePath(input, REGIONS)).toEqual({ region, page });
  });

  it('takes which regions exist, and which one is at /, from the content', () => {
    const other = { root: 'us', codes: ['us', 'ca', 'cn'] };
    expect(parsePath('/ca/faq', other)).toEqual({ region: 'ca', page: 'faq' });
    expect(parsePath('/faq', other)).toEqual({ region: 'us', page: 'faq' });
    expect(parsePath('/cn', other)).toEqual({ region: 'cn', page: '' });
    expect(parsePath('/us/faq', other)).toEqual({ region: 'us', page: 'us/faq' });
  });
});

describe('pagePath', () => {
  it('puts the root region at / and every other region under its base path', () => {
    expect(pagePath('', '')).toBe('/');
    expect(pagePath('', 'choose-your-region')).toBe('/choose-your-region');
    expect(pagePath('/us', '')).toBe('/us');
    expect(pagePath('/de', '/faq/')).toBe('/de/faq');
  });
});
