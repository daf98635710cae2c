import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser.ts';
import { useStudioSession } from '../support/studio.ts';
import type { StudioSession } from '../support/studio.ts';

// Picking a text in the preview (docs/studio.md, "Preview"): the maintainer turns picking on,
// clicks a price or a heading in the framed page (another origin), and the studio opens the
// file at the field it comes from; with the keyboard as well; a text no field holds says so and
// leads to Find. No console error or CSP report on the way, and axe finds nothing on the screen.

const PRODUCTS = 'regions/us/products.yaml';
const PAGE = 'pages/mini-robot/en.yaml';

let session: StudioSession;
let studio: StudioSession['studio'];
let content: StudioSession['content'];

useStudioSession(Date.parse('2026-11-27T12:00:00Z'), (started) => {
  session = started;
  ({ studio, content } = session);
});

/** The studio at a file, its preview at the page of that path, hydrated. */
async function openAt(file: string, at = '/us/mini-robot'): Promise<{ page: Page; errors: string[]; frame: FrameLocator }> {
  const { page, errors } = await session.open();
  await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(file)}`);
  await page.locator('.rjsf').waitFor();
  await page.getByLabel('Page', { exact: true }).selectOption(at);
  const frame = page.frameLocator('.preview iframe');
  await frame.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  return { page, errors, frame };
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const toggleOf = (page: Page) => page.getByRole('button', { name: 'Pick in the preview' });

describe('picking a text in the preview', () => {
  it("opens a product's price at its field in the form, focused, with the value the page shows", async () => {
    const { page, errors, frame } = await openAt(PRODUCTS);
    const price = frame.locator('main [data-testid="price"]').first();
    expect(await price.textContent()).toBe('$199.00');
    const toggle = toggleOf(page);
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('.pick-status').textContent()).toMatch(/^Picking: click a text or a price/);
    // Picking outlines what the pointer is over.
    await price.hover();
    await expect.poll(() => price.getAttribute('data-build-region-pick')).toBe('');
    await price.click();
    await expect.poll(() => focusedId(page)).toBe('root_products_miniRobot_price');
    const field = page.locator('#root_products_miniRobot_price');
    expect(await field.inputValue()).toBe('199');
    expect(await field.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('.pick-status').textContent()).toBe(
      '“$199.00” is in regions/us/products.yaml, line 15: products › miniRobot › price.',
    );
    // The same file: no new screen, its address says where.
    expect(new URL(page.url()).searchParams.get('field')).toBe('root_products_miniRobot_price');
    expect(await page.locator('h1').textContent()).toBe(PRODUCTS);
    // The click went to the studio, not to the page: the outline is gone, and no handler of the page ran.
    expect(await price.getAttribute('data-build-region-pick')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("opens a page's heading in the page's file at its field; one in the file open just moves there", async () => {
    const { page, errors, frame } = await openAt(PRODUCTS);
    await toggleOf(page).click();
    await frame.locator('main h1').click();
    await page.locator('h1', { hasText: PAGE }).waitFor();
    await expect.poll(() => focusedId(page)).toBe('root_heading');
    expect(await page.locator('#root_heading').inputValue()).toBe('Your first robot fits in your pocket');
    const text = await readFile(path.join(content, PAGE), 'utf8');
    const line = text.split('\n').findIndex((l) => l.startsWith('heading:')) + 1;
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ file: PAGE, line: String(line), field: 'root_heading' });
    // Now in the page's own file: a section's heading.
    const again = page.frameLocator('.preview iframe');
    await again.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await toggleOf(page).click();
    await again.locator('main h2', { hasText: 'Small car, big reveal' }).click();
    await expect.poll(() => focusedId(page)).toBe('root_sections_0_heading');
    expect(await page.locator('#root_sections_0_heading').inputValue()).toBe('Small car, big reveal');
    expect(await page.locator('h1').textContent()).toBe(PAGE);
    // In the YAML view, a pick moves the cursor to the line.
    await page.locator('.views').getByRole('button', { name: 'YAML' }).click();
    await toggleOf(page).click();
    await again.locator('main h1').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('cm-content'))).toBe(true);
    expect(await page.locator('.cm-activeLine').textContent()).toContain('heading: "Your first robot fits in your pocket"');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works with the keyboard: Escape stops, Enter picks the text focused in the frame', async () => {
    const { page, errors, frame } = await openAt(PRODUCTS);
    const toggle = toggleOf(page);
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('.pick-status').textContent()).toBe('Picking stopped.');
    await page.keyboard.press('Enter');
    // Into the frame: its first tab stop, then the arrow keys from text to text.
    for (let step = 0; step < 20 && (await page.evaluate(() => document.activeElement?.tagName)) !== 'IFRAME'; step++)
      await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    const picked = await frame.locator(':focus').textContent();
    expect(picked?.trim()).toBeTruthy();
    await page.keyboard.press('Enter');
    // Its field focused in the form, or (a message of a nested group, which the form shows as no
    // field of its own) its line in the YAML view.
    const there = () =>
      page.evaluate(() => {
        const focused = document.activeElement;
        if (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) return focused.value;
        return focused?.classList.contains('cm-content') ? (document.querySelector('.cm-activeLine')?.textContent ?? '') : '';
      });
    await expect.poll(async () => (await there()).toLowerCase(), { timeout: 10_000 }).toContain(picked!.trim().toLowerCase());
    // Escape in the frame stops picking, and the focus comes back to the toggle.
    const frame2 = page.frameLocator('.preview iframe');
    await frame2.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await toggleOf(page).click();
    await frame2.locator('main h1').hover();
    await frame2.locator('body').press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Pick in the preview');
    expect(await toggleOf(page).getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says so when no field holds the text, leads to Find, and has no axe violations at 1280 and 375 px', async () => {
    const { page, errors, frame } = await openAt(PRODUCTS);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await toggleOf(page).click();
      expect(await axeViolations(page), `picking at ${width}`).toEqual([]);
      // A text of the page's code, not of the content.
      await frame.locator('main').evaluate((main) => {
        const made = document.createElement('p');
        made.id = 'made-by-code';
        made.textContent = 'Made by the code 4711 xq';
        main.prepend(made);
      });
      await frame.locator('#made-by-code').click();
      await expect
        .poll(() => page.locator('.pick-status').textContent())
        .toBe("No field holds “Made by the code 4711 xq”: it may be made by the site's code, not the content.");
      expect(await axeViolations(page), `not found at ${width}`).toEqual([]);
      // Nothing wider than the screen (the preview's list of us's pages once was, at 375 px).
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `width at ${width}`).toBe(width);
      await frame.locator('#made-by-code').evaluate((made) => made.remove());
    }
    await page.getByRole('button', { name: 'Search “Made by the code 4711 xq” in Find' }).click();
    await page.locator('h1', { hasText: 'Content' }).waitFor();
    expect(await page.locator('input[type="search"]').inputValue()).toBe('Made by the code 4711 xq');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('search');
    expect(errors).toEqual([]);
    await page.close();
  });
});
