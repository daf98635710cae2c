import { describe, expect, it } from 'vitest';
import { normalizePath, pagePath, parsePath } from '../../runtime/paths.ts';

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
    expect(parsePath(input)).toEqual({ region, page });
  });
});

describe('pagePath', () => {
  it('puts cn at the root and every other region under its code', () => {
    expect(pagePath('cn', '')).toBe('/');
    expect(pagePath('cn', 'choose-your-region')).toBe('/choose-your-region');
    expect(pagePath('us', '')).toBe('/us');
    expect(pagePath('de', '/faq/')).toBe('/de/faq');
  });
});
