import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedContent, copyContent } from '../support/content.ts';
import { openFoldsOf, useStudioSession } from '../support/studio.ts';
import type { StudioSession } from '../support/studio.ts';

// Issue 49's maintainer in the studio, on the real content in a git repository of its own: a de
// price changed and given a promotion price on a stage, the buy box and the EU prior-price line
// seen in the preview at that stage's instant (docs/market.md), saved, and the change in
// `git diff`, the price a one-line change and every comment kept.

const PRODUCTS = 'regions/de/products.yaml';
let session: StudioSession;

useStudioSession(
  Date.parse('2026-11-27T12:00:00+08:00'),
  (started) => void (session = started),
  () => ({ content: () => committedContent(copyContent), viewport: { width: 1400, height: 900 } }),
);

describe('a de price and its promotion on a stage, in the studio', () => {
  it('shows the reduced price and the prior-price line in the preview at the stage, and saves the price as one changed line', async () => {
    const { page, errors } = await session.open();
    await page.goto(session.fileUrl(PRODUCTS));
    const price = page.locator('#root_products_flagshipBumblebee_price');
    // The product's entry of the products, folded as a long map's are: opened by its line.
    await openFoldsOf(page, price);
    await page.getByLabel('Page', { exact: true }).selectOption('/de/flagship-bumblebee');
    const frame = page.frameLocator('.preview iframe');
    await frame.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    // The regular price, in the form: shown as de's visitors read it.
    await price.fill('1699');
    await expect
      .poll(() => page.locator('#root_products_flagshipBumblebee_price-note').textContent())
      .toMatch(/^Visitors see 1\.699,00\s€$/);
    await expect.poll(() => frame.locator('main').textContent(), { timeout: 30_000 }).toMatch(/1\.699,00\s€/);
    // A promotion price during stage 1 of the halloween list, written in the YAML view.
    await page.locator('.views').getByRole('button', { name: 'YAML' }).click();
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+f');
    await page.keyboard.type('price: 1699');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    // The new line is indented as the one before it.
    await page.keyboard.insertText('activityPrice: 1299');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('activityTime: { stages: halloween, stage: [1] }');
    await expect.poll(() => page.locator('.diagnostics [role="status"]').textContent()).toBe('No problems in this file.');
    // At the stage's instant: the reduced price, and the lowest price of the 30 days before it.
    await page.getByLabel('At the instant (with its offset)').fill('2025-10-26T12:00:00+08:00');
    await page.getByRole('button', { name: 'Show then' }).click();
    // The prior price is the committed one (1 599 €: the edited 1 699 € is today's, not October's).
    await expect
      .poll(() => frame.locator('main').textContent(), { timeout: 30_000 })
      .toMatch(/Aktionspreis: 1\.299,00\s€.*Niedrigster Preis der 30 Tage vor der Preissenkung: 1\.599,00\s€/);
    // After the stage, no reduction.
    await page.getByLabel('At the instant (with its offset)').fill('2025-11-20T12:00:00+08:00');
    await page.getByRole('button', { name: 'Show then' }).click();
    await expect.poll(() => frame.locator('main').textContent(), { timeout: 30_000 }).not.toMatch(/1\.299,00\s€/);
    // Saved: the price is a one-line change, the promotion two added lines, every comment kept.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.save-status').textContent()).toBe('Saved.');
    const diff = session.git('diff', '--unified=0', '--', `content/${PRODUCTS}`).stdout.split('\n');
    expect(diff.filter((l) => /^-(?!--)/.test(l))).toEqual(['-    price: 1599']);
    expect(diff.filter((l) => /^\+(?!\+\+)/.test(l))).toEqual([
      '+    price: 1699',
      '+    activityPrice: 1299',
      '+    activityTime: { stages: halloween, stage: [1] }',
    ]);
    const before = session.git('show', `HEAD:content/${PRODUCTS}`).stdout;
    const after = await readFile(path.join(session.content, PRODUCTS), 'utf8');
    const comments = (text: string) => text.split('\n').filter((l) => l.trimStart().startsWith('#'));
    expect(comments(after)).toEqual(comments(before));
    expect(errors).toEqual([]);
    await page.close();
  });
});
