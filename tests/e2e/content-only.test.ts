import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildRegions, compileContent, renderReport } from '../../generator/index.ts';
import type { CompileResult } from '../../generator/index.ts';
import { formatPrice } from '../../core/format.ts';
import { collectErrors } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';
import { copyContent, deleteYamlValue, setYamlValue } from '../support/content.ts';
import { BUILT_AT } from '../support/instants.ts';

/**
 * What a maintainer can do by editing content/ alone (docs/content-model.md): in a private copy
 * of the real content, with no file outside it changed, add a product with its page, a windowed
 * sale page, a stages list that gates a nav item, the banner and a promotion price, a whole
 * region (ca: English, Canada, CAD, on the us back end) and a back end (apac, serving jp). The
 * copy is built with the project's own compiler and runtime, served, and checked in Chromium.
 */
const SALE = { start: '2026-11-01T00:00:00+00:00', end: '2027-01-01T00:00:00+00:00' };
const SALE_WINDOW = `{ start: "${SALE.start}", end: "${SALE.end}" }`;
/** The us banner's label once it is on the new list: the test's own words. */
const BANNER = 'The Scout Rover is here, at its sale price.';
const schema = (file: string) =>
  `# yaml-language-server: $schema=${'../'.repeat(file.split('/').length - 1)}../schema/${file.startsWith('pages/') ? 'page' : file.startsWith('messages/') ? 'messages' : file.endsWith('products.yaml') ? 'products' : 'region'}.schema.json\n`;

async function addFile(content: string, file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(content, file)), { recursive: true });
  await writeFile(path.join(content, file), `${schema(file)}${text}`);
}

/** A map or list of a YAML file with one more entry, found by its keys (the file's layout and wording do not matter). */
const addTo = (file: string, steps: string[], entries: Record<string, unknown> | unknown[]) =>
  setYamlValue(file, steps, (old: unknown) =>
    Array.isArray(entries) ? [...(old as unknown[]), ...entries] : { ...(old as Record<string, unknown>), ...entries },
  );

/** The label the us site gave Canadian visitors, which the new ca region takes over (read from the content). */
let canada: string;

/** The edits: every one is a change to a YAML file under content/, nothing else. */
async function editContent(content: string): Promise<void> {
  const us = path.join(content, 'regions/us/region.yaml');
  // A stages list, shared by every region.
  await addTo(path.join(content, 'stages.yaml'), ['stages'], {
    'summer-sale': { description: 'The winter sale of the content-only test.', instants: [SALE.start, SALE.end] },
  });
  // A product with its own page in us, its price gated by the new list.
  const rover = (region: string, price: number, offer: number) => ({
    name: 'Scout Rover',
    link: `/${region}/scout-rover`,
    buy: `https://shop.example.com/${region}/scout-rover`,
    alt: 'Scout Rover in rover mode',
    price,
    activityPrice: offer,
    activityTime: { stages: 'summer-sale', stage: [1] },
    stock: 20,
    isPreSale: false,
  });
  await addTo(path.join(content, 'regions/us/products.yaml'), ['products'], { scoutRover: rover('us', 249, 219) });
  await addTo(
    us,
    ['routes'],
    [
      { page: 'scout-rover', product: 'scoutRover', scroll: 'banner' },
      { page: 'summer-sale', window: SALE },
    ],
  );
  await addTo(path.join(content, 'regions/uk/region.yaml'), ['routes'], [{ page: 'summer-sale', window: SALE }]);
  // The new list gates a nav item, the banner and (above) the price.
  await addTo(
    us,
    ['navs'],
    [{ label: 'Winter sale', identify: 'winter-sale', link: '/us/summer-sale', stages: 'summer-sale', stage: [1] }],
  );
  await setYamlValue(us, ['textBanner'], (banner: unknown) => ({
    ...(banner as Record<string, unknown>),
    label: BANNER,
    stages: 'summer-sale',
    stage: [1],
  }));
  await addFile(
    content,
    'pages/scout-rover/en.yaml',
    'title: "Scout Rover | Axlebot Robotics"\ndescription: "A six-wheeled scout that maps your room."\nheading: "Scout Rover"\nlead: "Six wheels, one mission: map the room."\nsections:\n  - heading: "Maps as it rolls"\n    text: "Its sensors draw a map of every room it visits."\n',
  );
  await addFile(
    content,
    'pages/summer-sale/en.yaml',
    'title: "Winter sale | Axlebot Robotics"\ndescription: "Our winter prices, for a few weeks only."\nheading: "The winter sale"\nlead: "Robots at their best prices of the year."\n',
  );

  // Canada is a region now, no longer a country of the us site (README, "Adding a region"; W0307 otherwise):
  // the region takes over the label the us site gave it.
  canada = (await deleteYamlValue(us, ['region', 'countries', 'CA'])) as string;
  const label = JSON.stringify(canada);
  // A whole region: Canada, in English and CAD, on the us back end.
  await addFile(
    content,
    'regions/ca/region.yaml',
    [
      'code: ca',
      'weight: 9',
      'locale: en-CA',
      'hreflang: en-CA',
      'currency: CAD',
      `label: ${label}`,
      'origin: https://www.example.com',
      'backend: us',
      'hosts: { production: www.example.com, preproduction: [pre1.example.com, pre2.example.com] }',
      'paymentMethods: [paypal]',
      'links: { home: /ca, shop: "https://shop.example.com/ca", account: /ca/login }',
      `region: { iso: CA, label: ${label}, link: /ca/choose-your-region }`,
      'media: []',
      'copyright: © 2026 Axlebot Robotics Canada Inc.',
      'subscribe:',
      '  title: Join the Axlebot crew',
      '  text: Launch news and coding projects, straight to your inbox.',
      '  placeholder: Email address',
      '  button: Subscribe',
      '  invalidEmail: Please enter a valid email address',
      '  success: Subscribed Successfully!',
      '  agreement: I agree to the Privacy Policy and Terms of Use.',
      '  weeklyOptIn: Send me weekly emails with news and offers.',
      '  memberOptIn: Send me member communications about my account and rewards.',
      'footerNavs:',
      '  - { label: Robots, links: [{ label: Scout Rover, link: /ca/scout-rover }] }',
      'textBanner: { link: /ca/summer-sale, label: The winter sale is on., bg: "#0b1a33", stages: summer-sale, stage: [1] }',
      'navs:',
      '  - { label: Scout Rover, link: /ca/scout-rover }',
      'company: { name: Axlebot Robotics Canada Inc., address: [1 Example Street, "Toronto, ON", Canada] }',
      'routes:',
      '  - page: home',
      '  - { page: choose-your-region, kind: region-chooser, content: en }',
      '  - { page: scout-rover, product: scoutRover }',
      `  - { page: summer-sale, window: ${SALE_WINDOW} }`,
      '',
    ].join('\n'),
  );
  await addFile(content, 'regions/ca/products.yaml', stringify({ products: { scoutRover: rover('ca', 329, 289) } }));
  await addFile(
    content,
    'pages/home/ca.yaml',
    'title: "Axlebot Robotics Canada"\ndescription: "Transforming robots, now in Canada."\nheading: "Robots for Canada"\nlineup: [scoutRover]\n',
  );
  await addFile(content, 'messages/en-CA.yaml', 'locale: en-CA\nextends: en-US\nmessages:\n  footer:\n    regionLabel: "Region:"\n');

  // A back end: apac, which now serves jp.
  await addTo(path.join(content, 'constants.yaml'), ['backends'], {
    apac: { production: 'https://api-apac.example.com', preproduction: 'https://api-apac.pre.example.com' },
  });
  await setYamlValue(path.join(content, 'regions/jp/region.yaml'), ['backend'], 'apac');
}

let work: string;
let out: string;
let compiled: CompileResult;
const site = useTestSite({
  // Its own build of the edited copy, served in place of the shared one.
  dir: async () => {
    const copy = await copyContent();
    work = copy.work;
    out = path.join(work, 'dist');
    await editContent(copy.content);
    compiled = await compileContent({ content: copy.content, now: BUILT_AT });
    const result = await buildRegions({ content: copy.content, out, sites: path.join(work, 'sites'), now: BUILT_AT });
    if (!result.ok) throw new Error(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join('\n'));
    return out;
  },
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function open(pathname: string, width = 1280) {
  const context = await site.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const response = await page.goto(new URL(pathname, site.server.url).href);
  await page.waitForSelector('html[data-hydrated]');
  return { context, page, errors, status: response?.status() };
}

describe('content alone', () => {
  it('compiles with no diagnostic', () => {
    expect(compiled.diagnostics).toEqual([]);
  });

  it('adds a product with its own page, its price gated by a new stages list', async () => {
    const { context, page, errors, status } = await open('/us/scout-rover');
    expect(status).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Scout Rover');
    // Stage 1 of the new list is running: the buy box shows the sale price.
    await expect(page.locator('#buy').textContent()).resolves.toContain(formatPrice(219, 'en-US', 'USD'));
    expect(errors).toEqual([]);
    await context.close();
    const types = await readFile(path.join(work, 'sites/us/region.ts'), 'utf8');
    expect(/export type ProductKey = .*"scoutRover"/.exec(types)).not.toBeNull();
  });

  it('adds a windowed page to some regions, linked by a gated nav item, with the banner on the new list', async () => {
    const { context, page, status } = await open('/us');
    expect(status).toBe(200);
    await expect(page.getByRole('link', { name: 'Winter sale' }).first().getAttribute('href')).resolves.toBe('/us/summer-sale');
    await expect(page.getByText(BANNER).count()).resolves.toBe(1);
    await context.close();
    for (const [pathname, expected] of [
      ['/us/summer-sale', 200],
      ['/uk/summer-sale', 200],
      ['/fr/summer-sale', 404],
    ] as const) {
      expect((await fetch(new URL(pathname, site.server.url))).status, pathname).toBe(expected);
    }
  });

  it('adds a region in its own language and currency, at /ca', async () => {
    const { context, page, errors, status } = await open('/ca/scout-rover');
    expect(status).toBe(200);
    await expect(page.getAttribute('html', 'lang')).resolves.toBe('en-CA');
    await expect(page.locator('#buy').textContent()).resolves.toContain(formatPrice(289, 'en-CA', 'CAD'));
    const offers = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(offers.join('\n')).toContain('"priceCurrency":"CAD"');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts the new region in every region chooser, and every region in its chooser', async () => {
    const codes = compiled.model.regions.map((r) => r.data.code);
    expect(codes).toContain('ca');
    for (const chooser of ['/choose-your-region', '/fr/choose-your-region', '/ca/choose-your-region']) {
      const { context, page } = await open(chooser);
      const links = await page.locator('.region-list a').evaluateAll((all) => all.map((a) => a.getAttribute('href')));
      expect(links, chooser).toContain('/ca');
      // Canada once: the region, no longer also the us site's Canada entry.
      await expect(
        page
          .locator('.region-list .region-label')
          .allTextContents()
          .then((labels) => labels.filter((l) => l === canada).length),
        chooser,
      ).resolves.toBe(1);
      for (const region of compiled.model.regions)
        expect(links, `${chooser} lists ${region.data.code}`).toContain(region.data.basePath || '/');
      await context.close();
    }
  });

  it('gives the new region reciprocal hreflang alternates, and a place in the sitemap, schedule and report', async () => {
    const html = async (pathname: string) => (await fetch(new URL(pathname, site.server.url))).text();
    expect(await html('/us/scout-rover')).toContain(
      '<link rel="alternate" hreflang="en-CA" href="https://www.example.com/ca/scout-rover">',
    );
    expect(await html('/ca/scout-rover')).toContain(
      '<link rel="alternate" hreflang="en-US" href="https://www.example.com/us/scout-rover">',
    );
    expect(await html('/ca/choose-your-region')).toContain('hreflang="zh-CN" href="https://www.example.cn/choose-your-region"');
    expect(await html('/choose-your-region')).toContain('hreflang="en-CA" href="https://www.example.com/ca/choose-your-region"');
    const sitemap = await html('/sitemap.xml');
    expect(sitemap).toContain('<loc>https://www.example.com/ca/scout-rover</loc>');
    const schedule = JSON.parse(await html('/schedule.json')) as {
      entries: { at: string; changes: { region: string; change: string }[] }[];
      stages: Record<string, Record<string, string[]>>;
    };
    const closes = schedule.entries.find((entry) => entry.at === '2027-01-01T00:00:00.000Z')!;
    expect(closes.changes.map((c) => `${c.region}: ${c.change}`)).toEqual(
      expect.arrayContaining([
        'ca: /ca/summer-sale closes',
        'us: /us/summer-sale closes',
        'ca: activity price of Scout Rover hides (stage 2 of summer-sale)',
      ]),
    );
    expect(Object.keys(schedule.stages.ca!)).toContain('summer-sale');
    const report = renderReport(compiled, BUILT_AT);
    expect(report).toMatch(/<th[^>]*>ca<\/th>/);
  });

  it('adds a back end that serve-regions emulates, and the region it serves calls it', async () => {
    const answer = (await (await fetch(new URL('/_api/apac/ssr/timestamp', site.server.url))).json()) as {
      code: number;
      data: { timestamp: number };
    };
    expect(answer.code).toBe(2000);
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await page.goto(new URL('/jp', site.server.url).href);
    await page.waitForSelector('html[data-hydrated]');
    await expect.poll(() => calls.filter((call) => call.startsWith('/_api/'))).toContain('/_api/apac/ssr/timestamp');
    await context.close();
    // It has accounts of its own: a registration mails from apac, in the region's language.
    const register = await fetch(new URL('/_api/apac/account/user/register/pwd', site.server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', region: 'jp', 'accept-language': 'jp' },
      body: JSON.stringify({ email: 'rover@example.com', password: 'robots4ever' }),
    });
    expect(((await register.json()) as { code: number }).code).toBe(2000);
    const outbox = (await (await fetch(new URL('/__emulator/outbox.json?to=rover@example.com', site.server.url))).json()) as {
      data: { backend: string; link?: string }[];
    };
    expect(outbox.data.map((mail) => mail.backend)).toEqual(['apac']);
    expect(outbox.data[0]!.link).toMatch(
      /^http:\/\/localhost:\d+\/jp\/verification-success\?token=|^https:\/\/www\.example\.com\/jp\/verification-success\?token=/,
    );
  });
});
