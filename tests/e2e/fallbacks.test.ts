import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRegions } from '../../generator/index.ts';
import { collectErrors } from '../support/browser.ts';
import { copyContent, setYamlValue } from '../support/content.ts';
import { readHead } from '../support/html-head.ts';
import { BUILT_AT } from '../support/instants.ts';
import { useTestSite } from '../support/site.ts';
import { addUntranslatedRoutes } from '../support/untranslated.ts';

/**
 * Pages not yet translated (docs/translations.md): in a copy of the content, jp lists the FAQ
 * and kr the Bumblebee's product page, neither written in their language. jp, kr and us are
 * built and served: the English text says `lang="en"` on <main>, the rest of the page stays in
 * the region's language, prerendered and after a client-side navigation.
 */
let work: string;
let out: string;
const site = useTestSite({
  dir: async () => {
    const copy = await copyContent();
    work = copy.work;
    out = path.join(work, 'dist');
    await addUntranslatedRoutes(copy.content);
    // A link to the FAQ in jp's footer, to reach it by a client-side navigation.
    await setYamlValue(path.join(copy.content, 'regions/jp/region.yaml'), ['footerNavs', 0, 'links'], (links: unknown) => [
      ...(links as unknown[]),
      { label: 'よくある質問', link: '/jp/faq' },
    ]);
    const result = await buildRegions({
      content: copy.content,
      out,
      sites: path.join(work, 'sites'),
      regions: ['jp', 'kr', 'us'],
      now: BUILT_AT,
    });
    if (!result.ok) throw new Error(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join('\n'));
    return out;
  },
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

const html = (file: string) => readFile(path.join(out, file), 'utf8');
/** The start tag of the first element matching `pattern` (`<main`...). */
const startTag = (text: string, pattern: RegExp) => new RegExp(`${pattern.source}[^>]*>`).exec(text)?.[0];

describe('a page not yet translated, prerendered', () => {
  it('says lang="en" on <main>, not on <html>, the header or the footer', async () => {
    const text = await html('jp/faq/index.html');
    expect(readHead(text).lang).toBe('ja-JP');
    expect(startTag(text, /<main /)).toMatch(/ lang="en"/);
    expect(startTag(text, /<header /)).not.toMatch(/lang=/);
    expect(startTag(text, /<footer/)).not.toMatch(/lang=/);
    expect((text.match(/ lang="en"/g) ?? []).length).toBe(1);
  });

  it('keeps its self-canonical and announces no hreflang alternates', async () => {
    const head = readHead(await html('jp/faq/index.html'));
    expect(head.canonical).toEqual(['https://www.example.com/jp/faq']);
    expect(head.alternates).toEqual([]);
  });

  it('keeps the prices and the way to buy in the region language on a product page', async () => {
    const text = await html('kr/flagship-bumblebee/index.html');
    expect(readHead(text).lang).toBe('ko-KR');
    expect(startTag(text, /<main /)).toMatch(/ lang="en"/);
    expect(startTag(text, /<div class="buy-box"/)).toMatch(/ lang="ko-KR"/);
  });

  it('is not among the alternates of the pages in other languages', async () => {
    const alternates = readHead(await html('us/flagship-bumblebee/index.html')).alternates.map((a) => a.href);
    expect(alternates).toContain('https://www.example.com/us/flagship-bumblebee');
    expect(alternates).not.toContain('https://www.example.com/kr/flagship-bumblebee');
  });

  it('adds no lang to the pages in the region language', async () => {
    for (const file of ['jp/index.html', 'jp/mini-robot/index.html', 'kr/index.html', 'us/faq/index.html']) {
      expect(startTag(await html(file), /<main /), file).not.toMatch(/lang=/);
    }
  });
});

describe('a page not yet translated, after client-side navigation', () => {
  it('sets lang on <main> going there, and removes it going back to a translated page', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(site.url('/jp'));
    await page.waitForSelector('html[data-hydrated]');
    await expect(page.locator('main').getAttribute('lang')).resolves.toBeNull();
    // A mark on the window: still there after the navigation, so the page was not reloaded.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.locator('footer a[href="/jp/faq"]').click();
    await page.waitForURL('**/jp/faq');
    await page.waitForSelector('main[lang="en"] h1');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ja-JP');
    await expect(page.locator('#header').getAttribute('lang')).resolves.toBeNull();
    // The head follows the page once the head writer's code is in (it loads with the first navigation).
    await expect.poll(() => page.locator('link[rel="alternate"][hreflang]').count()).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/jp$/);
    await page.waitForFunction(() => !document.querySelector('main')!.hasAttribute('lang'));
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
