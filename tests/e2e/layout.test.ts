import { describe, expect, it } from 'vitest';
import { compileContent } from '../../generator/build.ts';
import { axeViolations, collectErrors } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';

/**
 * Every page of every region (each page type in each region that has it) at the
 * specification's three layouts (section 9: desktop from 1069 px, tablet 721 to
 * 1068.99 px, mobile up to 720.99 px): no horizontal scroll and no console error. The first page
 * of each kind met (home, product, content, FAQ, the forms, the region chooser) also gets an
 * axe-core run at mobile and desktop width (regions.test.ts checks every region's home).
 */
const { model } = await compileContent();

const site = useTestSite();
/** Page kinds axe-core has checked so far (the regions run in turn in this file). */
const axeChecked = new Set<string>();

const WIDTHS = [
  ['desktop', 1069, 800],
  ['tablet', 900, 1000],
  ['mobile', 360, 740],
] as const;

describe.each(model.regions.map((r) => r.data.code))('every page of %s', (code) => {
  const routes = model.regions.find((r) => r.data.code === code)!.data.routes.filter((r) => !r.redirect && r.kind !== 'account');

  it('fits the mobile, tablet and desktop layouts without horizontal scroll or console error (and axe-core finds nothing on a new kind)', async () => {
    // Loaded at the narrowest width, then widened: the layouts are CSS media queries and the
    // device class follows the window's size, so one load per page checks all three.
    const [mobile, tablet, desktop] = [WIDTHS[2], WIDTHS[1], WIDTHS[0]];
    const context = await site.browser.newContext({ viewport: { width: mobile[1], height: mobile[2] } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const overflowing: string[] = [];
    const violations: string[] = [];
    for (const route of routes) {
      await page.setViewportSize({ width: mobile[1], height: mobile[2] });
      await page.goto(new URL(route.path, site.server.url).href);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      const axe = !axeChecked.has(route.kind);
      axeChecked.add(route.kind);
      for (const [name, width, height] of [mobile, tablet, desktop]) {
        await page.setViewportSize({ width, height });
        const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth && window.innerWidth > 0);
        if (!fits) overflowing.push(`${route.path} (${name}, ${width} px)`);
        if (axe && name !== 'tablet') violations.push(...(await axeViolations(page)).map((v) => `${route.path} (${name}): ${v}`));
      }
    }
    expect(overflowing).toEqual([]);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(4);
    await context.close();
  });
});
