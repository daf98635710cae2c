import type { BrowserContext } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { listFiles } from '../../generator/index.ts';
import { axeViolations, openPage } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';
import { startServer } from '../../server/serve.ts';

/** The day before the us Halloween promotion (stage 1 of its list starts 2025-10-25 15:00 +08:00). */
const BEFORE_HALLOWEEN = Date.parse('2025-10-24T12:00:00+08:00');

const site = useTestSite({ now: BEFORE_HALLOWEEN, previewClock: true });

describe('the preview clock', () => {
  it('moves server time across the Halloween boundaries, and the nav item shows and hides with it', async () => {
    const { context, page, errors } = await openPage(site.browser, site.server.url, '/us');
    const clock = page.getByRole('complementary', { name: 'Preview clock (local preview only)' });
    const halloween = page.getByRole('banner').getByRole('link', { name: 'Halloween' });
    await expect.poll(() => clock.locator('[data-list="halloween"]').textContent()).toBe('halloween: stage 0 of 2');
    // The emulated clock runs on from where it was set.
    await expect(clock.locator('[data-preview="now"]').textContent()).resolves.toMatch(/^Server time: 2025-10-24T04:00:\d\dZ \(us\)$/);
    await expect(halloween.count()).resolves.toBe(0);

    // The next boundary of any us list is the start of the promotion.
    await Promise.all([page.waitForEvent('load'), clock.getByRole('button', { name: 'Next boundary' }).click()]);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect.poll(() => clock.locator('[data-preview="now"]').textContent()).toMatch(/^Server time: 2025-10-25T07:00:\d\dZ \(us\)$/);
    await expect.poll(() => halloween.count()).toBe(1);
    await expect(clock.locator('[data-list="halloween"]').textContent()).resolves.toBe('halloween: stage 1 of 2');

    // And the one after ends it.
    await Promise.all([page.waitForEvent('load'), clock.getByRole('button', { name: 'Next boundary' }).click()]);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect.poll(() => clock.locator('[data-list="halloween"]').textContent()).toBe('halloween: stage 2 of 2');
    await expect.poll(() => halloween.count()).toBe(0);

    // No us stages list has a boundary after that, but the content still changes: the next boundary
    // is the first change the build's schedule lists for us (a page window, a nav item), not none.
    type Schedule = {
      entries: { at: string; time: number; changes: { region: string; change: string }[] }[];
      stages: Record<string, Record<string, string[]>>;
    };
    const schedule = JSON.parse(await readFile(path.join(inject('distDir'), 'schedule.json'), 'utf8')) as Schedule;
    const ended = Date.parse('2025-11-01T07:00:00Z');
    const upcoming = schedule.entries.find((e) => e.time > ended && e.changes.some((c) => c.region === 'us'))!;
    expect(
      Object.values(schedule.stages.us ?? {})
        .flat()
        .filter((iso) => Date.parse(iso) > ended),
    ).toEqual([]);
    const button = clock.getByRole('button', { name: 'Next boundary' });
    await expect.poll(() => button.getAttribute('data-next')).toBe(upcoming.at);
    const said = upcoming.changes.find((c) => c.region === 'us')!.change;
    expect(await button.getAttribute('title')).toContain(said);
    await Promise.all([page.waitForEvent('load'), button.click()]);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect
      .poll(() => clock.locator('[data-preview="now"]').textContent())
      .toMatch(new RegExp(`^Server time: ${upcoming.at.slice(0, 16)}:\\d\\dZ \\(us\\)$`));

    // Any instant, typed in UTC.
    await clock.getByLabel('Set server time (UTC)').fill('2025-10-30T12:00:00');
    await Promise.all([page.waitForEvent('load'), clock.getByRole('button', { name: 'Set' }).click()]);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect.poll(() => halloween.count()).toBe(1);
    await expect(axeViolations(page, '#preview-clock')).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts collapsed on a phone and open on a wide screen, and remembers the choice', async () => {
    const opened = async (context: BrowserContext, width: number) => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 740 });
      await page.goto(new URL('/us', site.server.url).href);
      await page.waitForSelector('#preview-clock details', { state: 'attached' });
      return { page, open: () => page.locator('#preview-clock details').evaluate((d) => (d as HTMLDetailsElement).open) };
    };
    const context = await site.browser.newContext();
    const phone = await opened(context, 375);
    expect(await phone.open()).toBe(false);
    expect(await (await opened(context, 721)).open()).toBe(true);
    // The visitor opens it on the phone: it stays open on the next visit, and closed once closed.
    await phone.page.locator('#preview-clock summary').click();
    expect(await (await opened(context, 375)).open()).toBe(true);
    await phone.page.locator('#preview-clock summary').click();
    expect(await (await opened(context, 1280)).open()).toBe(false);
    await context.close();
  });

  it('is never part of the built site: no built file names it, and a server without it adds nothing', async () => {
    const dist = inject('distDir');
    for (const file of await listFiles(dist)) {
      if (!/\.(html|js|css|json|xml|txt)$/.test(file)) continue;
      expect(await readFile(path.join(dist, file), 'utf8'), file).not.toMatch(/preview-clock|Preview clock/);
    }
    const plain = await startServer({ dir: dist, port: 0, host: '127.0.0.1' });
    try {
      const html = await (await fetch(new URL('/us', plain.url))).text();
      expect(html).not.toContain('preview-clock');
      const withClock = await (await fetch(new URL('/us', site.server.url))).text();
      expect(withClock).toContain('<script src="/__emulator/preview-clock.js" defer></script></body>');
    } finally {
      await plain.close();
    }
  });
});
