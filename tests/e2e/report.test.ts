import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { compileContent, regionOutputDir } from '../../generator/index.ts';
import { main } from '../../generator/cli.ts';
import { openFile } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';
import { copyContent, setYamlValue } from '../support/content.ts';

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

    // The us Halloween offer is running then; Grimlock is sold out in eu.
    const bumblebee = page
      .locator('#price-table tr', { hasText: 'Flagship Bumblebee' })
      .locator('td')
      .nth(regions.findIndex((r) => r.code === 'us'));
    await expect(bumblebee.textContent()).resolves.toContain('offer $1,219.00 stage 1 of halloween (now)');
    await expect(bumblebee.getAttribute('class')).resolves.toBe('offer');
    const grimlock = page
      .locator('#price-table tr', { hasText: 'Grimlock G1 Flagship' })
      .locator('td')
      .nth(regions.findIndex((r) => r.code === 'eu'));
    await expect(grimlock.getAttribute('class')).resolves.toBe('soldout');
    // Which market settings each region has on (docs/market.md).
    const market = async (label: string, code: string) =>
      page
        .locator('#market-table tr', { hasText: label })
        .locator('td')
        .nth(regions.findIndex((r) => r.code === code))
        .textContent();
    await expect(market('prior price of a reduction', 'de')).resolves.toBe('on: 1 product(s) reduced');
    await expect(market('prior price of a reduction', 'us')).resolves.toBe('—');
    await expect(market('consent before analytics', 'fr')).resolves.toBe('on: banner, Consent Mode v2');
    await expect(market('consent before analytics', 'jp')).resolves.toBe('—');
    await expect(market('tax wording', 'jp')).resolves.toBe('included: "税込"');
    await expect(market('tax wording', 'us')).resolves.toBe('excluded: "Before sales tax"');
    await expect(market('merchant listings: shipping', 'eu')).resolves.toBe('€9.99, 1-2 + 3-7 days, 25 countries');
    await expect(market('merchant listings: returns', 'kr')).resolves.toBe('7 days, paid by the customer');
    // In a market with the rule, each reduction's prior price.
    const megatron = page
      .locator('#price-table tr', { hasText: 'Flagship Megatron' })
      .locator('td')
      .nth(regions.findIndex((r) => r.code === 'de'));
    await expect(megatron.textContent()).resolves.toMatch(/prior price 1\.599,00\s€ \(from 21 Sept 2025, 23:00 UTC\)/);
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
