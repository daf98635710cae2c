import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { compileContent } from '../../generator/build.ts';
import type { ResolvedRegion } from '../../generator/resolve/index.ts';
import { startServer } from '../../server/serve.ts';
import type { RunningServer } from '../../server/serve.ts';
import { collectErrors, launchBrowser } from '../support/browser.ts';
import { BUILT_AT } from '../support/instants.ts';

let server: RunningServer;
let browser: Browser;
const { model } = await compileContent();

beforeAll(async () => {
  server = await startServer({ dir: inject('distDir'), port: 0, host: '127.0.0.1', now: BUILT_AT });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const regions: [string, ResolvedRegion][] = model.regions.map((r) => [r.data.code, r]);

describe.each(regions)('region %s in Chromium', (code, region) => {
  const data = region.data;
  const home = data.routes.find((r) => r.page === 'home')!;
  const chooser = data.routes.find((r) => r.kind === 'region-chooser')!;

  it('serves its prerendered home page with its language, text and no console error', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(new URL(home.path, server.url).href);
    expect(response?.status()).toBe(200);
    // Without any script: the prerendered HTML alone is the page.
    expect(await page.getAttribute('html', 'lang')).toBe(data.locale);
    expect(await page.title()).toBe(home.content!.title);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(home.content!.heading);
    await context.close();
  });

  it('hydrates, and moves between home and the region chooser without a full page load', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(new URL(home.path, server.url).href);
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
    expect(await page.locator('.region-list a[aria-current="page"]').getAttribute('href')).toBe(data.regions.find((r) => r.code === code)!.home);

    await header.getByRole('link', { name: data.messages['site.name'] }).click();
    await page.waitForURL((url) => url.pathname === home.path);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(home.content!.heading);
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe('same document');
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    ['desktop', 1280, 800],
    ['mobile', 375, 740],
  ])('has no axe-core violation and no horizontal scroll at %s width', async (_name, width, height) => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    for (const route of [home, chooser]) {
      await page.goto(new URL(route.path, server.url).href);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${route.path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await context.close();
  });
});
