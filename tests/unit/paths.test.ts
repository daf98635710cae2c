import { describe, expect, it } from 'vitest';
import { normalizePath, pagePath, parsePath } from '../../core/paths.ts';
import { speculable } from '../../core/speculation.ts';

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
    ['/us?', '/us'],
    ['/#', '/'],
    ['/us/faq#', '/us/faq'],
    ['/us//faq', '/us/faq'],
  ])('%j becomes %j', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it('gives, for any path, what the rule gives (a path already normal comes back as it is)', () => {
    // The rule, as written before paths already normal were given back unread.
    const rule = (path: string) => {
      const collapsed = `/${path.split(/[?#]/, 1)[0] ?? ''}`.replace(/\/{2,}/g, '/');
      return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
    };
    const alphabet = ['/', '/', 'a', 'b', '?', '#', '-', 'é'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 5000; n++) {
      const path = Array.from({ length: next() % 9 }, () => alphabet[next() % alphabet.length]).join('');
      expect(normalizePath(path), JSON.stringify(path)).toBe(rule(path));
    }
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

describe('speculable: the links the browser may fetch before they are followed', () => {
  const regions = [{ home: '/' }, { home: '/us' }, { home: '/uk' }];
  const us = { basePath: '/us', chooser: '/us/choose-your-region', regions };
  const root = { basePath: '', chooser: '/choose-your-region', regions };
  const screens = ['login', 'profile', 'reset-password'];

  it("takes the region's own pages", () => {
    expect(speculable('/us', us, screens)).toBe(true);
    expect(speculable('/us/ai-base', us, screens)).toBe(true);
    expect(speculable('/us/where-to-buy/online/', us, screens)).toBe(true);
    expect(speculable('/faq', root, screens)).toBe(true);
    expect(speculable('/', root, screens)).toBe(true);
  });

  it('never an account screen, the region chooser or another region', () => {
    expect(speculable('/us/login', us, screens)).toBe(false);
    expect(speculable('/us/profile', us, screens)).toBe(false);
    expect(speculable('/login', root, screens)).toBe(false);
    expect(speculable('/us/choose-your-region', us, screens)).toBe(false);
    expect(speculable('/choose-your-region', root, screens)).toBe(false);
    expect(speculable('/uk/ai-base', us, screens)).toBe(false);
    expect(speculable('/uk', root, screens)).toBe(false);
    expect(speculable('/uk/faq', root, screens)).toBe(false);
    expect(speculable('/usa', us, screens)).toBe(false);
  });

  it('nothing with a query, a fragment, another host or a scheme', () => {
    expect(speculable('/us/login?from=%2Fus', us, screens)).toBe(false);
    expect(speculable('/us/faq?x=1', us, screens)).toBe(false);
    expect(speculable('/us/faq#top', us, screens)).toBe(false);
    expect(speculable('//evil.example/us', us, screens)).toBe(false);
    expect(speculable('https://www.example.com/us/faq', us, screens)).toBe(false);
    expect(speculable('javascript:alert(1)', us, screens)).toBe(false);
    expect(speculable('/\\evil.example', us, screens)).toBe(false);
  });
});
