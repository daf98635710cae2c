import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { formatPrice } from '../../core/format.ts';
import { compileContent, PACKAGE_ROOT, regionOutputDir } from '../../generator/index.ts';
import { main } from '../../generator/cli.ts';
import { openFile } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';
import { copyContent, setYamlValue, yamlValue } from '../support/content.ts';

const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-report-'));
const site = useTestSite({ serve: false });
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function report(args: string[], cwd?: string) {
  let stdout = '';
  let stderr = '';
  const status = await main(['report', ...args], {
    isTTY: false,
    env: {},
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    ...(cwd && { cwd }),
  });
  return { status, stdout, stderr };
}

/** Inside the us Halloween promotion: its offers run. */
const HALLOWEEN = '2025-10-26T12:00:00+08:00';

/** The value at a path of one of the real content's files (its figures, whatever they are). */
const contentValue = <T>(file: string, steps: (string | number)[]) =>
  yamlValue(path.join(PACKAGE_ROOT, 'content', file), steps) as Promise<T>;

/** An instant as the report writes it (a day and time in UTC). */
const DAY = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

describe('build-region report', () => {
  it('writes one self-contained page whose page matrix agrees with the built routes', async () => {
    const file = path.join(work, 'report.html');
    expect(await report(['--now', HALLOWEEN, '--out', file])).toMatchObject({
      status: 0,
      stdout: `Wrote ${path.relative(process.cwd(), file)}.\n`,
    });
    const { context, page, errors, requests } = await openFile(site.browser, file);
    // Self-contained: the page itself is the only request.
    expect(requests).toEqual([pathToFileURL(file).href]);

    const { model } = await compileContent();
    const regions = model.regions.map((r) => r.data);
    const header = await page.locator('#availability-matrix thead th').allTextContents();
    expect(header).toEqual(['page', ...regions.map((r) => r.code)]);
    const rows = await page
      .locator('#availability-matrix tbody tr')
      .evaluateAll((all) => all.map((row) => [...row.children].map((cell) => cell.textContent!.trim())));
    // Every cell that names a page has its built file in dist/, and every built page has a cell.
    const dist = inject('distDir');
    let pages = 0;
    for (const [name, ...cells] of rows) {
      cells.forEach((cell, index) => {
        const region = regions[index]!;
        const code = region.code;
        const built = existsSync(path.join(regionOutputDir(dist, region), name === 'home' ? '' : name!, 'index.html'));
        expect(`${code} ${name} ${cell === '—' ? 'absent' : 'present'}`).toBe(`${code} ${name} ${built ? 'present' : 'absent'}`);
        if (built) pages++;
      });
    }
    const routes = model.regions.flatMap((r) => r.data.routes).filter((route) => route.kind !== 'account');
    expect(pages).toBe(routes.length);

    // The us Halloween offer is running then; Grimlock is sold out in eu. Rows are found by the
    // products' names and cells checked against the content's figures, whatever they are.
    const region = (code: string) => regions.find((r) => r.code === code)!;
    const column = (code: string) => regions.indexOf(region(code));
    // A product's row is labelled with the first name any region gives it.
    const productName = (key: string) => regions.map((r) => r.products[key]?.name).find(Boolean)!;
    const us = region('us');
    const bumblebee = page
      .locator('#price-table tr', { hasText: productName('flagshipBumblebee') })
      .locator('td')
      .nth(column('us'));
    const usOffer = await contentValue<number>('regions/us/products.yaml', ['products', 'flagshipBumblebee', 'activityPrice']);
    await expect(bumblebee.textContent()).resolves.toContain(
      `offer ${formatPrice(usOffer, us.locale, us.currency)} stage 1 of halloween (now)`,
    );
    await expect(bumblebee.getAttribute('class')).resolves.toBe('offer');
    const grimlock = page
      .locator('#price-table tr', { hasText: productName('grimlockG1Flagship') })
      .locator('td')
      .nth(column('eu'));
    await expect(grimlock.getAttribute('class')).resolves.toBe('soldout');
    // Which market settings each region has on (docs/market.md).
    const market = async (label: string, code: string) =>
      page.locator('#market-table tr', { hasText: label }).locator('td').nth(column(code)).textContent();
    // de counts its reduced products: as many as its column of the price table gives a prior price, at least one (Megatron, below).
    const deCells = await page
      .locator('#price-table tbody tr')
      .evaluateAll((rows, index) => rows.map((row) => row.querySelectorAll('td')[index]?.textContent ?? ''), column('de'));
    const reducedInDe = deCells.filter((text) => text.includes('prior price')).length;
    expect(reducedInDe).toBeGreaterThan(0);
    await expect(market('prior price of a reduction', 'de')).resolves.toBe(`on: ${reducedInDe} product(s) reduced`);
    await expect(market('prior price of a reduction', 'us')).resolves.toBe('—');
    await expect(market('consent before analytics', 'fr')).resolves.toBe('on: banner, Consent Mode v2');
    await expect(market('consent before analytics', 'jp')).resolves.toBe('—');
    // The tax wording is the region's own message, whatever it says.
    await expect(market('tax wording', 'jp')).resolves.toBe(`included: "${region('jp').messages['product.taxIncluded']}"`);
    await expect(market('tax wording', 'us')).resolves.toBe(`excluded: "${us.messages['product.taxExcluded']}"`);
    const shipping = await contentValue<{ rate: number; handlingDays: number[]; transitDays: number[]; countries: string[] }>(
      'regions/eu/region.yaml',
      ['market', 'shipping'],
    );
    const eu = region('eu');
    await expect(market('merchant listings: shipping', 'eu')).resolves.toBe(
      `${shipping.rate === 0 ? 'free' : formatPrice(shipping.rate, eu.locale, eu.currency)}, ${shipping.handlingDays.join('-')} + ${shipping.transitDays.join('-')} days, ${shipping.countries.length} countr${shipping.countries.length === 1 ? 'y' : 'ies'}`,
    );
    const returns = await contentValue<{ days: number; fees: string }>('regions/kr/region.yaml', ['market', 'returns']);
    await expect(market('merchant listings: returns', 'kr')).resolves.toBe(
      `${returns.days} days, ${returns.fees === 'free' ? 'free' : 'paid by the customer'}`,
    );
    // In a market with the rule, each reduction's prior price: the build's, from the content's
    // history, in de's own price format (a dot between thousands, a decimal comma, the euro sign after).
    const de = region('de');
    const megatron = page
      .locator('#price-table tr', { hasText: productName('flagshipMegatron') })
      .locator('td')
      .nth(column('de'));
    const now = Date.parse(HALLOWEEN);
    const windows = (de.products.flagshipMegatron?.priorPrices ?? []).filter((w) => w.end === undefined || w.end > now);
    expect(windows.length).toBeGreaterThan(0);
    const megatronText = await megatron.textContent();
    expect(megatronText).toContain(
      `prior price ${windows.map((w) => `${formatPrice(w.price, de.locale, de.currency)} (from ${DAY.format(w.start)} UTC)`).join(', ')}`,
    );
    expect(megatronText).toMatch(/prior price \d{1,3}(?:\.\d{3})*,\d{2}\s€ \(from \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC\)/);
    // The timeline marks now, and lists the us Halloween list in stage 1.
    await expect(page.locator('svg .now').count()).resolves.toBe(1);
    // Every month label and the now label are whole inside the picture, and none prints over another.
    const labels = await page.locator('svg[aria-labelledby="timeline-title"]').evaluate((svg) => {
      const width = (svg as SVGSVGElement).viewBox.baseVal.width;
      const boxes = [...svg.querySelectorAll<SVGTextElement>('text.tick-label, text.now-label')].map((text) => {
        const box = text.getBBox();
        return { text: text.textContent!, left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height };
      });
      return { width, boxes };
    });
    expect(labels.boxes.length).toBeGreaterThan(3);
    for (const box of labels.boxes) expect([box.text, box.left >= 0 && box.right <= labels.width]).toEqual([box.text, true]);
    const overlaps = labels.boxes.flatMap((a, i) =>
      labels.boxes
        .slice(i + 1)
        .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        .map((b) => `${a.text} / ${b.text}`),
    );
    expect(overlaps).toEqual([]);
    await expect(page.locator('ul.stages').textContent()).resolves.toContain('us halloween: stage 1 of 2');
    await expect(page.locator('#diagnostics + p').textContent()).resolves.toBe('None: every file is valid.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is still written when the content has errors, listing them, and exits 1', async () => {
    const { work: copy, content } = await copyContent();
    // A price that is not a number: found by its key, whatever the figure.
    await setYamlValue(
      path.join(content, 'regions/us/products.yaml'),
      ['products', 'flagshipBumblebee', 'price'],
      (price: unknown) => `${price} dollars`,
    );
    const file = path.join(copy, 'out', 'report.html');
    const result = await report(['--content', content, '--out', file], copy);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('(the content has errors: see its diagnostics section)');
    const html = await readFile(file, 'utf8');
    expect(html).toContain('error E0103: &#x27;products.flagshipBumblebee.price&#x27; must be a number');
    expect(html).toContain('1 error(s), 0 warning(s): the content does not build.');
    await rm(copy, { recursive: true, force: true });
  });
});
