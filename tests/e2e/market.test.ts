import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../core/format.ts';
import { buildRegions, PACKAGE_ROOT } from '../../generator/index.ts';
import { collectErrors } from '../support/browser.ts';
import { copyContent, setYamlValue, yamlValue } from '../support/content.ts';
import { setEmulatorClock } from '../support/emulator.ts';
import { useTestSite } from '../support/site.ts';

/**
 * What a market's law expects, in the browser (issue 28, docs/market.md). A copy of the
 * content where de (a market with `priorPrice`) lowers Flagship Bumblebee from 1599 to 1399 for
 * 20 days, raises it back, lowers it again 5 days later, and once more 45 days after that.
 */
const SPRING = [
  '2026-02-10T00:00:00+00:00',
  '2026-03-02T00:00:00+00:00',
  '2026-03-07T00:00:00+00:00',
  '2026-03-20T00:00:00+00:00',
  '2026-05-04T00:00:00+00:00',
];
let work: string;
const site = useTestSite({
  dir: async () => {
    const copy = await copyContent();
    work = copy.work;
    const de = (file: string) => path.join(copy.content, 'regions', 'de', file);
    // The test's own figures, whatever the content gives the Bumblebee in de (found by its keys).
    await setYamlValue(de('products.yaml'), ['products', 'flagshipBumblebee'], (product: unknown) => ({
      ...(product as Record<string, unknown>),
      price: 1599,
      activityPrice: 1399,
      activityTime: { stages: 'spring', stage: [1, 3, 5] },
      stock: 50,
      isPreSale: false,
    }));
    // The region's own spring list, beside any stages list it has (the whole file is its root: `[]`).
    await setYamlValue(de('region.yaml'), [], (region: unknown) => {
      const { stages, ...rest } = region as { stages?: Record<string, unknown> };
      return { ...rest, stages: { ...stages, spring: { instants: SPRING } } };
    });
    const out = path.join(work, 'dist');
    const built = await buildRegions({
      content: copy.content,
      out,
      sites: await mkdtemp(path.join(os.tmpdir(), 'robot-sites-market-sites-')),
      regions: ['de', 'cn'],
      now: Date.parse(SPRING[0]!) - 86_400_000,
    });
    expect(built.ok).toBe(true);
    return out;
  },
});
afterAll(() => rm(work, { recursive: true, force: true }));

/**
 * The buy box of the Bumblebee page in de at an instant of server time: price, struck price,
 * prior-price line; and its structured data and share tags once the head follows the instant
 * (`amount`: the price they should come to name; the code that writes heads loads after the page
 * has read server time, so they follow it a moment later).
 */
async function priceAt(
  instant: string,
  amount: number,
): Promise<{
  price: string;
  was: string | null;
  prior: string | null;
  jsonLd: string;
  offer: { price: number; validUntil?: string; og?: string | null };
}> {
  await setEmulatorClock(site.server.url, instant);
  const context = await site.browser.newContext();
  const page: Page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(site.url('/de/flagship-bumblebee'));
  // Server time read (it comes after hydration): the page shows that instant's prices.
  await page.waitForSelector('html[data-hydrated][data-synced]', { state: 'attached' });
  await expect
    .poll(() => page.evaluate(() => document.querySelector('meta[property="product:price:amount"]')?.getAttribute('content')))
    .toBe(String(amount));
  const box = page.locator('.buy-box');
  // The page's content follows server time once it has crossed an instant of the stages (it
  // hydrates then, runtime/parts.ts).
  await expect.poll(() => box.getByTestId('price').textContent()).toBe(formatPrice(amount, 'de-DE', 'EUR'));
  const read = async () => ({
    price: (await box.getByTestId('price').textContent())!,
    was: await box
      .locator('.was')
      .count()
      .then((n) => (n ? box.locator('.was').textContent() : null)),
    prior: await box
      .getByTestId('prior-price')
      .count()
      .then((n) => (n ? box.getByTestId('prior-price').textContent() : null)),
    jsonLd: (await page.locator('script[type="application/ld+json"]').allTextContents()).join('\n'),
    offer: await page.evaluate(() => {
      const product = [...document.querySelectorAll('script[type="application/ld+json"]')]
        .map((s) => JSON.parse(s.textContent!))
        .find((d) => d['@type'] === 'Product');
      return {
        price: product.offers.price as number,
        validUntil: product.offers.priceValidUntil as string | undefined,
        og: document.querySelector('meta[property="product:price:amount"]')?.getAttribute('content'),
      };
    }),
  });
  const result = await read();
  expect(errors).toEqual([]);
  await context.close();
  return result;
}

const euros = (amount: number) => formatPrice(amount, 'de-DE', 'EUR');
const REGULAR = euros(1599);
const REDUCED = euros(1399);

/** A text of de's message catalogue (content/messages/de-DE.yaml), whatever its wording. */
const deText = async (key: string) =>
  String(await yamlValue(path.join(PACKAGE_ROOT, 'content', 'messages', 'de-DE.yaml'), ['messages', 'product', key]));
// The line under the price: de's prior-price sentence, about the price before the reduction.
const LINE = (await deText('priorPrice')).replace('{price}', () => REGULAR);
// The struck-through price, with its name for screen readers: the prior price (here also the regular one).
const WAS = `${await deText('priorPriceLabel')} ${REGULAR}`;

describe('a reduction announced against its prior price (de)', () => {
  it.each([
    ['the day before the first reduction', '2026-02-09T12:00:00Z', { price: REGULAR, was: null, prior: null }],
    ['at the first reduction: against 1,599', SPRING[0]!, { price: REDUCED, was: WAS, prior: LINE }],
    ['raised back after 20 days', SPRING[1]!, { price: REGULAR, was: null, prior: null }],
    [
      'lowered again 5 days later: 1,399 was its own price within the 30 days, so no reduction is announced',
      SPRING[2]!,
      { price: REDUCED, was: null, prior: null },
    ],
    ['raised back again', SPRING[3]!, { price: REGULAR, was: null, prior: null }],
    ['lowered 45 days later: against 1,599 again', SPRING[4]!, { price: REDUCED, was: WAS, prior: LINE }],
  ])('%s', async (_, instant, expected) => {
    // The structured data and the share tags follow the stage with the page: the price the visitor sees.
    const amount = expected.price === REDUCED ? 1399 : 1599;
    const shown = await priceAt(instant, amount);
    expect({ price: shown.price, was: shown.was, prior: shown.prior }).toEqual(expected);
    expect(shown.offer.price).toBe(amount);
    expect(shown.offer.og).toBe(String(amount));
    // A reduction that ends says until when its price holds (the day before it ends).
    if (instant === SPRING[0]) expect(shown.offer.validUntil).toBe('2026-03-01');
  });
});
