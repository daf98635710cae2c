import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, collectErrors } from '../support/browser.ts';
import { setYamlValue, yamlValue } from '../support/content.ts';
import { setUnsaved, useStudioSession } from '../support/studio.ts';
import type { StudioSession } from '../support/studio.ts';

// The form's widgets for what this content is made of (docs/studio.md, "Editing a file: the
// form"), in Chromium: a stages list's instants on a timeline, its stage of the studio's instant
// marked "now", following each edit and saying plainly when the instants are out of order; a
// gallery's art picked from content/assets/, a name the folder lacks kept as written; axe on
// those forms at desktop and phone widths.

const STAGES = 'stages.yaml';
const REGION = 'regions/us/region.yaml';
const PAGE = 'pages/ai-base/en.yaml';
// Between the two instants of the halloween lists (shared: 2025-10-25 07:00 and 2025-11-09 22:00
// UTC; the us one's: 2025-10-25 and 2025-11-01, 07:00 UTC), after every mini-robot-launch instant.
const NOW = Date.parse('2025-10-28T12:00:00Z');

let session: StudioSession;
let studio: StudioSession['studio'];
let content: StudioSession['content'];
let context: StudioSession['context'];

useStudioSession(NOW, (started) => {
  session = started;
  ({ studio, content, context } = session);
});

/** The studio's form of a file, loaded, with the page's console errors collected. */
async function openForm(id: string): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await session.open();
  await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(id)}`);
  await page.locator('.rjsf').waitFor();
  // The preview's page live before any edit, as a maintainer sees it: its start (a compile and a
  // render of its own) no longer competes with the checks of the edits on this 2-core machine.
  await page.frameLocator('.preview iframe').locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  return { page, errors };
}

/** The texts of a stages list's timeline (its stages, in order), without the preview buttons. */
function stagesOf(page: Page, list: string): Promise<string[]> {
  return page.locator(`#root_stages_${list}_instants .stages li`).evaluateAll((items) =>
    items.map((li) =>
      [...li.childNodes]
        .filter((n) => n.nodeName !== 'BUTTON')
        .map((n) => n.textContent)
        .join('')
        .trim(),
    ),
  );
}

describe("the studio's form widgets", () => {
  it('shows a shared stages list on a timeline in UTC, its stage of now marked, following each edit of an instant', async () => {
    const { page, errors } = await openForm(STAGES);
    const timeline = page.locator('#root_stages_halloween_instants .timeline');
    expect(await timeline.locator('.timeline-title').textContent()).toBe('Stages of this list, in UTC');
    expect(await stagesOf(page, 'halloween')).toEqual([
      'Stage 0: until 25 Oct 2025, 07:00:00 UTC',
      'Stage 1: from 25 Oct 2025, 07:00:00 UTC to 9 Nov 2025, 22:00:00 UTC (now)',
      'Stage 2: from 9 Nov 2025, 22:00:00 UTC on',
    ]);
    // "now" is said in words, and is the list's current item; the bar is for the eye only.
    expect(await timeline.locator('li[aria-current="true"]').count()).toBe(1);
    expect(await timeline.locator('.stage-bar').getAttribute('aria-hidden')).toBe('true');
    expect(await timeline.locator('.stage-segment').count()).toBe(3);
    expect(await timeline.locator('.stage-segment.now').textContent()).toBe('1');
    // The launch list is over: its last stage, open-ended, holds now.
    expect((await stagesOf(page, 'mini-robot-launch')).at(-1)).toBe('Stage 5: from 25 Sept 2025, 07:00:00 UTC on (now)');

    // The second instant moved before now: stage 2 holds it, as the form has it (not saved).
    const second = page.locator('#root_stages_halloween_instants_1');
    await second.fill('2025-10-27T15:00:00+08:00');
    await expect.poll(() => stagesOf(page, 'halloween')).toContain('Stage 2: from 27 Oct 2025, 07:00:00 UTC on (now)');
    expect(await timeline.locator('.stage-segment.now').textContent()).toBe('2');
    // Out of order: said plainly, with no stage drawn or marked (the compiler's E0212 at the field).
    await second.fill('2025-10-20T15:00:00+08:00');
    await expect
      .poll(() => timeline.locator('.timeline-problem').textContent())
      .toBe(
        "Instant 2 ('2025-10-20T15:00:00+08:00') is not after instant 1 ('2025-10-25T15:00:00+08:00'): the instants must be in ascending order, each once. Until they are, the compiler refuses this list (E0212) and it divides time into no stages.",
      );
    expect(await timeline.locator('.stages, .stage-bar').count()).toBe(0);
    await expect.poll(() => page.locator('#root_stages_halloween_instants_1__error').textContent()).toContain('E0212');
    // Typed back as it was: no unsaved text is left for the tests after this one.
    await second.fill('2025-11-10T06:00:00+08:00');
    await expect.poll(() => page.locator('.actions .quiet').textContent()).toContain('No unsaved changes');
    expect(await stagesOf(page, 'halloween')).toHaveLength(3);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the newest of two quick edits when the answer to the first one arrives after the second is sent', async () => {
    const { page, errors } = await openForm(STAGES);
    // The first edit's YAML comes back only once the second edit has gone out, and before the
    // second's answer, as on a busy machine.
    const signal = () => {
      let give!: () => void;
      return { done: new Promise<void>((resolve) => (give = resolve)), give: () => give() };
    };
    const secondSent = signal();
    const firstAnswered = signal();
    let sent = 0;
    await page.route('**/api/yaml', async (route) => {
      const mine = ++sent;
      if (mine === 2) secondSent.give();
      if (mine === 1) await secondSent.done;
      const response = await route.fetch();
      if (mine === 2) await firstAnswered.done;
      await route.fulfill({ response });
      if (mine === 1) firstAnswered.give();
    });
    const field = page.locator('#root_stages_halloween_instants_1');
    await field.fill('2025-10-27T15:00:00+08:00');
    await expect.poll(() => sent).toBe(1);
    await field.fill('2025-10-20T15:00:00+08:00');
    const timeline = page.locator('#root_stages_halloween_instants .timeline');
    await expect.poll(() => page.locator('#root_stages_halloween_instants_1__error').textContent()).toContain('E0212');
    expect(await field.inputValue()).toBe('2025-10-20T15:00:00+08:00');
    expect(await timeline.locator('.timeline-problem').textContent()).toContain("Instant 2 ('2025-10-20T15:00:00+08:00')");
    await page.unroute('**/api/yaml');
    await field.fill('2025-11-10T06:00:00+08:00');
    await expect.poll(() => page.locator('.actions .quiet').textContent()).toContain('No unsaved changes');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows a region's own stages list in the region's zone, and previews a stage by moving the preview's clock", async () => {
    const { page, errors } = await openForm(REGION);
    const timeline = page.locator('#root_stages_halloween_instants .timeline');
    expect(await timeline.locator('.timeline-title').textContent()).toBe('Stages of this list, in the zone of us (America/New_York)');
    const stages = await stagesOf(page, 'halloween');
    expect(stages).toHaveLength(3);
    expect(stages[0]).toMatch(/^Stage 0: until Oct 25, 2025, 3:00:00\sAM EDT$/);
    expect(stages[1]).toMatch(/^Stage 1: from Oct 25, 2025, 3:00:00\sAM EDT to Nov 1, 2025, 3:00:00\sAM EDT \(now\)$/);
    expect(stages[2]).toMatch(/^Stage 2: from Nov 1, 2025, 3:00:00\sAM EDT on$/);
    // A link says where it leads and whether visitors can open it at the studio's instant.
    const noteOf = async (value: string) =>
      page.locator(`#${await page.locator(`input[value="${value}"]`).first().getAttribute('id')}-note`);
    expect(await (await noteOf('/us/black-friday')).textContent()).toBe(
      'The content page black-friday of us: closed now, from 2026-11-20 05:00 UTC, until 2026-12-01 05:00 UTC.',
    );
    expect(await (await noteOf('/us/faq')).textContent()).toBe('The faq page faq of us: always open.');
    // The preview moves to stage 2's first instant and loads its page again.
    const frame = page.locator('.preview iframe');
    await frame.waitFor();
    const before = await frame.elementHandle();
    await timeline.getByRole('button', { name: 'Preview at stage 2' }).click();
    await expect.poll(() => page.locator('.preview-controls form input').inputValue()).toBe('2025-11-01T07:00:00Z');
    await expect.poll(() => before!.evaluate((element) => element.isConnected)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("offers a gallery's art from content/assets/ with a preview, and keeps a name the folder lacks as written", async () => {
    const { page, errors } = await openForm(PAGE);
    const names = (await readdir(path.join(content, 'assets'))).filter((f) => f.endsWith('.svg')).map((f) => f.slice(0, -4));
    const picker = page.locator('#root_gallery_0_image');
    expect(await picker.evaluate((select) => select.tagName)).toBe('SELECT');
    expect(await picker.locator('option').allTextContents()).toEqual(names.sort());
    expect(await picker.inputValue()).toBe('ai-base-dock');
    // The label is the field's, from the schema.
    expect(await page.locator('label[for="root_gallery_0_image"]').textContent()).toContain('image');
    const preview = page.locator('#root_gallery_0_image ~ img.art-preview');
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    // Another drawing chosen: written into the YAML, its preview follows.
    await picker.selectOption('mini-squad');
    await expect.poll(() => preview.getAttribute('src')).toBe('/api/art?name=mini-squad');
    await page.locator('.views').getByRole('button', { name: 'YAML' }).click();
    await expect.poll(() => page.locator('.cm-content').textContent()).toContain('image: mini-squad');
    // A name content/assets/ lacks, typed in the YAML: the form shows it as written, and says so.
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+f');
    await page.keyboard.type('image: mini-squad');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.type('image: no-such-art');
    await page.locator('.views').getByRole('button', { name: 'Form' }).click();
    await expect.poll(() => picker.inputValue()).toBe('no-such-art');
    expect(await picker.locator('option:checked').textContent()).toBe('no-such-art (not in content/assets/)');
    expect(await page.locator('#root_gallery_0_image-note').textContent()).toContain('content/assets/ has no no-such-art.svg');
    // Chosen back as it was: no unsaved text is left.
    await picker.selectOption('ai-base-dock');
    await expect.poll(() => page.locator('.actions .quiet').textContent()).toContain('No unsaved changes');
    expect(await readFile(path.join(content, PAGE), 'utf8')).toContain('image: ai-base-dock');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("lists the region's pages under a link field once it has the focus, and says where the link leads", async () => {
    const { page, errors } = await openForm(REGION);
    const overview = await page.evaluate(async () => (await fetch('/api/overview')).json());
    const us = (overview as { regions: { code: string; pages: { path: string }[] }[] }).regions.find((r) => r.code === 'us')!;
    const links = page.locator('input').filter({ has: page.locator('xpath=self::*[starts-with(@value, "/us")]') });
    expect(await links.count()).toBeGreaterThan(5);
    // No field lists anything before it is used: the form stays small.
    expect(await page.locator('.rjsf datalist').count()).toBe(0);
    const link = links.first();
    await link.focus();
    const list = page.locator(`datalist#${await link.getAttribute('list')}`);
    await expect.poll(() => list.locator('option').count()).toBe(us.pages.length);
    expect(await list.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(
      us.pages.map((p) => p.path),
    );
    // Only the field used has a list.
    expect(await page.locator('.rjsf datalist').count()).toBe(1);
    const note = page.locator(`#${await link.getAttribute('id')}-note`);
    await link.fill('/us/faq');
    await expect.poll(() => note.textContent()).toMatch(/^The \w+ page faq of us: /);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("folds a long list's entries to a line naming each, opens the one holding a problem or a field asked for, full width on a phone", async () => {
    const file = path.join(content, REGION);
    const navs = (await yamlValue(file, ['navs'])) as { label: string; children?: { label: string; link?: string }[] }[];
    // The nav entry whose drop-down links to the FAQ: that link broken on disk before the file opens.
    const at = navs.findIndex((nav) => nav.children?.some((child) => child.link === '/us/faq'));
    const child = navs[at]!.children!.findIndex((c) => c.link === '/us/faq');
    const disk = await readFile(file, 'utf8');
    await setYamlValue(file, ['navs', at, 'children', child, 'link'], '/us/fqa');
    // Not `openForm`: the preview of content with an error shows the error, not the page.
    const { page, errors } = await session.open();
    try {
      await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(REGION)}`);
      const entries = page.locator('#root_navs > .array-item-list > details.fold');
      await expect
        .poll(() => entries.locator('> summary').allTextContents())
        .toEqual(navs.map((nav, i) => `${i + 1}. ${nav.label}${i === at ? ' (1 problem)' : ''}`));
      // Only the entry with the problem is open, and in it only the drop-down's entry with the problem.
      const open = (folds: typeof entries) => folds.evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open));
      expect(await open(entries)).toEqual(navs.map((_, i) => i === at));
      expect(await open(page.locator(`#root_navs_${at}_children > .array-item-list > details.fold`))).toEqual(
        navs[at]!.children!.map((_, i) => i === child),
      );
      const broken = page.locator(`#root_navs_${at}_children_${child}_link`);
      expect(await broken.isVisible()).toBe(true);
      expect(await page.locator(`#root_navs_${at}_children_${child}_link__error`).textContent()).toContain('E0214');
      // A field asked for (a text picked in the preview, a search's hit) in folded entries: they open, it has the focus.
      const other = navs.findIndex((nav, i) => i !== at && (nav.children?.length ?? 0) > 2);
      const asked = `root_navs_${other}_children_2_label`;
      expect(await page.locator(`#${asked}`).isVisible()).toBe(false);
      await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(REGION)}&field=${asked}`);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(asked);
      expect(await page.locator(`#${asked}`).inputValue()).toBe(navs[other]!.children![2]!.label);
      // An entry added starts open; removed again, the file is as it was.
      await page.locator('#root_navs__add').click();
      const added = entries.nth(navs.length);
      await expect.poll(() => added.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      // Named by its number (it has no label yet: the check may already count that as a problem).
      expect(await added.locator('> summary').textContent()).toMatch(new RegExp(`^${navs.length + 1}\\. Entry( \\(\\d+ problems?\\))?$`));
      await page.locator(`#root_navs_${navs.length}__remove`).click();
      await expect.poll(() => entries.count()).toBe(navs.length);
      await expect.poll(() => page.locator('.actions .quiet').textContent()).toContain('No unsaved changes');
      // The entries opened before stay open, however the form drew the list again meanwhile.
      expect(await page.locator(`#${asked}`).isVisible()).toBe(true);
      // On a phone, a field two lists deep keeps most of the screen's width, and nothing is wider than the screen.
      await page.setViewportSize({ width: 375, height: 800 });
      expect((await page.locator(`#${asked}`).boundingBox())!.width).toBeGreaterThan(375 / 2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      // The preview answers a page of content with an error with 503 and the error: nothing else failed.
      expect(errors.filter((error) => !error.includes('status of 503'))).toEqual([]);
    } finally {
      await page.close();
      await writeFile(file, disk);
      await setUnsaved(session, REGION, disk);
    }
  });

  it("shows a map's entry once: its key in a field of its own, its fields under their title, a remove button named for it", async () => {
    const products = 'regions/us/products.yaml';
    const disk = await readFile(path.join(content, products), 'utf8');
    const { page, errors } = await openForm(products);
    const lines = page.locator('#root_products details.fold > summary');
    await lines.filter({ hasText: /^miniRobot: / }).click();
    const entry = page.locator('details.fold[open]').filter({ has: page.locator('#root_products_miniRobot') });
    // Titled once, by the group's legend, with the schema's description once (not also above it, as a label of no field).
    expect(await entry.locator('legend').first().textContent()).toBe('miniRobot');
    expect(await entry.getByText('One product as sold in this region.', { exact: true }).count()).toBe(1);
    expect(await entry.locator('label[for="root_products_miniRobot"]').count()).toBe(0);
    const key = entry.getByLabel('Key', { exact: true });
    expect(await key.inputValue()).toBe('miniRobot');
    expect(await entry.getByRole('button', { name: 'Remove miniRobot', exact: true }).count()).toBe(1);
    // No id twice on the page (the app's own element and the form's first group were both "root").
    const repeated = () =>
      page.evaluate(() => {
        const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
        return ids.filter((id, i) => ids.indexOf(id) !== i);
      });
    expect(await repeated()).toEqual([]);
    // Renamed when the field is left: the entry's line, its fields and the file follow; named back, nothing is unsaved.
    await key.fill('pocketRobot');
    await page.keyboard.press('Tab');
    await expect.poll(() => lines.allTextContents()).toContain('pocketRobot: Mini Robot');
    // Left with Tab, as from the keyboard: the focus is on the next field, not back at the page's start.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_products_pocketRobot_name');
    expect(await lines.allTextContents()).not.toContain('miniRobot: Mini Robot');
    expect(await page.locator('#root_products_pocketRobot_price').inputValue()).toBe(
      String(await yamlValue(path.join(content, products), ['products', 'miniRobot', 'price'])),
    );
    await expect.poll(() => page.locator('.actions .quiet').textContent()).toContain('Unsaved changes');
    const renamed = page.locator('#root_products_pocketRobot-key');
    await renamed.fill('miniRobot');
    await renamed.blur();
    await expect.poll(() => lines.allTextContents()).toContain('miniRobot: Mini Robot');
    await expect.poll(() => page.locator('.actions .quiet').textContent()).toContain('No unsaved changes');
    expect(await readFile(path.join(content, products), 'utf8')).toBe(disk);
    expect(errors).toEqual([]);
    await page.close();
    await setUnsaved(session, products, disk);
  });

  it("drops an unsaved text that no screen shows once its file opens as on disk: the preview renders the disk's", async () => {
    const disk = await readFile(path.join(content, REGION), 'utf8');
    // What a check of a screen closed meanwhile, answered after the file changed on disk, leaves: a
    // text of the file with a broken link, unsaved, that no screen shows (this browser has no draft).
    await setUnsaved(session, REGION, disk.replace('link: /us/faq', 'link: /us/fqa'));
    // `openForm` waits for the preview's page hydrated: a preview of the broken text is only a list of its error.
    const { page, errors } = await openForm(REGION);
    expect(await page.locator('.actions .quiet').textContent()).toContain('No unsaved changes');
    await expect.poll(() => page.locator('.diagnostics [role="status"]').textContent()).toBe('No problems in this file.');
    // The preview may have asked once before the text was dropped (503, its page of errors): nothing else failed.
    expect(errors.filter((error) => !error.includes('status of 503'))).toEqual([]);
    await page.close();
  });

  it('serves the art only from content/assets/, by name', async () => {
    const { page } = await openForm(PAGE);
    const status = (name: string) =>
      page.evaluate(async (query) => (await fetch(`/api/art?name=${encodeURIComponent(query)}`)).status, name);
    expect(await status('ai-base-dock')).toBe(200);
    for (const name of ['../stages', 'assets/ai-base-dock', 'AI', '']) expect(await status(name), name).toBe(400);
    expect(await status('no-such-art')).toBe(404);
    const answer = await page.request.get(`http://127.0.0.1:${studio.port}/api/art?name=ai-base-dock`);
    expect(answer.headers()['content-type']).toBe('image/svg+xml');
    expect(answer.headers()['content-security-policy']).toContain('sandbox');
    await page.close();
  });

  // The region's form (its own stages list on a timeline) is checked by axe in studio.test.ts,
  // at the same widths: its largest form, not run twice.
  it('has no axe violations on the forms with a timeline and an art picker, at 1280 and 375 px', async () => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(studio.url);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const id of [STAGES, PAGE]) {
        await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(id)}`);
        await page
          .locator(id === PAGE ? '.art-picker' : '.timeline')
          .first()
          .waitFor();
        expect(await axeViolations(page), `${id} at ${width}`).toEqual([]);
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
