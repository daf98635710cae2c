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

describe('a page painted while its HTML is still arriving', () => {
  /**
   * A slow phone paints what it has parsed. The page arrives here in pieces, cut inside the
   * header's tools, inside the footer and inside the consent banner, the next piece sent only
   * once the test has seen the last one painted: the page shown at each of those instants is a
   * prefix of the whole, and no element on screen may move as the rest arrives (the header's
   * tools are right-aligned, a short page's footer and the banner are held at the bottom).
   */
  const CUTS = ['class="account-link"', '<div class="footer-columns"', '<details class="consent-purposes"'];

  /** Serves the test site, each HTML page in pieces: `next()` sends one more. */
  async function startTrickle(): Promise<{ url: string; next(): void; close(): Promise<void> }> {
    const { createServer } = await import('node:http');
    const waiting: (() => void)[] = [];
    let credit = 0;
    const sent = () =>
      new Promise<void>((resolve) => {
        if (credit > 0) {
          credit--;
          resolve();
        } else waiting.push(resolve);
      });
    const server = createServer((request, response) => {
      void (async () => {
        const upstream = await fetch(new URL(request.url ?? '/', site.server.url));
        const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
        response.writeHead(upstream.status, { 'content-type': type, 'cache-control': 'no-store' });
        if (!type.startsWith('text/html')) return response.end(Buffer.from(await upstream.arrayBuffer()));
        let html = await upstream.text();
        for (const cut of CUTS) {
          const at = html.indexOf(cut);
          if (at < 0) continue;
          response.write(html.slice(0, at));
          html = html.slice(at);
          await sent();
        }
        response.end(html);
      })().catch((error: unknown) => response.destroy(error as Error));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return {
      url: `http://127.0.0.1:${port}`,
      next: () => (waiting.length > 0 ? waiting.shift()!() : credit++),
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  it.each([
    ['a short page with the consent banner, at phone width', '/uk/no-such-page', 375],
    ['a short page with the consent banner, at desktop width', '/uk/no-such-page', 1280],
    ['a home page, at desktop width', '/jp', 1280],
  ])('moves nothing: %s', async (_what, pathname, width) => {
    const trickle = await startTrickle();
    const context = await site.browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: string[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
          const nodes = (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName)));
          w.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const painted = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shown = (selector: string) => page.evaluate((s) => document.querySelector(s)?.checkVisibility({ visibilityProperty: true }) ?? false, selector);
    const banner = pathname.startsWith('/uk');
    await page.goto(trickle.url + pathname, { waitUntil: 'commit' });
    // Cut inside the header's tools: the header is there but not shown yet.
    await page.waitForSelector('.site-header .header-tools', { state: 'attached' });
    await painted();
    expect(await shown('.site-header .bar')).toBe(false);
    // Cut inside the footer: the header shows, the footer not yet.
    trickle.next();
    await page.waitForSelector('.site-footer', { state: 'attached' });
    await painted();
    expect([await shown('.site-header .bar'), await shown('.site-footer')]).toEqual([true, false]);
    // Cut inside the banner (where there is one): the footer shows, the banner not yet.
    trickle.next();
    if (banner) {
      await page.waitForSelector('.consent-banner', { state: 'attached' });
      await painted();
      expect([await shown('.site-footer'), await shown('.consent-banner')]).toEqual([true, false]);
      trickle.next();
    }
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await painted();
    expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
    // Whole, everything shows.
    for (const selector of ['.site-header .bar', '.site-footer', ...(banner ? ['.consent-banner'] : [])]) expect(await shown(selector), selector).toBe(true);
    await context.close();
    await trickle.close();
  });
});
