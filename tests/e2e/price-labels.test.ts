import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../core/format.ts';
import { buildRegions, PACKAGE_ROOT } from '../../generator/index.ts';
import { collectErrors } from '../support/browser.ts';
import { copyContent, setYamlValue, yamlValue } from '../support/content.ts';
import { setEmulatorClock } from '../support/emulator.ts';
import { useTestSite } from '../support/site.ts';
import type { TestSite } from '../support/site.ts';

/**
 * Each figure of a reduced price named as what it is, for the eye and for screen readers (issue
 * 46, point 5; docs/market.md): a price raised shortly before a reduction. Flagship Bumblebee
 * sells at 169 in de (a market with `priorPrice`) and us (none) from 1 January, is raised to 189
 * on 1 March and reduced to 159 from 10 to 20 March. In de the reduction is announced against
 * 169, the lowest price of the 30 days before it, and 189 is nowhere while it runs; in us
 * against the regular price, 189.
 *
 * The content is a git repository whose commits carry those dates (the rise is a commit: the
 * build reads prior prices from the history). Before the rise the visitor gets the site built
 * from the first commit, after it the site built from the second.
 */
const RISE = '2026-03-01T00:00:00Z';
const REDUCED_FROM = '2026-03-10T00:00:00Z';
const REDUCED_UNTIL = '2026-03-20T00:00:00Z';
// Server time runs on from the instant the emulator is set to, while the page loads: the instant
// before a change is taken an hour before it.
const HOUR = 60 * 60_000;

const works: string[] = [];
afterAll(async () => {
  for (const dir of works) await rm(dir, { recursive: true, force: true });
});

/** The two builds, made once for the file: the content before the rise, and after it. */
let builds: Promise<{ before: string; after: string }> | undefined;

async function buildBoth(): Promise<{ before: string; after: string }> {
  const { work, content } = await copyContent();
  works.push(work);
  const git = (args: string[], date: string) =>
    execFileSync('git', args, {
      cwd: work,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Test',
        GIT_AUTHOR_EMAIL: 'test@example.com',
        GIT_COMMITTER_NAME: 'Test',
        GIT_COMMITTER_EMAIL: 'test@example.com',
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      },
    });
  const commit = (date: string) => {
    git(['add', '-A'], date);
    git(['commit', '-q', '-m', `content of ${date}`], date);
  };
  const products = (region: string) => path.join(content, 'regions', region, 'products.yaml');
  const build = async (out: string, now: string) => {
    const sites = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-labels-sites-'));
    works.push(sites);
    const built = await buildRegions({
      content,
      cwd: work,
      out: path.join(work, out),
      sites,
      regions: ['de', 'us'],
      now: Date.parse(now),
    });
    expect(built.ok).toBe(true);
    return path.join(work, out);
  };
  /**
   * Flagship Bumblebee in a region at the test's own figures, in stock: whatever price and offer
   * the content gives it are replaced (found by their keys, so the content's figures do not matter).
   */
  const sell = (region: string, figures: Record<string, unknown>) =>
    setYamlValue(products(region), ['products', 'flagshipBumblebee'], (product: unknown) => {
      const { price: _price, activityPrice: _offer, activityTime: _when, ...rest } = product as Record<string, unknown>;
      return { ...rest, stock: 50, isPreSale: false, ...figures };
    });
  git(['init', '-q', '-b', 'main'], '2026-01-01T00:00:00Z');
  for (const region of ['de', 'us']) await sell(region, { price: 169 });
  commit('2026-01-01T00:00:00Z');
  const before = await build('before', '2026-02-20T00:00:00Z');
  const reduced = { price: 189, activityPrice: 159, activityTime: { startTime: REDUCED_FROM, endTime: REDUCED_UNTIL } };
  for (const region of ['de', 'us']) await sell(region, reduced);
  commit(RISE);
  const after = await build('after', RISE);
  return { before, after };
}

const beforeRise = useTestSite({ dir: async () => (await (builds ??= buildBoth())).before });
const afterRise = useTestSite({ dir: async () => (await (builds ??= buildBoth())).after });

/**
 * Chromium's accessibility tree of an element (Playwright's ARIA snapshot) as a screen reader
 * reads it out: its texts in order (the snapshot writes every space as a plain one: `spoken`).
 */
const readOut = (snapshot: string) =>
  snapshot
    .split('\n')
    .map((line) => line.replace(/^\s*- [\w-]+:? ?/, '').replace(/^"(.*)"$/, '$1'))
    .filter(Boolean)
    .join(' ');

/**
 * The price block of the product page's buy box at an instant of server time, per paragraph:
 * as a visitor sees it (struck-through text between ~~, nothing visually hidden) and as Chromium
 * gives it to screen readers.
 */
async function priceBlock(site: TestSite, region: string, instant: number, shown: string) {
  await setEmulatorClock(site.server.url, instant);
  const context = await site.browser.newContext();
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(site.url(`/${region}/flagship-bumblebee`));
  await page.waitForSelector('html[data-hydrated][data-synced]', { state: 'attached' });
  const box = page.locator('.buy-box');
  // The page follows server time once hydrated: wait for the instant's price.
  await expect.poll(() => box.getByTestId('price').textContent()).toBe(shown);
  const paragraphs = box.locator('.buy-price, .prior-price');
  const seen = await paragraphs.evaluateAll((nodes) =>
    nodes.map((node) => {
      const copy = node.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
      for (const struck of copy.querySelectorAll('s')) struck.textContent = `~~${struck.textContent}~~`;
      // Only the layout's white space (prices keep their no-break spaces).
      return copy.textContent!.replace(/[ \t\r\n]+/g, ' ').trim();
    }),
  );
  const heard = (await Promise.all((await paragraphs.all()).map((p) => p.ariaSnapshot()))).map(readOut);
  expect(errors).toEqual([]);
  await context.close();
  return { seen, heard };
}

/**
 * The price texts of a locale's message catalogue (content/messages/<locale>.yaml), whatever
 * their wording: the labels, the tax notes and the prior-price line (its `{price}` filled in).
 */
async function priceTexts(locale: string) {
  const file = path.join(PACKAGE_ROOT, 'content', 'messages', `${locale}.yaml`);
  const text = async (key: string) => String(await yamlValue(file, ['messages', 'product', key]));
  const priorPrice = await text('priorPrice');
  return {
    offerPrice: await text('offerPrice'),
    regularPrice: await text('regularPrice'),
    priorPriceLabel: await text('priorPriceLabel'),
    priorPrice: (price: string) => priorPrice.replace('{price}', () => price),
    taxIncluded: await text('taxIncluded'),
    taxExcluded: await text('taxExcluded'),
  };
}

const de = await priceTexts('de-DE');
const us = await priceTexts('en-US');

const at = (iso: string, offset = 0) => Date.parse(iso) + offset;
const spoken = (texts: string[]) => texts.map((text) => text.replace(/\s+/g, ' '));

/** The instants on either side of each change, with the build a visitor gets then and the price shown. */
const BOUNDARIES = [
  ['an hour before the rise', beforeRise, at(RISE, -HOUR), 169],
  ['at the rise', afterRise, at(RISE), 189],
  ['an hour before the reduction', afterRise, at(REDUCED_FROM, -HOUR), 189],
  ['at the start of the reduction', afterRise, at(REDUCED_FROM), 159],
  ['its last hour', afterRise, at(REDUCED_UNTIL, -HOUR), 159],
  ['at its end', afterRise, at(REDUCED_UNTIL), 189],
] as const;

describe('de (prior price): the struck-through 169 is named the lowest price of the 30 days before the reduction, 189 is not shown beside 159', () => {
  const euros = (amount: number) => formatPrice(amount, 'de-DE', 'EUR');
  // The line under the price, and the struck-through price as screen readers name it.
  const PRIOR = de.priorPrice(euros(169));
  const reduced = {
    seen: [`${euros(159)} ${de.taxIncluded} ~~${euros(169)}~~`, PRIOR],
    heard: spoken([`${de.offerPrice} ${euros(159)} ${de.taxIncluded} ${de.priorPriceLabel} ${euros(169)}`, PRIOR]),
  };
  it.each(BOUNDARIES)('%s', async (_, site, instant, amount) => {
    const alone = { seen: [`${euros(amount)} ${de.taxIncluded}`], heard: spoken([`${euros(amount)} ${de.taxIncluded}`]) };
    expect(await priceBlock(site, 'de', instant, euros(amount))).toEqual(amount === 159 ? reduced : alone);
  });
});

describe('us (no prior price): the struck-through 189 is the regular price, named so', () => {
  const dollars = (amount: number) => formatPrice(amount, 'en-US', 'USD');
  const reduced = {
    seen: [`${dollars(159)} ${us.taxExcluded} ~~${dollars(189)}~~`],
    heard: spoken([`${us.offerPrice} ${dollars(159)} ${us.taxExcluded} ${us.regularPrice} ${dollars(189)}`]),
  };
  it.each(BOUNDARIES)('%s', async (_, site, instant, amount) => {
    const alone = { seen: [`${dollars(amount)} ${us.taxExcluded}`], heard: spoken([`${dollars(amount)} ${us.taxExcluded}`]) };
    expect(await priceBlock(site, 'us', instant, dollars(amount))).toEqual(amount === 159 ? reduced : alone);
  });
});
