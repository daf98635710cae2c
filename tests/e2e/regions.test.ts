import { describe, expect, it } from 'vitest';
import { compileContent } from '../../generator/index.ts';
import type { ResolvedRegion } from '../../generator/index.ts';
import { collectErrors } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';

const { model } = await compileContent();

const site = useTestSite();

const regions: [string, ResolvedRegion][] = model.regions.map((r) => [r.data.code, r]);

describe.each(regions)('region %s in Chromium', (code, region) => {
  const data = region.data;
  const home = data.routes.find((r) => r.page === 'home')!;
  const chooser = data.routes.find((r) => r.kind === 'region-chooser')!;

  it('serves its prerendered home page with its language, text and no console error', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(new URL(home.path, site.server.url).href);
    expect(response?.status()).toBe(200);
    // Without any script: the prerendered HTML alone is the page.
    expect(await page.getAttribute('html', 'lang')).toBe(data.locale);
    expect(await page.title()).toBe(home.content!.title);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(home.content!.heading);
    await context.close();
  });

  it('hydrates, and moves between home and the region chooser without a full page load', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(new URL(home.path, site.server.url).href);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.evaluate(() => ((window as unknown as { __marker: string }).__marker = 'same document'));

    // The header's region link (a globe and the region code) and its brand link (home).
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: data.messages['nav.chooseRegion'] }).click();
    await page.waitForURL((url) => url.pathname === chooser.path);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(chooser.content!.heading);
    await expect.poll(() => page.title()).toBe(chooser.content!.title);
    // Every region is listed with its label; the current one is marked.
    for (const link of data.regions) await expect.poll(() => page.getByRole('link', { name: new RegExp(link.label) }).count()).toBe(1);
    expect(await page.locator('.region-list a[aria-current="page"]').getAttribute('href')).toBe(
      data.regions.find((r) => r.code === code)!.home,
    );

    await header.getByRole('link', { name: data.messages['site.name'] }).click();
    await page.waitForURL((url) => url.pathname === home.path);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(home.content!.heading);
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe('same document');
    expect(errors).toEqual([]);
    await context.close();
  });
});
