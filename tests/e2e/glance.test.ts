import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { compileContent } from '../../generator/index.ts';
import { main } from '../../generator/cli.ts';
import type { CliIO } from '../../generator/cli.ts';
import { glanceSheet, thumbnailWidth } from '../../preview/glance.ts';
import type { GlanceOptions } from '../../preview/glance.ts';
import { PICTURE_SIZES } from '../../preview/pictures/index.ts';
import { axeViolations, openFile } from '../support/browser.ts';
import { copyContent, setYamlValue } from '../support/content.ts';
import { BUILT_AT } from '../support/instants.ts';
import { useTestSite } from '../support/site.ts';

/**
 * `build-region report --glance` (issue 32, docs/review.md): the report with a sheet of every
 * region's home and product page, pictured at the report's instant, inside the page itself.
 * Pictured at a phone's width only, to keep the test short (the command pictures a desktop too).
 */
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-glance-'));
const site = useTestSite({ serve: false });
afterAll(() => rm(work, { recursive: true, force: true }));
const phone = PICTURE_SIZES.find((size) => size.name === 'phone')!;
const NOW = new Date(BUILT_AT).toISOString();

async function report(args: string[], glance: Partial<GlanceOptions> = {}, cwd?: string) {
  let stdout = '';
  let stderr = '';
  let calls = 0;
  const io: Partial<CliIO> = {
    isTTY: false,
    env: {},
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    glanceSheet: (options) => (calls++, glanceSheet({ ...options, sizes: [phone], ...glance })),
    ...(cwd && { cwd }),
  };
  const status = await main(['report', ...args], io);
  return { status, stdout, stderr, calls };
}

describe('build-region report --glance', () => {
  it("adds a sheet of each region's home and product page at the report's instant, as real images inside the page", async () => {
    const file = path.join(work, 'glance.html');
    // The shared build of the content at that instant, and the shared Chromium: the command builds its own, and launches one.
    const result = await report(['--glance', '--now', NOW, '--out', file], { dist: inject('distDir'), browser: site.browser });
    const { model } = await compileContent({ now: BUILT_AT });
    const regions = model.regions.map((r) => r.data);
    expect(result).toMatchObject({
      status: 0,
      stdout: `Wrote ${path.relative(process.cwd(), file)}, with ${2 * regions.length} pages pictured.\n`,
    });

    // Every page pictured: nothing said of one that could not be.
    expect(result.stderr).not.toContain('build-region:');
    const { context, page, errors, requests } = await openFile(site.browser, file);
    // Self-contained: the thumbnails are data URLs, the page the only file.
    expect(requests.filter((url) => !url.startsWith('data:'))).toEqual([pathToFileURL(file).href]);
    const section = page.locator('section[aria-labelledby="glance"]');
    await expect(section.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('Sites at a glance');
    // The instant, as the report's header gives it.
    await expect(section.locator('time').getAttribute('datetime')).resolves.toBe(NOW);
    await expect(section.textContent()).resolves.toContain('22 Nov 2026, 04:00 UTC');

    // A row per region of the content, in its order, with its home and its product page.
    const rows = await page.locator('#glance-sheet tbody tr').evaluateAll((all) =>
      all.map((row) => ({
        region: row.querySelector('th')!.firstChild!.textContent,
        images: [...row.querySelectorAll('img')].map((img) => ({
          alt: img.alt,
          src: img.src,
          caption: img.closest('figure')!.querySelector('figcaption')!.textContent,
          decoded: img.complete && img.naturalWidth > 0,
        })),
      })),
    );
    expect(rows.map((row) => row.region)).toEqual(regions.map((r) => r.code));
    for (const [index, row] of rows.entries()) {
      const region = regions[index]!;
      const home = region.routes.find((route) => route.kind === 'home')!;
      expect(row.images.map((image) => image.caption)).toEqual([home.path, expect.stringMatching(/./)]);
      const product = region.routes.find((route) => route.path === row.images[1]!.caption)!;
      expect(product.kind, row.images[1]!.caption!).toBe('product');
      expect(row.images[0]!.alt).toBe(
        `${region.code} (${region.label}): home page, ${home.path}, at 375 px wide, as of 22 Nov 2026, 04:00 UTC`,
      );
      expect(row.images[1]!.alt).toBe(
        `${region.code} (${region.label}): product page ${region.products[product.product!]!.name}, ${product.path}, at 375 px wide, as of 22 Nov 2026, 04:00 UTC`,
      );
      for (const image of row.images) {
        expect(image.decoded, image.alt).toBe(true);
        // A real picture: a JPEG of the thumbnail's size, not one colour.
        const bytes = Buffer.from(image.src.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
        const meta = await sharp(bytes).metadata();
        expect([meta.format, meta.width], image.alt).toEqual(['jpeg', thumbnailWidth(phone)]);
        expect(meta.height, image.alt).toBeGreaterThan(300);
        const { channels } = await sharp(bytes).stats();
        expect(Math.max(...channels.map((c) => c.stdev)), image.alt).toBeGreaterThan(20);
      }
    }
    expect(await axeViolations(page, 'section[aria-labelledby="glance"]')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    // Nothing else of the report changes: without the section it is the report without --glance.
    const plain = path.join(work, 'plain.html');
    expect((await report(['--now', NOW, '--out', plain])).calls).toBe(0);
    const html = await readFile(file, 'utf8');
    const stripped = html
      .replace(/<style>\n {2}#glance-sheet[\s\S]*?<\/style>\n/, '')
      .replace(/ {2}<section aria-labelledby="glance">[\s\S]*?<\/section>\n/, '');
    expect(stripped).toBe(await readFile(plain, 'utf8'));
  });

  it('pictures nothing when the content has errors, still writes the report, says why and exits 1', async () => {
    const { work: copy, content } = await copyContent();
    // A price that is not a number: found by its key, whatever the figure.
    await setYamlValue(
      path.join(content, 'regions/us/products.yaml'),
      ['products', 'flagshipBumblebee', 'price'],
      (price: unknown) => `${price} dollars`,
    );
    const file = path.join(copy, 'report.html');
    const result = await report(['--glance', '--content', content, '--out', file], {}, copy);
    expect(result).toMatchObject({ status: 1, calls: 0 });
    expect(result.stderr).toBe('build-region: --glance pictured nothing: the content has errors (see the diagnostics section)\n');
    const html = await readFile(file, 'utf8');
    expect(html).toContain('<p class="bad">Not pictured: the content has errors (see the diagnostics section).</p>');
    expect(html).toContain('1 error(s), 0 warning(s): the content does not build.');
    expect(html).not.toContain('<img');
    await rm(copy, { recursive: true, force: true });
  });

  it('without Chromium writes the report without pictures, says where it looked and exits 2', async () => {
    const file = path.join(work, 'no-chromium.html');
    const result = await report(['--glance', '--now', NOW, '--out', file], { chromium: path.join(work, 'no-such-chromium') });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`build-region: --glance pictured nothing: no Chromium at ${path.join(work, 'no-such-chromium')}`);
    const html = await readFile(file, 'utf8');
    expect(html).toContain('Not pictured: no Chromium at');
    expect(html).not.toContain('<img');
  });
});
