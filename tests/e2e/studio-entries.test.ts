import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser.ts';
import { useStudioSession } from '../support/studio.ts';
import type { StudioSession } from '../support/studio.ts';
import { runCliIn } from '../support/cli.ts';

// New entries in the studio, as a maintainer makes them (docs/studio.md, "New entries"): a
// product with its own page in us, then a copy of it into fr with fr's price, each checked
// before Create is offered; written, the compiler's own `--check` passes, and fr's preview
// shows the product page at fr's price.

const NOW = '2026-11-27T12:00:00Z';

let session: StudioSession;
let studio: StudioSession['studio'];
let work: StudioSession['work'];
let content: StudioSession['content'];
let git: StudioSession['git'];

useStudioSession(Date.parse(NOW), (started) => {
  session = started;
  ({ studio, work, content, git } = session);
});

const openStudio = () => session.open();

const section = (page: Page) => page.locator('section.new-entry');

describe('a new entry in the studio', () => {
  it("says plainly that a new product's key is taken, offers no Create, and the studio stays", async () => {
    const { page, errors } = await openStudio();
    const form = section(page);
    await form.getByLabel('A product in a region').check();
    await form.getByLabel('Region', { exact: true }).selectOption('us');
    await form.getByLabel('Key', { exact: true }).fill('miniRobot');
    await form.getByLabel('Name', { exact: true }).fill('Another Mini Robot');
    await form.getByLabel('Price', { exact: true }).fill('99');
    await expect.poll(() => form.locator('.bad').textContent()).toBe("Region us sells a product 'miniRobot' already.");
    expect(await form.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    // The refusal is the studio's answer, not a page that stopped working: the file list is still there.
    expect(await page.locator('.regions .region').count()).toBeGreaterThan(0);
    // The browser reports the refused request itself (409); nothing else went wrong.
    expect(errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
    await page.close();
  });

  it('makes a product with its page, copies it into fr at its own price, and the sites build', async () => {
    const { page, errors } = await openStudio();
    const form = section(page);
    await form.getByLabel('A product in a region').check();
    await form.getByLabel('Region', { exact: true }).selectOption('us');
    await form.getByLabel('Key', { exact: true }).fill('scoutRover');
    await form.getByLabel('Name', { exact: true }).fill('Scout Rover');
    await form.getByLabel('Price', { exact: true }).fill('249');
    // The price as us's visitors will read it, beside the field.
    await expect.poll(() => form.getByText('Visitors see $249.00').count()).toBe(1);
    await form.getByLabel('Its page (optional)').fill('scout-rover');
    await expect.poll(() => form.locator('.plan .good').textContent()).toBe('Checked with the whole content: it brings no error.');
    expect(await form.locator('.plan li code').allTextContents()).toEqual([
      'regions/us/products.yaml',
      'pages/scout-rover/en.yaml',
      'regions/us/region.yaml',
    ]);
    await form.getByRole('button', { name: 'Create' }).click();
    // The file made opens.
    await page.locator('h1', { hasText: 'regions/us/products.yaml' }).waitFor();

    await page.goto(`http://127.0.0.1:${studio.port}/`);
    await form.getByLabel('A copy of a product or page into other regions').check();
    await form.getByLabel('From region').selectOption('us');
    await form.getByLabel('What to copy').selectOption('page:scout-rover');
    await form.getByLabel('fr (fr-FR)').check();
    // fr does not sell it: its price in fr is asked, and Create waits for it.
    await expect.poll(() => form.locator('.bad').textContent()).toBe("Refused: 'price in fr' is a price above 0 in the region's currency.");
    expect(await form.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await form.getByLabel('Price of scoutRover in fr').fill('259');
    await expect.poll(() => form.getByText('Visitors see 259,00 €').count()).toBe(1);
    await expect.poll(() => form.locator('.plan .good').count()).toBe(1);
    const notes = await form.locator('.plan > ul').nth(1).locator('li').allTextContents();
    expect(notes).toEqual([
      "fr: scoutRover's name and alt text are us's (en-US): translate them into fr-FR.",
      'fr: /fr/scout-rover shows pages/scout-rover/en.yaml in English until it is translated into fr-FR.',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create' }).click();
    await page.locator('h1', { hasText: 'regions/fr/region.yaml' }).waitFor();

    const products = (
      parse(await readFile(path.join(content, 'regions/fr/products.yaml'), 'utf8')) as {
        products: Record<string, { price: number; link: string }>;
      }
    ).products;
    expect(products.scoutRover).toMatchObject({ price: 259, link: '/fr/scout-rover' });
    // Lines added only, in the four files (the new page's text is a new file), nothing else touched.
    const numstat = git('diff', '--numstat')
      .stdout.trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(numstat.map(([, removed, file]) => `${removed} ${file}`).sort()).toEqual([
      '0 content/regions/fr/products.yaml',
      '0 content/regions/fr/region.yaml',
      '0 content/regions/us/products.yaml',
      '0 content/regions/us/region.yaml',
    ]);
    expect(git('status', '--porcelain').stdout).toContain('?? content/pages/scout-rover/');
    const check = await runCliIn(work, ['--check', '--now', NOW]);
    expect(check.status, check.stdout + check.stderr).toBe(0);

    // fr's preview of the new page: the product at fr's price.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent('regions/fr/products.yaml')}`);
    const preview = page.locator('.preview');
    await preview.getByLabel('Page', { exact: true }).selectOption('/fr/scout-rover');
    await expect.poll(() => page.frameLocator('.preview iframe').locator('main').textContent(), { timeout: 30_000 }).toContain('259,00');
    expect(errors).toEqual([]);
    await page.close();
  });
});
