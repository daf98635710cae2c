import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { compileContent } from '../../generator/build.ts';
import { startServer } from '../../server/serve.ts';
import type { RunningServer } from '../../server/serve.ts';
import { collectErrors, launchBrowser } from '../support/browser.ts';
import { BUILT_AT } from '../support/instants.ts';

/**
 * Every page of every region (each page type in each region that has it) at the
 * specification's three layouts (SPEC.md section 9: desktop from 1069 px, tablet 721 to
 * 1068.99 px, mobile up to 720.99 px): no horizontal scroll and no console error.
 */
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

const WIDTHS = [
  ['desktop', 1069, 800],
  ['tablet', 900, 1000],
  ['mobile', 360, 740],
] as const;

describe.each(model.regions.map((r) => r.data.code))('every page of %s', (code) => {
  const routes = model.regions.find((r) => r.data.code === code)!.data.routes.filter((r) => !r.redirect && r.kind !== 'account');

  it.each(WIDTHS)('fits the %s layout without horizontal scroll or console error', async (_name, width, height) => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const overflowing: string[] = [];
    for (const route of routes) {
      await page.goto(new URL(route.path, server.url).href);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      if (!fits) overflowing.push(route.path);
    }
    expect(overflowing).toEqual([]);
    expect(errors).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(4);
    await context.close();
  });
});
