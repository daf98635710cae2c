import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { featuredProduct } from '../../core/model.ts';
import { compileContent, PACKAGE_ROOT } from '../../generator/index.ts';
import { glancePages } from '../../preview/glance.ts';
import { BUILT_AT } from '../support/instants.ts';

/**
 * The pages of "Sites at a glance" (issue 32, docs/review.md), which `npm run screenshots` and
 * `build-region report --glance` picture: read from the built output, every region's home page
 * and the product page its home page features.
 */
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-glance-'));
afterAll(() => rm(work, { recursive: true, force: true }));

/** A built page as the build writes it, reduced to what glancePages reads: its inline route data. */
async function page(dir: string, at: string, data: object) {
  await mkdir(path.join(dir, at), { recursive: true });
  await writeFile(
    path.join(dir, at, 'index.html'),
    `<!doctype html><html><body><div id="root"></div><script type="application/json" id="route-data">${JSON.stringify(data)}</script></body></html>`,
  );
}

describe('the pages of the glance sheet', () => {
  it("are each region's home and the product page its home page features, in the shared build", async () => {
    const pages = await glancePages(inject('distDir'), BUILT_AT);
    const { model } = await compileContent({ now: BUILT_AT });
    const expected = model.regions.flatMap(({ data }) => {
      const home = data.routes.find((route) => route.kind === 'home')!;
      // The featured product's page; where the region has none (kr sells it in its shop only),
      // the first of the line-up with a page.
      const products = data.routes.filter((route) => route.kind === 'product' && !route.redirect);
      const product = [featuredProduct(home.content), ...(home.content?.lineup ?? [])]
        .map((key) => products.find((route) => route.product === key))
        .find(Boolean)!;
      return [
        { region: data.code, kind: 'home', path: home.path },
        { region: data.code, kind: 'product', path: product.path, name: data.products[product.product!]!.name },
      ];
    });
    expect(model.regions.length).toBeGreaterThanOrEqual(8);
    const order = (list: readonly { region: string; kind: string }[]) =>
      [...list].sort((a, b) => `${a.region} ${a.kind}`.localeCompare(`${b.region} ${b.kind}`));
    expect(order(pages)).toEqual(order(expected));
  });

  it('take a region the output gains with no change to the code, and fall back to the line-up, then the first product page', async () => {
    const dir = path.join(work, 'dist');
    const at = Date.parse('2030-01-01T00:00:00Z');
    await mkdir(dir, { recursive: true });
    const rules = {
      regions: [
        { code: 'xx', prefix: '/xx' },
        { code: 'zz', prefix: '' },
        { code: 'yy', prefix: '/yy' },
      ],
    };
    await writeFile(path.join(dir, 'hosts.json'), JSON.stringify(rules));
    // xx features nothing; its line-up's first product's page has closed; the second is open.
    await page(dir, 'xx', { route: { page: 'home', kind: 'home', path: '/xx' }, page: { lineup: ['gone', 'kept', 'other'] } });
    const closed = { start: Date.parse('2029-01-01T00:00:00Z'), end: Date.parse('2029-02-01T00:00:00Z') };
    await page(dir, 'xx/gone-page', {
      route: { page: 'gone-page', kind: 'product', path: '/xx/gone-page', product: 'gone', window: closed },
    });
    await page(dir, 'xx/a-other', { route: { page: 'a-other', kind: 'product', path: '/xx/a-other', product: 'other' } });
    await page(dir, 'xx/kept-page', {
      route: { page: 'kept-page', kind: 'product', path: '/xx/kept-page', product: 'kept' },
      products: { kept: { name: 'Kept Robot' } },
    });
    // zz, at the root, features a product without a page and has no line-up: its first product page by path.
    await page(dir, '', { route: { page: 'home', kind: 'home', path: '/' }, page: { featured: 'nowhere' } });
    await page(dir, 'b-robot', { route: { page: 'b-robot', kind: 'product', path: '/b-robot', product: 'b' } });
    await page(dir, 'a-faq', { route: { page: 'a-faq', kind: 'faq', path: '/a-faq' } });
    await writeFile(path.join(dir, 'favicon.svg'), '<svg/>');
    // yy is not in this output (a partial build): left out.
    expect(await glancePages(dir, at)).toEqual([
      { region: 'xx', kind: 'home', path: '/xx' },
      { region: 'xx', kind: 'product', path: '/xx/kept-page', name: 'Kept Robot' },
      { region: 'zz', kind: 'home', path: '/' },
      { region: 'zz', kind: 'product', path: '/b-robot' },
    ]);
  });

  it('are what npm run screenshots pictures: it names no region or page of its own', async () => {
    const script = (await readFile(path.join(PACKAGE_ROOT, 'scripts', 'screenshots.ts'), 'utf8')).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(script).toMatch(/\bglancePages\(dir, at\)/);
    expect(script).toMatch(/\btakePicture\(/);
    const { model } = await compileContent({ now: BUILT_AT });
    for (const { data } of model.regions) {
      expect(script).not.toContain(`'${data.code}'`);
      expect(script).not.toContain(`'/${data.code}`);
      for (const route of data.routes.filter((r) => r.kind === 'product')) expect(script).not.toContain(route.path);
    }
  });
});
