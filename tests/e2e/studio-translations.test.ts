import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser.ts';
import { runCliIn } from '../support/cli.ts';
import { studioSession } from '../support/studio.ts';
import type { StudioSession } from '../support/studio.ts';

// Translations side by side in the studio, as a translator uses them (docs/studio.md,
// "Translations side by side"; issue 50): after a source text changed, its French translation
// shows stale with the source's word diff; the translator types the French text, saves it,
// marks it reviewed, and it is current, for the studio and for `build-region translations` alike.

const PAGE = 'pages/black-friday/en.yaml';
const FR = 'pages/black-friday/fr.yaml';

let session: StudioSession;

beforeAll(async () => {
  session = await studioSession(Date.parse('2026-11-27T12:00:00Z'));
  // A writer changes the English heading, and commits it.
  const file = path.join(session.content, PAGE);
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('heading: "Black Friday deals"', 'heading: "Black Friday offers of the year"'));
  session.git('commit', '-qam', 'A new heading for Black Friday');
});

afterAll(() => session?.close());

/** The row of a key: its heading names the key. */
const row = (page: Page, key: string) => page.locator('.translation-row', { has: page.getByRole('heading', { name: key, exact: true }) });

/** A locale's text of a key. */
const cell = (page: Page, key: string, locale: string) => row(page, key).locator('fieldset', { hasText: `(${locale})` });

describe('translations side by side in a browser', () => {
  it('shows a stale French heading with the source diff; typed, saved and marked reviewed, it is current for the CLI too', async () => {
    const { page, errors } = await session.open();
    await page.getByRole('link', { name: 'Translations side by side' }).click();
    expect(new URL(page.url()).searchParams.get('translations')).toBe('');
    await page.getByLabel('Source file').selectOption(PAGE);
    expect(new URL(page.url()).searchParams.get('translations')).toBe(PAGE);
    const french = cell(page, 'heading', 'fr-FR');
    await expect
      .poll(() => french.locator('legend').textContent())
      .toBe('French (fr-FR): Stale: the source changed since it was translated');
    // The source as it was, and what changed since, said in words as well as struck through.
    expect(await french.locator('q').textContent()).toBe('Black Friday deals');
    expect(await french.locator('.word-diff del').allTextContents()).toEqual(['removed: deals']);
    expect(await french.locator('.word-diff ins').allTextContents()).toEqual(['added: offers of the year']);
    expect(await row(page, 'heading').locator('.translation-source').textContent()).toContain('Black Friday offers of the year');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `side by side at ${width}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // With the keyboard: the field, then Save.
    const field = french.getByLabel('French text of heading');
    await field.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Les offres Black Friday de l’année');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.translations-status').textContent()).toBe('Saved.');
    const diff = session.git('diff', '--unified=0', '--', `content/${FR}`).stdout;
    expect(diff.split('\n').filter((l) => /^[-+](?![-+])/.test(l))).toEqual([
      '-heading: "Le Black Friday chez Axlebot"',
      '+heading: "Les offres Black Friday de l’année"',
    ]);
    // Saved, the translation still translates the old source: stale until reviewed.
    expect(await french.locator('legend').textContent()).toContain('Stale');
    await french.getByRole('button', { name: 'Mark as reviewed' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.translations-status').textContent()).toBe('Marked as reviewed: fr-FR now current for heading.');
    await expect.poll(() => french.locator('legend').textContent()).toBe('French (fr-FR): Current');
    expect(await french.locator('.word-diff').count()).toBe(0);
    // The command line agrees.
    const status = await runCliIn(session.work, ['translations', '--content', 'content', '--format', 'json']);
    expect(status.status, status.stderr).toBe(0);
    const file = (JSON.parse(status.stdout) as { files: { id: string; counts: { stale: number }; texts: { key: string }[] }[] }).files.find(
      (f) => f.id === FR,
    )!;
    expect(file.counts.stale).toBe(0);
    expect(file.texts.map((t) => t.key)).not.toContain('heading');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows placeholders as code, warns in words when a translation lacks one, and filters by state and locale', async () => {
    const { page, errors } = await session.open();
    await page.goto(`http://127.0.0.1:${session.studio.port}/?translations=`);
    await expect.poll(() => page.getByLabel('Source file').locator('option').count()).toBeGreaterThan(5);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `the picker at ${width}`).toEqual([]);
    }
    await page.getByLabel('Source file').selectOption('messages/en-US.yaml');
    const perMonth = row(page, 'messages.product.perMonth');
    await expect.poll(() => perMonth.locator('.translation-source code').allTextContents()).toEqual(['{amount}']);
    const french = cell(page, 'messages.product.perMonth', 'fr-FR');
    await french.getByLabel('French text of messages.product.perMonth').fill('par mois');
    expect(await french.locator('.warning').textContent()).toBe(
      'Warning: the translation lacks {amount}, which the source has. Keep every placeholder of the source, unchanged.',
    );
    expect(await french.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      // The catalogue's hundreds of rows are alike: axe judges the choices and this row (seconds instead of tens).
      const here = ['nav', 'h1', '.translation-choices', '.translation-row[data-key="messages.product.perMonth"]'];
      expect(await axeViolations(page, ...here), `catalogue at ${width}`).toEqual([]);
    }
    await french.getByLabel('French text of messages.product.perMonth').fill('{amount}/mois');
    expect(await french.locator('.warning').count()).toBe(0);
    // One locale; then only what is stale in it (nothing: every text is current).
    await page.getByLabel('Locale').selectOption({ label: 'Chinese (zh-CN)' });
    expect(await perMonth.locator('fieldset').allTextContents()).toEqual([expect.stringContaining('(zh-CN)')]);
    await page.getByLabel('State').selectOption('stale');
    await expect.poll(() => page.locator('.translation-row').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
