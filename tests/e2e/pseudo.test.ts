import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRegions } from '../../generator/index.ts';
import { pseudoText } from '../../generator/translations/pseudo.ts';
import { overflows, wrappedHeaderLabels } from '../support/browser.ts';
import { BUILT_AT } from '../support/instants.ts';
import { useTestSite } from '../support/site.ts';

// Pseudo-localisation (docs/translations.md): us built with every text accented and about 40%
// longer. The layouts must hold such texts at phone, tablet and desktop widths: a language whose
// words are long (German, French) must never find a layout that breaks first.
let work: string;
const site = useTestSite({
  dir: async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-pseudo-'));
    const out = path.join(work, 'dist');
    const built = await buildRegions({ out, sites: path.join(work, 'sites'), regions: ['us'], now: BUILT_AT, pseudo: true });
    expect(built.ok).toBe(true);
    return out;
  },
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the pseudo-locale', () => {
  it('lengthens and accents every word, keeping placeholders', () => {
    const text = 'We sent a code to {email}.';
    const pseudo = pseudoText(text);
    expect(pseudo).toContain('{email}');
    expect(pseudo.replace('{email}', '')).not.toMatch(/[a-z]{2}/);
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.floor(text.length * 1.3));
  });

  it.each([375, 768, 1280])(
    'holds at %i px: one header row, each of its labels on one line, nothing wider than the screen, on home, FAQ and a product page',
    async (width) => {
      const context = await site.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      for (const route of ['/us', '/us/faq', '/us/flagship-bumblebee']) {
        await page.goto(site.url(route));
        await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
        // The page is pseudo-localised.
        expect(await page.locator('h1').first().textContent(), route).toMatch(/[áéíóú]/);
        const rows = await page.evaluate(() => {
          // One row: the bar no taller than its tallest item (and its padding).
          const bar = document.querySelector('.site-header .bar')!;
          const items = [...bar.children].filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getBoundingClientRect());
          const style = getComputedStyle(bar);
          const inner = bar.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
          return inner <= Math.max(...items.map((r) => r.height)) + 1 ? 1 : Math.round(inner / Math.max(...items.map((r) => r.height)));
        });
        expect(await overflows(page), `${route} at ${width} px`).toEqual([]);
        expect(rows, `${route} at ${width} px: header rows`).toBe(1);
        // A label wrapped inside the row makes the row taller with it: the check above cannot see it.
        expect(await wrappedHeaderLabels(page), `${route} at ${width} px: header labels`).toEqual([]);
      }
      await context.close();
    },
  );
});
