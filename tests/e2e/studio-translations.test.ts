import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser.ts';
import { runCliIn } from '../support/cli.ts';
import { useStudioSession } from '../support/studio.ts';
import type { StudioSession } from '../support/studio.ts';

// Translations side by side in the studio, as a translator uses them (docs/studio.md,
// "Translations side by side"; issue 50): after a source text changed, its French translation
// shows stale with the source's word diff; the translator types the French text, saves it,
// marks it reviewed, and it is current, for the studio and for `build-region translations` alike.

const PAGE = 'pages/black-friday/en.yaml';
const FR = 'pages/black-friday/fr.yaml';

const GLOSSARY = `keep:
  - Axlebot
terms:
  transform*:
    note: What the robots do, from vehicle to robot and back, by themselves.
    translations:
      fr: [transform]
`;

let session: StudioSession;

useStudioSession(Date.parse('2026-11-27T12:00:00Z'), async (started) => {
  session = started;
  // A writer changes the English heading, and commits it.
  const file = path.join(session.content, PAGE);
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('heading: "Black Friday deals"', 'heading: "Black Friday offers of the year"'));
  session.git('commit', '-qam', 'A new heading for Black Friday');
  // A glossary, and a catalogue text that now says what another, already translated, says.
  await writeFile(path.join(session.content, 'glossary.yaml'), GLOSSARY);
  const catalogue = path.join(session.content, 'messages/en-US.yaml');
  const messages = await readFile(catalogue, 'utf8');
  await writeFile(
    catalogue,
    messages.replace('"Choose a password for your Axlebot account."', '"Choose a new password for your Axlebot account."'),
  );
  session.git('add', '-A');
  session.git('commit', '-qm', 'A glossary; the set-password description as the reset one');
});

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
      'Warning: the translation lacks {amount}, which the source has. Keep every placeholder of the source, unchanged: Save waits until it has them.',
    );
    expect(await french.getByRole('button', { name: 'Save' }).isEnabled()).toBe(false);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      // The catalogue's hundreds of rows are alike: axe judges the choices and this row (seconds instead of tens).
      const here = ['nav', 'h1', '.translation-choices', '.translation-row[data-key="messages.product.perMonth"]'];
      expect(await axeViolations(page, ...here), `catalogue at ${width}`).toEqual([]);
    }
    await french.getByLabel('French text of messages.product.perMonth').fill('{amount} par mois');
    expect(await french.locator('.warning').count()).toBe(0);
    expect(await french.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    await french.getByLabel('French text of messages.product.perMonth').fill('{amount}/mois');
    // A plural in the locale's own categories (CLDR's): fr-FR's one, many and other; zh-CN's other alone.
    const attempts = 'messages.errors.code4291';
    expect(await cell(page, attempts, 'fr-FR').locator('.field-notes').textContent()).toBe(
      '{seconds} in fr-FR: one “# seconde”; many (shows the other form); other “# secondes”.',
    );
    const chinese = cell(page, attempts, 'zh-CN');
    expect(await chinese.locator('.field-notes').textContent()).toBe('{seconds}: zh-CN has the forms other.');
    await chinese.getByLabel(`Chinese text of ${attempts}`).fill('请 {seconds, plural, one {# 秒} other {# 秒}} 后重试。');
    expect(await chinese.locator('.field-notes .warning').textContent()).toBe(
      'Warning the plural {seconds} has a one form that zh-CN never uses: that text never shows.',
    );
    await chinese.getByLabel(`Chinese text of ${attempts}`).fill('尝试次数过多，请 {seconds} 秒后重试。');
    // One locale; then only what is stale in it: the one text whose source changed (beforeAll).
    await page.getByLabel('Locale').selectOption({ label: 'Chinese (zh-CN)' });
    expect(await perMonth.locator('fieldset').allTextContents()).toEqual([expect.stringContaining('(zh-CN)')]);
    await page.getByLabel('State').selectOption('stale');
    await expect
      .poll(() => page.locator('.translation-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key'))))
      .toEqual(['messages.account.screens.setPassword.description']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("marks the glossary's words, warns as one types a term left out, and suggests a translation of the same source text", async () => {
    const { page, errors } = await session.open();
    await page.goto(`http://127.0.0.1:${session.studio.port}/?translations=${encodeURIComponent('pages/mini-robot/en.yaml')}`);
    const lead = row(page, 'lead');
    await expect.poll(() => lead.locator('.glossary-word').allTextContents()).toEqual(['transformation']);
    expect(await lead.locator('.glossary-words').textContent()).toBe(
      'transform*: What the robots do, from vehicle to robot and back, by themselves.',
    );
    const french = cell(page, 'lead', 'fr-FR');
    expect(await french.locator('.field-notes').textContent()).toBe('Glossary: transform* → transform.');
    // The term left out: said at once, as --check will say it.
    const field = french.getByLabel('French text of lead');
    await field.fill((await field.inputValue()).replace('transformation', 'métamorphose'));
    expect(await french.locator('.field-notes .warning').textContent()).toBe(
      "Warning W0404: the text does not say 'transform*' as the glossary's fr does: use one of 'transform'.",
    );
    await french.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => french.locator('.cell-note').textContent())
      .toContain("W0404: the translation of lead does not say 'transform*'");
    const check = await runCliIn(session.work, ['--check', '--content', 'content']);
    expect(check.stdout + check.stderr).toContain(
      "content/pages/mini-robot/fr.yaml:7:7 - warning W0404: the translation of lead does not say 'transform*' as the glossary's fr does: it has none of 'transform'",
    );

    // A title's limit (its schema's maxLength), counted as one types, in characters.
    const title = cell(page, 'title', 'fr-FR');
    expect(await title.locator('.field-notes p').allTextContents()).toEqual([
      'Glossary: Axlebot (as written).',
      expect.stringMatching(/^\d+ of 70 characters\.$/),
    ]);
    await title.getByLabel('French text of title').fill(`${'é'.repeat(72)}`);
    expect(await title.locator('.field-notes .warning').allTextContents()).toEqual([
      "Warning W0405: the text leaves out 'Axlebot', which the glossary keeps as written in every language.",
      'Warning 72 of 70 characters: 2 over the limit, which the check refuses.',
    ]);

    // A stale text whose source is now the same as another, already translated: suggested, and taken.
    await page.goto(`http://127.0.0.1:${session.studio.port}/?translations=${encodeURIComponent('messages/en-US.yaml')}`);
    await page.getByLabel('Locale').selectOption({ label: 'French (fr-FR)' });
    await page.getByLabel('State').selectOption('stale');
    const key = 'messages.account.screens.setPassword.description';
    const stale = cell(page, key, 'fr-FR');
    await stale.getByRole('button', { name: 'Suggest from other translations' }).click();
    await expect.poll(() => stale.locator('.suggestions [role="status"]').textContent()).toBe('2 suggestions, best first:');
    expect(await stale.locator('.suggestion-list q').allTextContents()).toEqual([
      'Choisissez un nouveau mot de passe pour votre compte Axlebot.',
      'Réinitialisez le mot de passe de votre compte Axlebot.',
    ]);
    const where = stale.locator('.suggestion-list .quiet');
    expect(await where.first().textContent()).toBe(
      'The same source text, in messages/fr-FR.yaml messages.account.screens.resetPassword.description',
    );
    // A close one says how close, and what differs between its source and this one.
    expect(await where.nth(1).textContent()).toContain(
      'A source 50 % alike, in messages/fr-FR.yaml messages.account.screens.forgotPassword.description',
    );
    expect(await where.nth(1).locator('ins').allTextContents()).toEqual(['added: Choose a new ', 'added: for']);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page, '.translation-choices', `.translation-row[data-key="${key}"]`), `suggestions at ${width}`).toEqual(
        [],
      );
    }
    await stale.getByRole('button', { name: /^Use/ }).first().click();
    expect(await stale.getByLabel(`French text of ${key}`).inputValue()).toBe(
      'Choisissez un nouveau mot de passe pour votre compte Axlebot.',
    );
    expect(await stale.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
