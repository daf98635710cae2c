import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.ts';
import { compileContent, renderSitemap } from '../../generator/index.ts';
import type { CompileResult } from '../../generator/index.ts';
import { describeUntranslated, untranslatedPages } from '../../generator/translations/index.ts';
import { pageText, splitRegion } from '../../core/model.ts';
import type { RegionData, RouteData } from '../../core/model.ts';
import { headFor } from '../../runtime/head.ts';
import { copyContent } from '../support/content.ts';
import { addUntranslatedRoutes } from '../support/untranslated.ts';
import { BUILT_AT } from '../support/instants.ts';

// Pages not yet translated (docs/translations.md, "Pages not yet translated"): a region whose
// language has no page file of a page shows the source's (English) text, and knows it.
let work: string;
let content: string;
let compiled: CompileResult;

beforeAll(async () => {
  ({ work, content } = await copyContent());
  await addUntranslatedRoutes(content);
  compiled = await compileContent({ content, cwd: work, now: BUILT_AT });
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const region = (code: string): RegionData => compiled.model.regions.find((r) => r.data.code === code)!.data;
const route = (code: string, page: string): RouteData => region(code).routes.find((r) => r.page === page)!;

describe('the model knows which routes show an untranslated text', () => {
  it('compiles: a page without a file in the region language falls back to the source', () => {
    expect(compiled.diagnostics).toEqual([]);
    expect(route('jp', 'faq').content?.heading).toBe(route('us', 'faq').content?.heading);
  });

  it('marks the fallback with the source language, en', () => {
    expect(route('jp', 'faq').fallback).toBe('en');
    expect(route('jp', 'technical-support').fallback).toBe('en');
    expect(route('kr', 'flagship-bumblebee').fallback).toBe('en');
  });

  it('marks no route in its own language: English in en-US, en-GB and en-EU, translations, own pages, the Hong Kong page', () => {
    for (const code of ['us', 'uk', 'eu']) expect(route(code, 'flagship-bumblebee').fallback, code).toBeUndefined();
    expect(route('us', 'faq').fallback).toBeUndefined();
    expect(route('jp', 'mini-robot').fallback).toBeUndefined();
    expect(route('jp', 'home').fallback).toBeUndefined();
    expect(route('cn', 'where-to-buy/hongkong-macao').fallback).toBeUndefined();
    for (const code of ['cn', 'us', 'uk', 'eu', 'fr', 'de'])
      expect(
        region(code).routes.filter((r) => r.fallback),
        code,
      ).toEqual([]);
  });

  it('leaves the fallback out of every alternate set', () => {
    // The FAQ's only language version is us's; kr's Bumblebee page is none of the Bumblebee's.
    expect(route('us', 'faq').alternates!.map((a) => a.hreflang)).toEqual(['en-US', 'x-default']);
    const hreflangs = route('fr', 'flagship-bumblebee').alternates!.map((a) => a.hreflang);
    expect(hreflangs).toEqual(expect.arrayContaining(['en-US', 'en-GB', 'en', 'fr-FR', 'de-DE', 'ja-JP', 'x-default']));
    expect(hreflangs).not.toContain('ko-KR');
    expect(route('kr', 'flagship-bumblebee').alternates).toEqual(route('fr', 'flagship-bumblebee').alternates);
  });

  it('heads: the region lang on <html>, no alternates, the text language in the structured data', () => {
    const data = region('jp');
    const { site } = splitRegion(data);
    const texts = { message: (key: string) => data.messages[key] ?? '', product: (key: string) => data.products[key] };
    const fallback = headFor(site, route('jp', 'faq'), pageText(route('jp', 'faq')), texts, BUILT_AT);
    expect(fallback.lang).toBe('ja-JP');
    expect(fallback.canonical).toBe('https://www.example.com/jp/faq');
    expect(fallback.alternates).toEqual([]);
    expect(fallback.social.filter((tag) => tag.key.startsWith('og:locale'))).toEqual([]);
    expect(fallback.jsonLd.find((item) => item['@type'] === 'WebPage')).toMatchObject({ inLanguage: 'en' });
    const own = headFor(site, route('jp', 'mini-robot'), pageText(route('jp', 'mini-robot')), texts, BUILT_AT);
    expect(own.alternates.map((a) => a.hreflang)).toContain('ja-JP');
    expect(own.jsonLd.find((item) => item['@type'] === 'WebPage')).toMatchObject({ inLanguage: 'ja-JP' });
  });

  it('sitemap: the fallback is a <url> without alternates, and no other page names it', () => {
    const sitemap = renderSitemap(compiled.model, BUILT_AT);
    const entry = (loc: string) => sitemap.split('<url>').find((part) => part.includes(`<loc>${loc}</loc>`))!;
    expect(entry('https://www.example.com/jp/faq')).not.toContain('xhtml:link');
    expect(entry('https://www.example.com/us/flagship-bumblebee')).toContain('hreflang="en-GB"');
    expect(entry('https://www.example.com/kr/flagship-bumblebee')).not.toContain('xhtml:link');
    expect(sitemap).not.toContain('href="https://www.example.com/jp/faq"');
    expect(sitemap).not.toContain('href="https://www.example.com/kr/flagship-bumblebee"');
    expect(entry('https://www.example.com/jp/mini-robot')).toContain('hreflang="ja-JP" href="https://www.example.com/jp/mini-robot"');
  });
});

describe('--check lists the pages shown untranslated', () => {
  it('a line per region and language', () => {
    expect(untranslatedPages(compiled.model)).toEqual([
      { region: 'jp', language: 'en', pages: ['faq', 'technical-support'] },
      { region: 'kr', language: 'en', pages: ['flagship-bumblebee'] },
    ]);
    expect(describeUntranslated(untranslatedPages(compiled.model))).toEqual([
      'jp: 2 pages shown in English (en), not yet translated: faq, technical-support',
      'kr: 1 page shown in English (en), not yet translated: flagship-bumblebee',
    ]);
  });

  it('prints them as notes, and still succeeds', async () => {
    let stderr = '';
    const status = await main(['--check', '--content', content, '--no-cache'], {
      cwd: work,
      isTTY: false,
      env: {},
      stdout: () => {},
      stderr: (t) => (stderr += t),
    });
    expect(status).toBe(0);
    expect(stderr).toContain('note: jp: 2 pages shown in English (en), not yet translated: faq, technical-support\n');
    expect(stderr).toContain('note: kr: 1 page shown in English (en), not yet translated: flagship-bumblebee\n');
    expect(stderr).toMatch(/Checked 8 regions, .*: no problems\.\n$/);
  });
});
