import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectErrors } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';

/**
 * The head of a page reached by a client-side navigation when the code that writes heads
 * (runtime/head.ts, a chunk of its own) fails to load, or is slow to (docs/runtime.md,
 * "Navigation"): the document never carries the head of the page the visitor left.
 */

const site = useTestSite();
const HEAD_CODE = '**/us/assets/head-*.js';

/** The head as a crawler reads it: what runtime/head.ts writes, and the body's page attributes. */
interface ReadHead {
  lang: string;
  title: string;
  meta: Record<string, string | null>;
  canonical: (string | null)[];
  alternates: string[];
  body: (string | null)[];
  jsonLd: unknown[];
  social: string[];
}

/**
 * The live document's head, and the head `path` was prerendered with (its HTML fetched and
 * parsed, no script run), read the same way.
 */
function heads(page: Page, path: string): Promise<{ live: ReadHead; prerendered: ReadHead }> {
  return page.evaluate(async (path) => {
    const read = (doc: Document): ReadHead => ({
      lang: doc.documentElement.lang,
      title: doc.title,
      meta: Object.fromEntries(
        ['description', 'keywords', 'robots'].map((name) => [
          name,
          doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null,
        ]),
      ),
      canonical: [...doc.head.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
      alternates: [...doc.head.querySelectorAll('link[rel="alternate"][hreflang]')].map(
        (l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`,
      ),
      body: [doc.body.getAttribute('data-page'), doc.body.getAttribute('data-kind')],
      jsonLd: [...doc.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!) as unknown),
      social: [...doc.head.querySelectorAll<HTMLMetaElement>('meta[property], meta[name^="twitter:"]')].map(
        (m) => `${m.getAttribute('property') ?? m.name}=${m.content}`,
      ),
    });
    const html = await (await fetch(path)).text();
    return { live: read(document), prerendered: read(new DOMParser().parseFromString(html, 'text/html')) };
  }, path);
}

/** The paths counted as virtual page views so far. */
const views = (page: Page) =>
  page.evaluate(() =>
    ((window.dataLayer ?? []) as { event?: string; page_path?: string }[])
      .filter((e) => e.event === 'virtual_page_view')
      .map((e) => e.page_path),
  );

/** Follows a link to `path` (the footer lists every kind of page, the header's logo the home) and waits until the page is counted: its head is written then. */
async function follow(page: Page, path: string): Promise<void> {
  const before = (await views(page)).length;
  await page.locator(`a[href="${path}"]:visible`).first().click();
  await page.waitForURL((u) => u.pathname === path);
  await expect.poll(async () => (await views(page)).slice(before)).toEqual([path]);
}

/** A head without its structured data and share tags. */
const without = ({ jsonLd: _data, social: _tags, ...rest }: ReadHead) => rest;

/**
 * The page's own title, description, keywords, robots, canonical, alternates, language and body
 * attributes; structured data and share tags only its own, if any (they need the code that failed).
 */
async function expectOwnHead(page: Page, path: string): Promise<void> {
  const { live, prerendered } = await heads(page, path);
  const { jsonLd, social, ...rest } = live;
  expect(rest, path).toEqual(without(prerendered));
  for (const data of jsonLd) expect(prerendered.jsonLd, `${path}: structured data of another page`).toContainEqual(data);
  for (const tag of social) expect(prerendered.social, `${path}: share tag of another page`).toContain(tag);
}

const marked = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: boolean }).__mark === true);

async function open(path: string) {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(site.url(path));
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  // A mark on the window: a full page load loses it.
  await page.evaluate(() => ((window as unknown as { __mark: boolean }).__mark = true));
  return { context, page, errors };
}

describe('a page reached in the app when the code that writes heads fails', () => {
  it('carries its own head, never the last page’s: product, FAQ, content and home pages', async () => {
    const { context, page, errors } = await open('/us/flagship-megatron');
    // Every request for it fails (the check whether it is gone after a deploy too): a network failure.
    await page.route(HEAD_CODE, (r) => r.abort());
    for (const path of ['/us/faq', '/us/flagship-bumblebee', '/us/terms-use', '/us', '/us/mini-robot']) {
      await follow(page, path);
      await expectOwnHead(page, path);
    }
    // Once that code can be loaded again, the next page gets it: its whole head.
    await page.unroute(HEAD_CODE);
    await follow(page, '/us/faq');
    const { live, prerendered } = await heads(page, '/us/faq');
    expect(live).toEqual(prerendered);
    // The visitor stayed in the app all along.
    expect(await marked(page)).toBe(true);
    expect(errors.filter((e) => !/Failed to load resource|net::ERR_FAILED/.test(e))).toEqual([]);
    await context.close();
  });

  it('carries its own head while that code is still loading, then the whole head', async () => {
    const { context, page, errors } = await open('/us');
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(HEAD_CODE, async (r) => {
      held += 1;
      await released;
      await r.continue();
    });
    await page.locator('footer a[href="/us/faq"]').first().click();
    await page.waitForURL((u) => u.pathname === '/us/faq');
    await page.waitForSelector('main details');
    await expect.poll(() => held).toBe(1);
    await expectOwnHead(page, '/us/faq');
    release();
    await expect.poll(() => views(page)).toEqual(['/us', '/us/faq']);
    const { live, prerendered } = await heads(page, '/us/faq');
    expect(live).toEqual(prerendered);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the page afresh, with its prerendered head, when that code is gone after a deploy', async () => {
    const { context, page } = await open('/us/faq');
    await page.route(HEAD_CODE, (r) => r.fulfill({ status: 404, body: '' }));
    await page.locator('footer a[href="/us/flagship-bumblebee"]').first().click();
    await page.waitForURL((u) => u.pathname === '/us/flagship-bumblebee');
    await expect.poll(() => marked(page)).toBe(false);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const { live, prerendered } = await heads(page, '/us/flagship-bumblebee');
    expect(live).toEqual(prerendered);
    await context.close();
  });
});
