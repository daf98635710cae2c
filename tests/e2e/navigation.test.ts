import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, collectErrors, overflows } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';
import { setEmulatorClock } from '../support/emulator.ts';

/**
 * The header navigation, the text banner, the countdown and the footer's company and media
 * links, in Chromium, with the emulated back ends' clock set inside and outside the stages of
 * the specification's section 4 (us: Halloween stage 1 from 2025-10-25 15:00 to 2025-11-01 15:00 +08:00;
 * the mini-robot banner in stages 1 to 4 of the launch list, 2025-09-18 to 2025-09-25 19:30).
 */

const site = useTestSite();
const url = site.url;

const setClock = (at: number | string) => setEmulatorClock(site.server.url, at);

async function open(path: string, width = 1280, height = 800): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await site.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(url(path));
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  return { page, errors, close: () => context.close() };
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
/** The header navigation in any language. */
const siteNav = (page: Page) => page.locator('nav.site-nav');

describe('the header navigation', () => {
  it('shows the region navs: links, menus of children, tags, and nothing hidden from the header', async () => {
    await setClock('2026-11-22T12:00:00+08:00');
    const { page, errors, close } = await open('/us');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Where to buy' }).getAttribute('href')).resolves.toBe('/us/where-to-buy');
    await expect(nav.getByRole('link', { name: 'Education' }).getAttribute('href')).resolves.toBe('/us/k1-pro-interstellar-scout');
    // News is hidden from the header; Halloween is outside its stage.
    await expect(nav.getByText('News').count()).resolves.toBe(0);
    await expect(nav.getByText('Halloween').count()).resolves.toBe(0);

    const robots = nav.getByRole('button', { name: 'Robots' });
    await expect(robots.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(nav.getByRole('link', { name: /Flagship Megatron/ }).isVisible()).resolves.toBe(false);
    // The header hydrates as the visitor first acts in it: the click is replayed then (runtime/parts.ts).
    await robots.click();
    await expect.poll(() => robots.getAttribute('aria-expanded')).toBe('true');
    const mini = nav.getByRole('link', { name: 'Mini Robot New' });
    await expect(mini.isVisible()).resolves.toBe(true);
    await expect(mini.locator('.nav-tag').evaluate((tag) => getComputedStyle(tag).backgroundColor)).resolves.toBe('rgb(194, 65, 12)');
    // Escape closes the menu and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect(robots.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(robots.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    // Following a link of a menu navigates in the app and closes the menu.
    await nav.getByRole('button', { name: 'Support' }).click();
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/faq');
    // The address changes first; the menu closes as the new page renders.
    await expect.poll(() => nav.getByRole('button', { name: 'Support' }).getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => nav.getByRole('link', { name: 'FAQ' }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it('folds into a menu button below the desktop width, without the items hidden on mobile', async () => {
    await setClock('2026-11-22T12:00:00+08:00');
    const { page, errors, close } = await open('/us', 375, 740);
    const nav = mainNav(page);
    const toggle = nav.getByRole('button', { name: 'Menu' });
    await expect(nav.getByRole('link', { name: 'Where to buy' }).isVisible()).resolves.toBe(false);
    // The header hydrates as the visitor first acts in it: the tap is replayed then (runtime/parts.ts).
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect(nav.getByRole('link', { name: 'Where to buy' }).isVisible()).resolves.toBe(true);
    await nav.getByRole('button', { name: 'Support' }).click();
    await expect(nav.getByRole('link', { name: 'Manuals' }).isVisible()).resolves.toBe(true);
    // The download center is hidden on mobile.
    await expect(nav.getByRole('link', { name: 'Download center' }).isVisible()).resolves.toBe(false);
    expect(await overflows(page)).toEqual([]);
    await expect(axeViolations(page)).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('puts each breakpoint pixel on exactly one side: desktop from 1069 px, mobile up to 720 px', async () => {
    await setClock('2026-11-22T12:00:00+08:00');
    const { page, close } = await open('/us', 1069, 800);
    const nav = mainNav(page);
    const toggle = nav.getByRole('button', { name: 'Menu' });
    const at = async (width: number) => {
      await page.setViewportSize({ width, height: 800 });
      return { menu: await toggle.isVisible(), whereToBuy: await nav.getByRole('link', { name: 'Where to buy' }).isVisible() };
    };
    expect(await at(1069)).toEqual({ menu: false, whereToBuy: true });
    expect(await at(1068)).toEqual({ menu: true, whereToBuy: false });
    // Tablet and mobile: the download center (hidden: [mobile]) shows from 721 px on.
    const downloadCenter = async (width: number) => {
      await page.setViewportSize({ width, height: 800 });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      const support = nav.getByRole('button', { name: 'Support' });
      if ((await support.getAttribute('aria-expanded')) !== 'true') await support.click();
      return nav.getByRole('link', { name: 'Download center' }).isVisible();
    };
    expect(await downloadCenter(721)).toBe(true);
    expect(await downloadCenter(720)).toBe(false);
    await close();
  });

  it.each([
    ['/de', 'Black Friday', '/de/black-friday', '2026-11-19T23:59:00+01:00', '2026-11-20T00:00:00+01:00', '2026-12-01T00:00:00+01:00'],
    ['/us', 'Black Friday', '/us/black-friday', '2026-11-19T23:59:00-05:00', '2026-11-20T00:00:00-05:00', '2026-12-01T00:00:00-05:00'],
    ['/us', 'Christmas Sale', '/us/christmas-sale', '2026-12-07T23:59:00-05:00', '2026-12-08T00:00:00-05:00', '2026-12-26T00:00:00-05:00'],
  ])(
    'on %s shows the %s item exactly while its page is open, on server time, and it leads there',
    async (home, label, target, before, opens, closes) => {
      const itemAt = async (at: string) => {
        await setClock(at);
        const opened = await open(home);
        await opened.page.waitForSelector('html[data-synced]', { state: 'attached' });
        return opened;
      };
      // Server time read, the header follows it (it hydrates once that time crosses an instant the
      // page names: the prerendered header is the build's instant's).
      const early = await itemAt(before);
      await expect.poll(() => siteNav(early.page).getByRole('link', { name: label }).count()).toBe(0);
      await early.close();

      const during = await itemAt(opens);
      const link = siteNav(during.page).getByRole('link', { name: label });
      await expect.poll(() => link.count()).toBe(1);
      await link.click();
      await expect.poll(() => new URL(during.page.url()).pathname).toBe(target);
      expect(during.errors).toEqual([]);
      await during.close();

      const late = await itemAt(closes);
      await expect.poll(() => siteNav(late.page).getByRole('link', { name: label }).count()).toBe(0);
      await late.close();
    },
  );

  it('shows the Halloween item with its icon and tag, and the home countdown, only during Halloween stage 1', async () => {
    await setClock('2025-10-31T15:00:00+08:00');
    const { page, errors, close } = await open('/us');
    const halloween = mainNav(page).getByRole('link', { name: 'Halloween Hot' });
    await expect.poll(() => halloween.count()).toBe(1);
    await expect(halloween.getAttribute('href')).resolves.toBe('/us/flagship-megatron');
    await expect(halloween.locator('svg[data-icon="pumpkin"]').count()).resolves.toBe(1);

    const countdown = page.getByTestId('countdown');
    // The page's content hydrates once server time crossed the stage's instant, and shows it then.
    await expect.poll(() => countdown.getByRole('heading', { name: 'Halloween deals: up to $278 off plus free shipping' }).count()).toBe(1);
    await expect(countdown.getByRole('link', { name: 'Shop the deals' }).getAttribute('href')).resolves.toBe('/us/flagship-megatron');
    // A day left of the stage, to its end at 2025-11-01 15:00 +08:00, less the seconds gone; they tick.
    const time = countdown.locator('time');
    await expect.poll(() => time.getAttribute('datetime')).toMatch(/^PT86[34]\d\dS$/);
    await expect(time.locator('.countdown-unit').allTextContents()).resolves.toEqual([
      '00 days',
      '23 hours',
      '59 min',
      expect.stringMatching(/^\d\d sec$/),
    ]);
    const first = await time.getAttribute('datetime');
    await expect.poll(() => time.getAttribute('datetime')).not.toBe(first);
    await expect(axeViolations(page, '.countdown', '.site-header')).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await close();

    // The stage is over: neither shows.
    await setClock('2025-11-01T15:00:00+08:00');
    const after = await open('/us');
    // Server time read: what the page shows now is what it shows at that instant.
    await after.page.waitForSelector('html[data-synced]', { state: 'attached' });
    await expect(mainNav(after.page).getByText('Halloween').count()).resolves.toBe(0);
    await expect(after.page.getByTestId('countdown').count()).resolves.toBe(0);
    await after.close();
  });

  it('shows the mini-robot text banner during launch stages 1 to 4 only', async () => {
    await setClock('2025-09-19T12:00:00+08:00');
    const during = await open('/uk');
    const banner = during.page.getByTestId('text-banner');
    await expect.poll(() => banner.count()).toBe(1);
    await expect(banner.getByRole('link').getAttribute('href')).resolves.toBe('/uk/mini-robot');
    await during.close();

    // Stage 5 began 2025-09-25 15:00 +08:00 outside the us.
    await setClock('2025-09-25T15:00:00+08:00');
    const after = await open('/uk');
    await after.page.waitForSelector('html[data-synced]', { state: 'attached' });
    await expect(after.page.getByTestId('text-banner').count()).resolves.toBe(0);
    await after.close();
    await setClock('2026-11-22T12:00:00+08:00');
  });
});

describe('the footer', () => {
  it.each([
    ['/us', 'Axlebot Robotics Inc.'],
    ['/de', undefined],
    ['/', undefined],
  ])('of %s names the company with its address and links its media safely', async (path, company) => {
    const { page, close } = await open(path);
    const footer = page.locator('footer');
    const address = footer.locator('address');
    await expect(address.count()).resolves.toBe(1);
    const text = (await address.textContent()) ?? '';
    if (company) expect(text).toContain(company);
    expect(text.trim().length).toBeGreaterThan(10);
    const media = footer.locator('.media-links a');
    expect(await media.count()).toBeGreaterThan(0);
    for (const link of await media.all()) {
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
      expect(new URL((await link.getAttribute('href'))!).protocol).toBe('https:');
    }
    await close();
  });
});
