import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectErrors } from '../support/browser.ts';
import { setEmulatorClock } from '../support/emulator.ts';
import { BUILT_AT } from '../support/instants.ts';
import { useTestSite } from '../support/site.ts';

// The page paints before any of its code is fetched; the code loads when the browser is idle or
// at the visitor's first interaction, and what the visitor did meanwhile is replayed, not lost
// (templates/app-loader.js, docs/performance.md).
const site = useTestSite();
const url = site.url;

/** Holds the page's entry script until `release` is called: the app cannot start before then. */
async function holdEntry(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(us|cn)-[\w-]+\.js$/, async (r) => {
    await released;
    await r.continue();
  });
  return release;
}

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated]', { state: 'attached' });

describe('first paint before any script', () => {
  it.each(['/us', '/us/ai-base', '/us/login', '/us/faq', '/'])('%s paints before it fetches a script, then hydrates', async (path) => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(url(path));
    await hydrated(page);
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => /\.js$/.test(new URL(e.name).pathname))
        .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime })),
    }));
    expect(paint).toBeLessThan(Infinity);
    // The code did load (the page hydrated with it), and every file of it after the first paint.
    expect(scripts.length).toBeGreaterThan(2);
    expect(
      scripts.filter((s) => s.start < paint),
      `first paint at ${paint} ms`,
    ).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the menu tapped before the app has loaded, once it is live', async () => {
    const context = await site.browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
    const page = await context.newPage();
    const release = await holdEntry(page);
    await page.goto(url('/us/faq'));
    const toggle = page.locator('.menu-toggle');
    await toggle.tap();
    await page.waitForTimeout(100);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    release();
    await hydrated(page);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect(page.locator('#site-nav-list').isVisible()).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe('/us/faq');
    await context.close();
  });

  it('holds a form sent before the app has loaded: its fields never reach the address, and it is sent once the app is live', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const release = await holdEntry(page);
    const logins: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/account/user/login')) logins.push(r.postData() ?? '');
    });
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await page.goto(url('/us/login'));
    const form = page.getByRole('main');
    await form.getByLabel('Email address', { exact: true }).fill('early@example.com');
    await form.getByLabel('Password', { exact: true }).fill('early-bird-9');
    await form.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForTimeout(200);
    expect(page.url()).toBe(url('/us/login'));
    expect(logins).toEqual([]);
    release();
    await hydrated(page);
    // The app sends what the visitor typed, as the visitor typed it, and answers it.
    await expect.poll(() => logins.length).toBe(1);
    expect(JSON.parse(logins[0]!)).toMatchObject({ email: 'early@example.com', password: 'early-bird-9' });
    await expect.poll(() => page.getByRole('main').getByRole('alert').count()).toBe(1);
    expect(documents).toEqual([url('/us/login')]);
    await context.close();
  });

  it.each(['/', '/flagship-bumblebee'])(
    '%s lays out its blocks below the first screen only as the visitor nears them, and they then show whole',
    async (path) => {
      const context = await site.browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await page.goto(url(path));
      await hydrated(page);
      // The first screen's text is laid out; a block two screens below and the footer are not
      // (content-visibility: the browser lays out what is within a screen and a half of view).
      const shown = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((e) => e.checkVisibility({ contentVisibilityAuto: true }));
      await expect(shown('h1')).resolves.toBe(true);
      await expect(shown('.site-footer a')).resolves.toBe(false);
      const below = path === '/' ? '.newsletter-invite h2' : '.gallery figcaption';
      await expect(shown(below)).resolves.toBe(false);
      await page.locator(below).first().scrollIntoViewIfNeeded();
      await expect.poll(() => shown(below)).toBe(true);
      await expect(page.locator(below).first().isVisible()).resolves.toBe(true);
      await page.keyboard.press('End');
      await expect.poll(() => shown('.site-footer a')).toBe(true);
      await context.close();
    },
  );

  it("loads the footer's code only when the visitor acts in it, or nears it from another country", async () => {
    const footerCode: string[] = [];
    const visit = async (headers: Record<string, string> = {}) => {
      const context = await site.browser.newContext({ viewport: { width: 375, height: 740 }, extraHTTPHeaders: headers });
      const page = await context.newPage();
      page.on('request', (r) => /\/assets\/Footer-[\w-]+\.js$/.test(r.url()) && footerCode.push(r.url()));
      await page.goto(url('/us/faq'));
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      return { context, page };
    };
    // A visitor the back end places in the region's own country: scrolled down to it, the footer
    // shows what it was prerendered with, and its code does not load...
    const { context, page } = await visit({ 'x-country': 'US' });
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(footerCode).toEqual([]);
    await expect(page.locator('html[data-footer-hydrated]').count()).resolves.toBe(0);
    // ... until the visitor acts in it: its code loads and it hydrates.
    await page.locator('.site-footer').getByRole('heading').first().click();
    await page.waitForSelector('html[data-footer-hydrated]', { state: 'attached' });
    expect(footerCode).toHaveLength(1);
    await context.close();
    // From Canada, its region label changes: the footer hydrates as the visitor nears it.
    const canada = await visit({ 'x-country': 'CA' });
    expect(footerCode).toHaveLength(1);
    await canada.page.locator('.site-footer').scrollIntoViewIfNeeded();
    await canada.page.waitForSelector('html[data-footer-hydrated]', { state: 'attached' });
    await expect.poll(() => canada.page.getByTestId('region-label').textContent()).toBe('Canada - English');
    expect(footerCode).toHaveLength(2);
    await canada.context.close();
  });

  it("shows the login screen's tip and keeps fromPath before the screen's code loads, which waits for an act", async () => {
    const context = await site.browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const loginCode: string[] = [];
    page.on('request', (r) => /\/assets\/login-[\w-]+\.js$/.test(r.url()) && loginCode.push(r.url()));
    // No stored login: the profile sends the visitor to the login screen, coming back afterwards.
    await page.goto(url('/us/profile'));
    await page.waitForURL((u) => u.pathname === '/us/login' && u.searchParams.get('fromPath') === '/us/profile');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const main = page.getByRole('main');
    await expect(main.getByText('Please log in', { exact: true }).isVisible()).resolves.toBe(true);
    const register = main.getByRole('link', { name: 'Create account' });
    await expect(register.getAttribute('href')).resolves.toBe('/us/register?fromPath=%2Fus%2Fprofile');
    expect(loginCode).toEqual([]);
    await expect(page.locator('html[data-main-hydrated]').count()).resolves.toBe(0);
    // A tap on the screen loads its code; the tap is not lost, and the screen keeps what it showed.
    await main.getByRole('button', { name: 'Log in with an email code' }).click();
    await expect.poll(() => main.getByRole('button', { name: 'Send code' }).count()).toBe(1);
    expect(loginCode).toHaveLength(1);
    await expect(main.getByText('Please log in', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(register.getAttribute('href')).resolves.toBe('/us/register?fromPath=%2Fus%2Fprofile');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("loads the router's code on a link's intent or with the first navigation, never for the first page alone", async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const routerCode: string[] = [];
    page.on('request', (r) => /\/assets\/router-[\w-]+\.js$/.test(r.url()) && routerCode.push(r.url()));
    await page.goto(url('/us/faq'));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(routerCode).toEqual([]);
    const home = page.locator('.site-header a.brand');
    await home.hover();
    await expect.poll(() => routerCode.length).toBe(1);
    await home.click();
    await page.waitForURL((u) => u.pathname === '/us');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(routerCode).toHaveLength(1);
    await context.close();
  });

  it('loads the code that writes heads only where the head changes: a product whose offer server time moved, or the next page', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const headCode: string[] = [];
    page.on('request', (r) => /\/assets\/head-[\w-]+\.js$/.test(r.url()) && headCode.push(new URL(page.url()).pathname));
    await page.goto(url('/us/faq'));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(headCode).toEqual([]);
    // The next page gets its head from that code.
    await page.getByRole('banner').getByRole('link', { name: 'Axlebot' }).first().click();
    await page.waitForURL((u) => u.pathname === '/us');
    await expect.poll(() => headCode.length).toBe(1);
    await expect.poll(() => page.evaluate(() => document.querySelector('link[rel="canonical"]')?.getAttribute('href'))).toMatch(/\/us$/);
    // A product page's offer follows the clock: its prerendered head holds while server time is
    // in the same phase of the product's activity (the build's instant: after Halloween)...
    const productHead: string[] = [];
    const visit = async (path: string) => {
      const product = await context.newPage();
      product.on('request', (r) => /\/assets\/head-[\w-]+\.js$/.test(r.url()) && productHead.push(r.url()));
      await product.goto(url(path));
      await product.waitForSelector('html[data-hydrated][data-synced]', { state: 'attached' });
      await product.waitForLoadState('networkidle');
      return product;
    };
    await visit('/us/flagship-bumblebee');
    expect(productHead).toEqual([]);
    // ... and the code loads once server time moves it (Halloween's price, 1,219).
    await setEmulatorClock(site.server.url, '2025-10-28T12:00:00+08:00');
    try {
      const during = await visit('/us/flagship-bumblebee');
      expect(productHead).toHaveLength(1);
      await expect
        .poll(() => during.evaluate(() => document.querySelector('meta[property="product:price:amount"]')?.getAttribute('content')))
        .toBe('1219');
    } finally {
      await setEmulatorClock(site.server.url, BUILT_AT);
    }
    await context.close();
  });

  it('lets the browser fetch a page of the region ahead on hover until the app is live, never an account screen or another region', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    // The browser's own prefetches are no request of the page's: Chromium reports them over CDP.
    const prefetched: string[] = [];
    const cdp = await context.newCDPSession(page);
    await cdp.send('Preload.enable');
    cdp.on('Preload.prefetchStatusUpdated', (event) => {
      if (event.status === 'Running') prefetched.push(new URL(event.prefetchUrl).pathname);
    });
    const release = await holdEntry(page);
    await page.goto(url('/us'));
    const banner = page.getByRole('banner');
    const links = page.getByRole('main').locator('a[data-speculate]');
    const [first, second] = [...new Set(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')!)))];
    expect(first && second).toBeTruthy();
    // Hovered while the app is still loading: the browser fetches the page the link opens.
    await links
      .and(page.locator(`[href="${first}"]`))
      .first()
      .hover();
    await expect.poll(() => prefetched).toEqual([first]);
    // Neither the account link, nor the region chooser, however long the pointer rests there.
    await page.getByTestId('account-link').hover();
    await page.waitForTimeout(600);
    await banner.locator('a.region-link').hover();
    await page.waitForTimeout(600);
    expect(prefetched).toEqual([first]);
    const marked = await page.evaluate(() => [...document.querySelectorAll('a[data-speculate]')].map((a) => a.getAttribute('href')));
    expect(marked.length).toBeGreaterThan(5);
    expect(marked.filter((href) => !href!.startsWith('/us') || /\/(login|register|profile|choose-your-region)\b/.test(href!))).toEqual([]);
    // Once the app is live it loads pages itself: the browser fetches nothing more ahead.
    release();
    await hydrated(page);
    await links
      .and(page.locator(`[href="${second}"]`))
      .first()
      .hover();
    await page.waitForTimeout(600);
    expect(prefetched).toEqual([first]);
    await context.close();
  });
});
