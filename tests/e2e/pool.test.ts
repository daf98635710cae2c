import { describe, expect, it } from 'vitest';
import { useTestSite } from '../support/site.ts';

/**
 * The lent contexts of the browser tests (tests/support/pool.ts): a context handed on is, to a
 * test, a fresh one, or a test would pass or fail by what ran before it.
 */
const site = useTestSite();
const options = { viewport: { width: 900, height: 700 } };

describe('a context lent on to the next test', () => {
  it('keeps nothing of the last test: cookies, storage, routes, init scripts, listeners, viewport', async () => {
    const first = await site.browser.newContext(options);
    const page = await first.newPage();
    let heard = 0;
    page.on('console', () => (heard += 1));
    await page.addInitScript(() => ((window as unknown as { planted: boolean }).planted = true));
    await page.route('**/us/faq', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>stub</title>' }));
    await page.goto(site.url('/us'));
    await page.evaluate(() => {
      document.cookie = 'left=1; path=/';
      localStorage.setItem('left', '1');
      sessionStorage.setItem('left', '1');
    });
    await page.setViewportSize({ width: 400, height: 600 });
    await first.close();

    const second = await site.browser.newContext(options);
    const again = await second.newPage();
    expect(again.url()).toBe('about:blank');
    expect(again.viewportSize()).toEqual(options.viewport);
    await again.goto(site.url('/us/faq'));
    expect(await again.title()).not.toBe('stub');
    const left = await again.evaluate(() => ({
      cookie: document.cookie,
      local: localStorage.getItem('left'),
      session: sessionStorage.getItem('left'),
      planted: 'planted' in window,
    }));
    expect(left).toEqual({ cookie: '', local: null, session: null, planted: false });
    expect(await second.cookies()).toEqual([]);
    await again.evaluate(() => console.log('heard only by this test'));
    expect(heard).toBe(0);
    await second.close();
  });

  it('is not lent on after a fake clock: the next test has the real time', async () => {
    const first = await site.browser.newContext(options);
    const page = await first.newPage();
    await page.clock.install({ time: Date.parse('2001-01-01T00:00:00Z') });
    await page.goto(site.url('/us'));
    expect(await page.evaluate(() => new Date().getFullYear())).toBe(2001);
    await first.close();

    const second = await site.browser.newContext(options);
    const again = await second.newPage();
    await again.goto(site.url('/us'));
    expect(await again.evaluate(() => new Date().getFullYear())).toBeGreaterThan(2020);
    await second.close();
  });
});
