import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser.ts';
import { yamlValue } from '../support/content.ts';
import { openFoldsOf, useStudioSession } from '../support/studio.ts';
import type { StudioSession } from '../support/studio.ts';

// The studio in Chromium, as a content maintainer uses it (docs/studio.md): with the keyboard
// alone, from the Find screen to a saved edit; the diagnostics at the place they concern, as
// one types; a file changed on disk meanwhile; a reload that keeps an unsaved edit; and axe on
// every screen at desktop and phone widths.

const PRODUCTS = 'regions/us/products.yaml';
const REGION = 'regions/us/region.yaml';

let session: StudioSession;
let studio: StudioSession['studio'];
let content: StudioSession['content'];
let git: StudioSession['git'];

useStudioSession(Date.parse('2026-11-27T12:00:00Z'), (started) => {
  session = started;
  ({ studio, content, git } = session);
});

const openStudio = () => session.open();

/** Presses Tab until the focused element matches, at most `limit` times. */
async function tabTo(page: Page, test: (element: Element) => boolean, limit = 40): Promise<void> {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(`(${test.toString()})(document.activeElement)`)) return;
  }
  throw new Error('Tab never reached the element');
}

describe('the studio in a browser', () => {
  it('finds a price, edits and saves it with the keyboard alone: one changed line in git diff, comments intact', async () => {
    const { page, errors } = await openStudio();
    // The secret left the address bar for a cookie.
    expect(page.url()).toBe(`http://127.0.0.1:${studio.port}/`);
    await tabTo(page, (e) => e instanceof HTMLInputElement && e.type === 'search');
    await page.keyboard.type('miniRobot price');
    const hit = page.locator('.hits a', { hasText: `${PRODUCTS}:` }).first();
    await hit.waitFor();
    await tabTo(page, (e) => e instanceof HTMLAnchorElement && e.textContent!.startsWith('regions/us/products.yaml:'));
    await page.keyboard.press('Enter');
    await page.locator('h1', { hasText: PRODUCTS }).waitFor();
    // The editor has the focus, on the price's line: replace the number at its end.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('cm-content'))).toBe(true);
    const before = await readFile(path.join(content, PRODUCTS), 'utf8');
    const line = Number(new URL(page.url()).searchParams.get('line'));
    const old = before.split('\n')[line - 1]!;
    const price = /\d+$/.exec(old)![0];
    await page.keyboard.press('End');
    for (const _ of price) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.type('205');
    await expect.poll(() => page.locator('.actions .quiet').textContent()).toContain('Unsaved changes');
    await page.keyboard.press('Control+s');
    await expect.poll(() => page.locator('.save-status').textContent()).toBe('Saved.');
    const diff = git('diff', '--unified=0', '--', `content/${PRODUCTS}`).stdout;
    expect(diff.split('\n').filter((l) => /^[-+](?![-+])/.test(l))).toEqual([`-${old}`, `+${old.replace(/\d+$/, '205')}`]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a broken link as E0214 at its line as one types, announced, with the hint', async () => {
    const { page, errors } = await openStudio();
    await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(REGION)}`);
    await page.locator('.views').getByRole('button', { name: 'YAML' }).click();
    const editor = page.locator('.cm-content');
    await editor.waitFor();
    await expect.poll(() => page.locator('.diagnostics [role="status"]').textContent()).toBe('No problems in this file.');
    const text = await readFile(path.join(content, REGION), 'utf8');
    const line = text.split('\n').findIndex((l) => l.includes('link: /us/faq')) + 1;
    const column = text.split('\n')[line - 1]!.indexOf('/us/faq') + 1;
    await editor.click();
    await page.keyboard.press('Control+f');
    await page.keyboard.type('/us/faq');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    // The match is selected: type over it.
    await page.keyboard.type('/us/fqa');
    await expect.poll(() => page.locator('.diagnostics [role="status"]').textContent()).toBe('1 error in this file.');
    const entry = page.locator('.diagnostics li.error');
    // The check of the whole link (one of a letter typed before it may show first: '/u').
    await expect.poll(() => entry.textContent()).toContain("link '/us/fqa'");
    expect(await entry.textContent()).toContain(`content/${REGION}:${line}:${column}`);
    // Its code, its suggestion and the hint of what to do.
    expect(await entry.textContent()).toContain('E0214');
    expect(await entry.textContent()).toContain("'/us/faq'");
    expect(await entry.locator('.hint').textContent()).toContain('routes');
    // A marker in the editor at the link.
    await expect.poll(() => page.locator('.cm-lintRange-error').count()).toBeGreaterThan(0);
    // Nothing was written: it is unsaved.
    expect(await readFile(path.join(content, REGION), 'utf8')).toBe(text);
    // Typed back as it was, the file has no unsaved text any more (the preview shows the disk's).
    await page.keyboard.press('Control+f');
    await page.keyboard.type('/us/fqa');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.type('/us/faq');
    await expect.poll(() => page.locator('.diagnostics [role="status"]').textContent()).toBe('No problems in this file.');
    expect(await page.locator('.actions .quiet').textContent()).toContain('No unsaved changes');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps an unsaved edit over a reload, and shows both versions when the file changed on disk meanwhile', async () => {
    const { page } = await openStudio();
    await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(PRODUCTS)}`);
    await page.locator('.views').getByRole('button', { name: 'YAML' }).click();
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('# my note\n');
    await page.reload();
    await page.locator('.views').getByRole('button', { name: 'YAML' }).click();
    await page.locator('.cm-content').waitFor();
    await expect.poll(() => page.locator('.cm-content').textContent()).toContain('# my note');
    expect(await page.locator('.actions .quiet').textContent()).toContain('Unsaved changes');
    const theirs = `${await readFile(path.join(content, PRODUCTS), 'utf8')}# a colleague's line\n`;
    await writeFile(path.join(content, PRODUCTS), theirs);
    await page.getByRole('button', { name: 'Save' }).click();
    const conflict = page.locator('.conflict');
    await conflict.waitFor();
    expect(await conflict.locator('figure').first().textContent()).toContain("a colleague's line");
    expect(await conflict.locator('figure').last().textContent()).toContain('# my note');
    expect(await readFile(path.join(content, PRODUCTS), 'utf8')).toBe(theirs);
    await page.getByRole('button', { name: 'Take the version on disk (drop mine)' }).click();
    await expect.poll(() => page.locator('.cm-content').textContent()).toContain("a colleague's line");
    expect(await page.locator('.cm-content').textContent()).not.toContain('# my note');
    await page.close();
  });

  it('finds out when another hand changes the open file, before any save: its version opens, or both show over unsaved edits', async () => {
    const id = 'regions/cn/region.yaml';
    const open = async () => {
      const { page } = await openStudio();
      await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(id)}`);
      await page.locator('.views').getByRole('button', { name: 'YAML' }).click();
      await page.locator('.cm-content').waitFor();
      return page;
    };
    const [mine, theirs] = [await open(), await open()];
    const saveWith = async (line: string) => {
      await theirs.locator('.cm-content').click();
      await theirs.keyboard.press('Control+End');
      await theirs.keyboard.type(line);
      await theirs.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => theirs.locator('.save-status').textContent()).toMatch(/^Saved/);
    };
    // Nothing unsaved here: the colleague's version opens by itself (this tab getting the focus
    // back looks at once; the look every few seconds is the one the unsaved case below waits for).
    await saveWith('# first colleague line\n');
    await mine.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => mine.locator('.cm-content').textContent()).toContain('# first colleague line');
    expect(await mine.locator('.save-status').textContent()).toBe('The file changed on disk: its new version is open.');
    // Unsaved edits here: both versions show, and nothing is written until one is chosen.
    await mine.locator('.cm-content').click();
    await mine.keyboard.press('Control+Home');
    await mine.keyboard.type('# my own line\n');
    await saveWith('# second colleague line\n');
    const conflict = mine.locator('.conflict');
    await conflict.waitFor();
    expect(await conflict.locator('figure').first().textContent()).toContain('# second colleague line');
    expect(await conflict.locator('figure').last().textContent()).toContain('# my own line');
    expect(await readFile(path.join(content, id), 'utf8')).not.toContain('# my own line');
    await mine.getByRole('button', { name: 'Take the version on disk (drop mine)' }).click();
    await mine.close();
    await theirs.close();
    git('checkout', '--', `content/${id}`);
  });

  it("updates the header's counts when another hand changes a file on disk, no file open", async () => {
    const { page, errors } = await openStudio();
    await page.goto(`http://127.0.0.1:${studio.port}/`);
    const state = page.locator('header .state');
    await expect.poll(() => state.textContent()).toMatch(/^The sites build\./);
    const id = 'regions/us/region.yaml';
    const disk = await readFile(path.join(content, id), 'utf8');
    await writeFile(path.join(content, id), disk.replace('link: /us/faq', 'link: /us/fqa'));
    try {
      await expect.poll(() => state.textContent()).toMatch(/^The sites will not build: 1 error,/);
    } finally {
      await writeFile(path.join(content, id), disk);
    }
    // Mended: the tab getting the focus back looks at once (the break above waited for the look every few seconds).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => state.textContent()).toMatch(/^The sites build\./);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('previews the unsaved edit beside the editor: a fr price typed in the YAML shows on its product page before any save', async () => {
    const { page, errors } = await openStudio();
    const id = 'regions/fr/products.yaml';
    await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(id)}`);
    const frame = page.frameLocator('.preview iframe');
    await expect.poll(() => frame.locator('main').textContent(), { timeout: 60_000 }).toMatch(/1\s?599,00\s€/);
    await frame.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    // The live preview's clock panel starts folded in the frame, however wide: the studio has its
    // own instant, and the panel would cover the page.
    const clock = frame.locator('#preview-clock details');
    await clock.waitFor({ state: 'attached' });
    expect(await frame.locator('html').evaluate(() => window.innerWidth)).toBeGreaterThanOrEqual(721);
    expect(await clock.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    const before = await readFile(path.join(content, id), 'utf8');
    await page.locator('.views').getByRole('button', { name: 'YAML' }).click();
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+f');
    await page.keyboard.type('price: 1599');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.type('price: 1499');
    await expect.poll(() => frame.locator('main').textContent()).toMatch(/1\s?499,00\s€/);
    expect(await readFile(path.join(content, id), 'utf8')).toBe(before);
    // Typed back as it was: no unsaved text is left for the tests after this one.
    await page.keyboard.press('Control+f');
    await page.keyboard.type('price: 1499');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.type('price: 1599');
    await expect.poll(() => page.locator('.actions .quiet').textContent()).toContain('No unsaved changes');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('edits a price in the form made from the schema: shown as visitors see it, previewed, saved as one changed line', async () => {
    const { page, errors } = await openStudio();
    const id = 'regions/fr/products.yaml';
    await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(id)}`);
    const price = page.locator('#root_products_flagshipBumblebee_price');
    // The products, a long map, fold to a line each, its key and name; a product opens by its line.
    const products = (await yamlValue(path.join(content, id), ['products'])) as Record<string, { name: string }>;
    await expect
      .poll(() => page.locator('#root_products > details.fold > summary').allTextContents())
      .toEqual(Object.entries(products).map(([key, product]) => `${key}: ${product.name}`));
    expect(await price.isVisible()).toBe(false);
    await openFoldsOf(page, price);
    // Its title and help come from the schema; the price as the region's visitors read it beside it.
    expect(await page.locator('#root_products_flagshipBumblebee_price__description').textContent()).toBe(
      "Regular price in the region's currency.",
    );
    // The preview's page live before the edit, as a maintainer sees it.
    await page.frameLocator('.preview iframe').locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    // An instant in UTC and in the region's own zone (fr plans in Europe/Paris: 01:00 the next day).
    const start = page.locator('[id$="_activityTime_startTime-note"]').first();
    expect(await start.textContent()).toMatch(/^2025-09-21T23:00:00Z UTC; in fr \(Europe\/Paris\): 22 sept\. 2025,? (à )?01:00:00/);
    await price.fill('1399');
    await expect
      .poll(() => page.locator('#root_products_flagshipBumblebee_price-note').textContent())
      .toMatch(/^Visitors see 1\s?399,00\s€$/);
    const frame = page.frameLocator('.preview iframe');
    await expect.poll(() => frame.locator('main').textContent(), { timeout: 60_000 }).toMatch(/1\s?399,00\s€/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.save-status').textContent()).toBe('Saved.');
    const diff = git('diff', '--unified=0', '--', `content/${id}`).stdout;
    expect(diff.split('\n').filter((l) => /^[-+](?![-+])/.test(l))).toEqual(['-    price: 1599', '+    price: 1399']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a broken link as E0214 at its field in the form, with its suggestion', async () => {
    const { page, errors } = await openStudio();
    await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(REGION)}`);
    await page.locator('.rjsf').waitFor();
    const id = await page.locator('input[id$="_link"][value="/us/faq"]').first().getAttribute('id');
    const field = page.locator(`#${id}`);
    // It is in a menu's entry, folded as the long lists are: opened by its line, from the outermost.
    expect(await field.isVisible()).toBe(false);
    await openFoldsOf(page, field);
    await field.fill('/us/fqa');
    const error = page.locator(`#${id}__error`);
    await expect.poll(() => error.textContent()).toContain('E0214');
    expect(await error.textContent()).toContain("'/us/faq'");
    // Typed back, the error goes.
    await field.fill('/us/faq');
    await expect.poll(() => page.locator('.diagnostics').textContent()).toContain('No problems in this file.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the hits of the words typed last, even when the search for older words answers later', async () => {
    const { page, errors } = await openStudio();
    await page.locator('.regions').waitFor();
    // The first search's answer is held until the second's has arrived, as on a busy machine.
    let second!: () => void;
    const secondAnswered = new Promise<void>((resolve) => (second = resolve));
    let asked = 0;
    let finished = 0;
    page.on('requestfinished', (request) => {
      if (request.url().includes('/api/search')) finished += 1;
    });
    await page.route('**/api/search*', async (route) => {
      const mine = ++asked;
      const response = await route.fetch();
      if (mine === 1) await secondAnswered;
      await route.fulfill({ response });
      if (mine === 2) second();
    });
    const search = page.locator('input[type="search"]');
    await search.fill('miniRobot');
    await expect.poll(() => asked).toBe(1);
    await search.fill('miniRobot price');
    await expect.poll(() => page.locator('.found').textContent()).toContain('found for “miniRobot price”');
    // The held answer, for "miniRobot", arrives and changes nothing (two frames after it is read).
    await expect.poll(() => finished).toBe(2);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.locator('.found').textContent()).toContain('found for “miniRobot price”');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no axe violations on the Find screen and the file screen, at 1280 and 375 px', async () => {
    const { page, errors } = await openStudio();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`http://127.0.0.1:${studio.port}/`);
      await page.locator('.regions').waitFor();
      expect(await axeViolations(page), `Find at ${width}`).toEqual([]);
      await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(REGION)}`);
      // The region's form with its own stages list's timeline (the widgets' test checks the
      // shared stages list's and a page's art picker; this form is checked here only).
      await page.locator('.rjsf .timeline').first().waitFor();
      expect(await axeViolations(page), `form at ${width}`).toEqual([]);
      await page.locator('.views').getByRole('button', { name: 'YAML' }).click();
      await page.locator('.cm-content').waitFor();
      expect(await axeViolations(page), `YAML at ${width}`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
