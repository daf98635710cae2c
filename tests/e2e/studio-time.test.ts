import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser.ts';
import { useStudioSession } from '../support/studio.ts';
import type { StudioSession } from '../support/studio.ts';

// Time in the studio, as a reviewer uses it (docs/studio.md, "Time"; issue 50): the instants at
// which a region's pages change, on a bar and in words, and the page being edited as it will be
// at one instant or at two side by side: the Black Friday page before it opens and once it has.

const PAGE = 'pages/black-friday/en.yaml';
// Before Black Friday opens in us (2026-11-20T00:00:00-05:00).
const NOW = Date.parse('2026-11-10T12:00:00Z');
const OPENS = Date.parse('2026-11-20T05:00:00Z');

let session: StudioSession;

useStudioSession(NOW, (started) => {
  session = started;
});

/** The heading of the still at `index` (its frame runs no script: Playwright reads its DOM). */
const stillHeading = (page: Page, index: number) => page.frameLocator('.stills iframe').nth(index).locator('h1').textContent();

describe('the page at chosen instants, in a browser', () => {
  it('lists when the pages change, and shows the Black Friday page before it opens and inside, side by side', async () => {
    const { page, errors } = await session.open();
    await page.goto(session.fileUrl(PAGE));
    await page.locator('.preview iframe').waitFor();
    const opening = page.locator('.schedule li', { hasText: '20 Nov 2026, 00:00 GMT-5 (2026-11-20 05:00 UTC)' });
    await expect.poll(() => opening.textContent()).toContain('(changes this page)');
    expect(await opening.textContent()).toContain(
      ": /us/black-friday opens; nav item 'Black Friday' shows (its page opens) (changes this page)",
    );
    expect(await page.locator('.time-bar').getAttribute('aria-hidden')).toBe('true');
    // Before and after the opening: two stills, a minute apart.
    await opening.getByRole('button', { name: /^Before and after/ }).click();
    await expect
      .poll(() => page.locator('.stills figcaption').allTextContents())
      .toEqual([
        'As at 19 Nov 2026, 23:59 GMT-5 (2026-11-20 04:59 UTC): closed then (outside its window): a visitor sees this, then the home page',
        'As at 20 Nov 2026, 00:00 GMT-5 (2026-11-20 05:00 UTC)',
      ]);
    await expect.poll(() => stillHeading(page, 0)).toBe("This page isn't available right now");
    await expect.poll(() => stillHeading(page, 1)).toBe('Black Friday deals');
    const first = page.getByLabel('First instant (with its offset)');
    expect(await first.inputValue()).toBe(new Date(OPENS - 60_000).toISOString().replace(':00.000Z', 'Z'));
    // Typed: one instant inside the window, in another offset.
    await first.fill('2026-11-25T12:00:00+01:00');
    await page.getByLabel('Second instant (optional)').fill('');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect
      .poll(() => page.locator('.stills figcaption').allTextContents())
      .toEqual(['As at 25 Nov 2026, 06:00 GMT-5 (2026-11-25 11:00 UTC)']);
    await expect.poll(() => stillHeading(page, 0)).toBe('Black Friday deals');
    // Not an instant: said plainly, nothing shown changes.
    await first.fill('next Friday');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    // Without the alert, the failure says what the screen held instead (the field, the stills).
    const alert = page.locator('.time').getByRole('alert');
    const said = async () =>
      (await alert.count()) > 0
        ? alert.textContent()
        : `no alert; the field holds '${await first.inputValue()}'; stills: ${(await page.locator('.stills figcaption').allTextContents()).join(' | ')}`;
    await expect.poll(said).toBe('Write each instant with its offset, like 2026-11-25T12:00:00+01:00 or 2026-11-25T11:00Z.');
    expect(await page.locator('.stills figcaption').allTextContents()).toEqual(['As at 25 Nov 2026, 06:00 GMT-5 (2026-11-25 11:00 UTC)']);
    // The live preview kept its own clock.
    expect(await page.getByLabel('At the instant (with its offset)').inputValue()).toMatch(/^2026-11-10T12:0/);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page, '.time'), `Time at ${width}`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
