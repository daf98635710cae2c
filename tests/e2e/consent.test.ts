import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, collectErrors } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';

/**
 * Consent before analytics (issue 28, docs/market.md): uk, eu, fr and de ask first, with Google
 * Consent Mode v2; the other regions carry nothing of it.
 */
const site = useTestSite();

interface Visit {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function visit(pathname: string, options: { width?: number; context?: BrowserContext } = {}): Promise<Visit> {
  const context = options.context ?? (await site.browser.newContext({ viewport: { width: options.width ?? 1280, height: 800 } }));
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.addInitScript(() => {
    // Layout shifts and policy violations from the very start.
    const seen = { shift: 0, bannerShifts: 0, moved: [] as string[], violations: [] as string[] };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        seen.shift += entry.value;
        // What moved, for the failure's message: tag, class and the start of its text.
        for (const source of entry.sources ?? [])
          if (source.node instanceof Element)
            seen.moved.push(`${source.node.tagName}.${source.node.className} "${source.node.textContent?.slice(0, 40)}" (${entry.value})`);
        if ((entry.sources ?? []).some((source) => source.node instanceof Element && source.node.closest('.consent-banner')))
          seen.bannerShifts++;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('securitypolicyviolation', (event) => seen.violations.push(event.violatedDirective));
  });
  await page.goto(site.url(pathname));
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  return { context, page, errors };
}

/** The data layer as plain data: gtag's `arguments` entries as arrays, events as objects. */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  );

const DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' };
const GRANTED = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' };
const banner = (page: Page) => page.getByRole('region', { name: 'Your privacy' });

describe('consent before analytics', () => {
  it.each(['/uk', '/eu/flagship-megatron'])(
    'asks on the first visit to %s, everything denied before any other entry of the data layer',
    async (pathname) => {
      const { context, page, errors } = await visit(pathname);
      const region = page.locator('.consent-banner');
      await expect(region.isVisible()).resolves.toBe(true);
      const layer = await dataLayer(page);
      expect(layer[0]).toEqual(['consent', 'default', { ...DENIED, wait_for_update: 500 }]);
      // Page views still follow the specification's rules, after the default.
      await expect
        .poll(async () => (await dataLayer(page)).filter((e) => (e as { event?: string }).event === 'virtual_page_view').length)
        .toBe(1);
      expect(await page.evaluate(() => (window as unknown as { __seen: { violations: string[] } }).__seen.violations)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('accepts or rejects with one click each, the two equally prominent, and remembers the choice before the next page paints', async () => {
    for (const [button, state] of [
      ['Accept all', GRANTED],
      ['Reject all', DENIED],
    ] as const) {
      const { context, page } = await visit('/uk');
      const accept = banner(page).getByRole('button', { name: 'Accept all' });
      const reject = banner(page).getByRole('button', { name: 'Reject all' });
      const looks = (locator: typeof accept) =>
        locator.evaluate((el) => {
          const s = getComputedStyle(el);
          const r = el.getBoundingClientRect();
          return {
            bg: s.backgroundColor,
            color: s.color,
            size: s.fontSize,
            weight: s.fontWeight,
            height: Math.round(r.height),
            width: Math.round(r.width),
          };
        });
      const [a, r] = [await looks(accept), await looks(reject)];
      expect({ ...r, width: undefined }).toEqual({ ...a, width: undefined });
      expect(Math.abs(r.width - a.width)).toBeLessThanOrEqual(4);
      await banner(page).getByRole('button', { name: button }).click();
      await expect(page.locator('.consent-banner').isVisible()).resolves.toBe(false);
      expect((await dataLayer(page)).find((e) => Array.isArray(e) && e[1] === 'update')).toEqual(['consent', 'update', state]);
      // The next page: the choice is applied right after the default, and the banner never shows.
      const next = await context.newPage();
      await next.goto(site.url('/uk/faq'), { waitUntil: 'commit' });
      await next.waitForSelector('.consent-banner', { state: 'attached' });
      await expect(next.locator('.consent-banner').isVisible()).resolves.toBe(false);
      const layer = await dataLayer(next);
      expect(layer.slice(0, 2)).toEqual([
        ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
        ['consent', 'update', state],
      ]);
      await context.close();
    }
  });

  it('chooses per purpose, and every footer opens the choice again with what was chosen', async () => {
    const { context, page, errors } = await visit('/de');
    const region = page.getByRole('region', { name: 'Ihre Privatsphäre' });
    await region.getByText('Nach Zweck auswählen').click();
    await region.getByLabel('Statistik: Besuche messen, um die Website zu verbessern').check();
    await region.getByRole('button', { name: 'Auswahl speichern' }).click();
    await expect(region.isVisible()).resolves.toBe(false);
    expect((await dataLayer(page)).filter((e) => Array.isArray(e) && e[1] === 'update')).toEqual([
      ['consent', 'update', { ...DENIED, analytics_storage: 'granted' }],
    ]);
    // Focus goes back to the way to the choice; it reopens the banner, focused, with the choice ticked.
    const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-Einstellungen' });
    await expect(settings.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await settings.click();
    await expect(region.isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('consent-heading');
    await expect(region.getByLabel('Statistik: Besuche messen, um die Website zu verbessern').isChecked()).resolves.toBe(true);
    await expect(region.getByLabel('Werbung: personalisierte Anzeigen und deren Messung').isChecked()).resolves.toBe(false);
    // It links the region's cookie and privacy policies.
    await expect(region.getByRole('link', { name: 'Cookie-Richtlinie' }).getAttribute('href')).resolves.toBe(
      'https://www.example.com/de/cookies-policy',
    );
    await expect(region.getByRole('link', { name: 'Datenschutzerklärung' }).getAttribute('href')).resolves.toBe(
      'https://www.example.com/de/privacy-policy',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works by keyboard alone, shifts nothing, and has no accessibility violation at phone and desktop widths', async () => {
    for (const width of [375, 1280]) {
      const { context, page } = await visit('/fr/flagship-megatron', { width });
      expect(await axeViolations(page)).toEqual([]);
      // The banner never moves, nor makes anything move (it is fixed, and in the HTML from the start).
      const seen = await page.evaluate(
        () => (window as unknown as { __seen: { shift: number; bannerShifts: number; moved: string[] } }).__seen,
      );
      expect(seen.bannerShifts).toBe(0);
      // (At 375 px the French header can still wrap once it hydrates: issue 30, not the banner.)
      if (width === 1280) expect(seen.shift, `moved: ${seen.moved.join('; ')}`).toBe(0);
      // The banner closes the page (the skip link stays first): one Shift+Tab from the top reaches it.
      const focused: string[] = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Shift+Tab');
        focused.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
      }
      expect(focused).toEqual(['Choisir par finalité', 'Tout refuser', 'Tout accepter']);
      await page.keyboard.press('Enter');
      await expect(page.locator('.consent-banner').isVisible()).resolves.toBe(false);
      await context.close();
    }
  });

  it.each(['/us', '/'])('adds nothing to %s, a region that does not ask', async (pathname) => {
    const { context, page } = await visit(pathname);
    await expect(page.locator('.consent-banner').count()).resolves.toBe(0);
    await expect(page.locator('[data-consent-action]').count()).resolves.toBe(0);
    // One inline script, the app's loader, as before.
    await expect(page.locator('script:not([src]):not([type])').count()).resolves.toBe(1);
    await expect.poll(async () => ((await dataLayer(page))[0] as { event?: string } | undefined)?.event).toBe('virtual_page_view');
    await context.close();
  });
});
