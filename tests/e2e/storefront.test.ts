import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { compileContent } from '../../generator/index.ts';
import type { RegionCode } from '../../core/model.ts';
import { axeViolations, openPage } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';
import type { OpenOptions } from '../support/browser.ts';

const { model } = await compileContent();
const region = (code: RegionCode) => model.regions.find((r) => r.data.code === code)!.data;
const content = (code: RegionCode, page: string) => region(code).routes.find((r) => r.page === page)!.content!;
/** Inside the us Halloween promotion (stage 1 of its list): activity prices apply. */
const HALLOWEEN = Date.parse('2025-10-27T12:00:00+08:00');

const site = useTestSite();

const open = (path: string, options?: OpenOptions) => openPage(site.browser, site.server.url, path, options);
const axe = (page: Page) => axeViolations(page);

/** Scrolls through the whole page so lazy images start, then waits until every image has settled. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

describe('the home line-up', () => {
  it('shows the content line-up as cards with price and a way to buy, and a sold-out card without one', async () => {
    const { context, page, errors } = await open('/us');
    const lineup = content('us', 'home').lineup!;
    const cards = page.locator('.lineup-card');
    await expect(cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-product')))).resolves.toEqual([...lineup]);
    const bumblebee = page.locator('.lineup-card[data-product="flagshipBumblebee"]');
    await expect(bumblebee.getByRole('heading', { level: 3 }).textContent()).resolves.toBe('Flagship Bumblebee');
    await expect(bumblebee.getByTestId('price').textContent()).resolves.toBe('$1,299.00');
    const buy = bumblebee.getByRole('link', { name: 'Buy now: Flagship Bumblebee' });
    await expect(buy.getAttribute('href')).resolves.toBe('https://shop.example.com/us/flagship-bumblebee');
    await expect(buy.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    // The name leads to the product's own page, inside the app.
    await bumblebee.getByRole('link', { name: 'Flagship Bumblebee', exact: true }).click();
    await page.waitForURL('**/us/flagship-bumblebee');
    await page.goBack();
    // Back is a move inside the app: the line-up shows again once it has rendered the home page.
    const soldOut = page.locator('.lineup-card[data-product="flagshipOptimusPrime"]');
    await expect.poll(() => soldOut.getByText('Sold out', { exact: true }).count()).toBe(1);
    await expect(soldOut.getByRole('link').count()).resolves.toBe(1); // its name only
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows activity prices during the promotion, struck-through regular price beside them', async () => {
    const { context, page } = await open('/us', { serverTime: HALLOWEEN });
    const bumblebee = page.locator('.lineup-card[data-product="flagshipBumblebee"]');
    await expect.poll(() => bumblebee.getByTestId('price').textContent()).toBe('$1,219.00');
    await expect(bumblebee.locator('s.was').textContent()).resolves.toBe('Regular price: $1,299.00');
    await context.close();
  });

  it('offers pre-order for a pre-sale product (jp Mini Robot) and the new-member reward with its credits', async () => {
    const { context, page, errors } = await open('/jp');
    const mini = page.locator('.lineup-card[data-product="miniRobot"]');
    await expect(mini.getByRole('link', { name: /^予約注文/ }).count()).resolves.toBe(1);
    const reward = page.locator('.reward');
    await expect(reward.textContent()).resolves.toContain('200');
    await expect(reward.getByRole('link').getAttribute('href')).resolves.toBe('/jp/register');
    expect(await axe(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a product page', () => {
  it('has its specifications, and a gallery that loads lazily in webp at its own size', async () => {
    const { context, page, errors } = await open('/us/flagship-bumblebee');
    const expected = content('us', 'flagship-bumblebee');
    const rows = page.locator('#specs tr');
    await expect(
      rows.evaluateAll((all) => all.map((row) => [row.querySelector('th')!.textContent, row.querySelector('td')!.textContent])),
    ).resolves.toEqual(expected.specs!.map((spec) => [spec.label, spec.value]));
    await expect(page.locator('#app-menu a[href="#specs"]').count()).resolves.toBe(1);

    const images = page.locator('#gallery img');
    await expect(images.count()).resolves.toBe(expected.gallery!.length);
    // Below the fold nothing has been fetched yet; every picture says its size and loads lazily.
    const fetched: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/static/img/'))
        fetched.push(`${response.status()} ${response.headers()['content-type']} ${new URL(response.url()).pathname}`);
    });
    for (const [index, item] of expected.gallery!.entries()) {
      const image = images.nth(index);
      await expect(image.getAttribute('loading')).resolves.toBe('lazy');
      await expect(image.getAttribute('width')).resolves.toBe(String(item.image.width));
      await expect(image.getAttribute('height')).resolves.toBe(String(item.image.height));
      await expect(image.getAttribute('alt')).resolves.toBe(item.alt);
      await expect(image.getAttribute('srcset')).resolves.toBe(`${item.image.src}.small.webp 1x, ${item.image.src}.2x.webp 2x`);
    }
    expect(fetched).toEqual([]);
    await scrollThrough(page);
    expect(fetched.sort()).toEqual(expected.gallery!.map((item) => `200 image/webp ${item.image.src}.small.webp`).sort());
    await expect(images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth))).resolves.toEqual(
      expected.gallery!.map((item) => item.image.width),
    );
    expect(await axe(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves the 2x variant on a dense screen', async () => {
    const context = await site.browser.newContext({ viewport: { width: 800, height: 900 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(new URL('/fr/mini-robot', site.server.url).href);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await scrollThrough(page);
    const sources = await page
      .locator('#gallery img')
      .evaluateAll((all) => all.map((image) => new URL((image as HTMLImageElement).currentSrc).pathname));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).toMatch(/\.2x\.webp$/);
    await context.close();
  });

  it('rewrites the images to the fallback format when the browser cannot show webp', async () => {
    const webpRequests: string[] = [];
    const { context, page, errors } = await open('/us/flagship-bumblebee', {
      // A browser without webp: asked for a webp canvas, it answers with png.
      initScript: () => {
        const original = HTMLCanvasElement.prototype.toDataURL;
        HTMLCanvasElement.prototype.toDataURL = function (this: HTMLCanvasElement, type?: string, quality?: number) {
          return original.call(this, type === 'image/webp' ? 'image/png' : type, quality);
        };
      },
    });
    page.on('request', (request) => {
      if (request.url().endsWith('.webp')) webpRequests.push(request.url());
    });
    const expected = content('us', 'flagship-bumblebee').gallery!;
    // Every part of the page hydrates at once in such a browser, and rewrites its images.
    await expect
      .poll(() => page.locator('#gallery img').evaluateAll((all) => all.map((image) => image.getAttribute('srcset'))))
      .toEqual(expected.map((item) => `${item.image.src}.small.png 1x, ${item.image.src}.2x.png 2x`));
    await scrollThrough(page);
    const loaded = await page
      .locator('#gallery img')
      .evaluateAll((all) =>
        all.map((image) => [new URL((image as HTMLImageElement).currentSrc).pathname, (image as HTMLImageElement).naturalWidth]),
      );
    expect(loaded).toEqual(expected.map((item) => [`${item.image.src}.small.png`, item.image.width]));
    expect(webpRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the Elite Optimus Prime + AI Base bundle with what it saves at today’s prices', async () => {
    // Regular prices (the specification): 699 + 299 = 998 for the parts, 948 for the bundle.
    const { context, page, errors } = await open('/us/elite-optimus-prime');
    const bundle = page.locator('#bundle-eliteOptimusPrimeAiBase');
    await expect(bundle.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('Elite Optimus Prime + AI Base bundle');
    await expect(bundle.textContent()).resolves.toContain('Includes 2 items: Elite Optimus Prime and AI Base.');
    await expect(bundle.getByTestId('price').textContent()).resolves.toBe('$948.00');
    await expect(bundle.locator('.bundle-saving').textContent()).resolves.toBe('You save $50.00 compared with buying them separately.');
    const buy = bundle.getByRole('link', { name: 'Buy now: Elite Optimus Prime + AI Base bundle' });
    await expect(buy.getAttribute('href')).resolves.toBe('https://shop.example.com/us/elite-optimus-prime-ai-base-bundle');
    await expect(buy.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('claims no saving while the parts are on offer and cost less together than the bundle', async () => {
    // Halloween: 649 + 279 = 928, below the bundle's 948.
    const { context, page } = await open('/us/ai-base', { serverTime: HALLOWEEN });
    const bundle = page.locator('#bundle-eliteOptimusPrimeAiBase');
    await expect.poll(() => page.locator('.buy-box').getByTestId('price').textContent()).toBe('$279.00');
    await expect(bundle.getByTestId('price').textContent()).resolves.toBe('$948.00');
    await expect(bundle.locator('.bundle-saving').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('prices as each market reads them', () => {
  it.each([
    ['/de', 'inkl. MwSt.'],
    ['/jp', '税込'],
    ['/us', 'Before sales tax'],
    ['/uk', 'incl. VAT'],
    ['/fr', 'TTC'],
  ])('says next to every price on %s how it stands to tax (%s), and in its share tags', async (home, wording) => {
    const { context, page, errors } = await open(home);
    const prices = await page.getByTestId('price').count();
    expect(prices).toBeGreaterThan(3);
    // Every price of the line-up carries the wording right after it.
    const notes = await page.getByTestId('price').evaluateAll((all) => all.map((price) => price.nextElementSibling?.textContent?.trim()));
    expect(notes).toEqual(Array.from({ length: prices }, () => wording));
    // A product page's buy box, and what its shared link shows.
    const product = await page.locator('.lineup-card h3 a[href^="/"]').first().getAttribute('href');
    await page.goto(new URL(product!, site.server.url).href);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect(page.locator('.buy-box .tax-note').textContent()).resolves.toBe(` ${wording}`);
    await expect(page.locator('meta[name="twitter:data1"]').getAttribute('content')).resolves.toMatch(
      new RegExp(`${wording.replace('.', '\\.')}$`),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('manuals and legal pages', () => {
  it('lists each region’s downloads, grouped by product, in its own language', async () => {
    for (const [code, path] of [
      ['us', '/us/manuals'],
      ['kr', '/kr/manuals'],
      ['cn', '/manuals'],
    ] as const) {
      const { context, page, errors } = await open(path);
      const downloads = content(code, 'manuals').downloads!;
      const links = page.locator('#downloads a');
      await expect(links.evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute('href')]))).resolves.toEqual(
        downloads.map((d) => [d.title, d.href]),
      );
      for (const d of downloads) expect(d.href).toMatch(/^https:\/\/downloads\.example\.com\/manuals\/.+\.pdf$/);
      const groups = new Set(downloads.map((d) => d.product));
      await expect(page.locator('.download-group h3').allTextContents()).resolves.toEqual([...groups]);
      expect(await axe(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows the us legal pages as finished texts: no template notice, no placeholder', async () => {
    for (const page of ['privacy-policy', 'terms-use', 'cookies-policy']) {
      expect(content('us', page).template).toBeUndefined();
      const html = await (await fetch(new URL(`/us/${page}`, site.server.url))).text();
      expect(html).not.toContain('class="template-notice"');
      // No "[company legal name]"-style placeholder is left in the page's text.
      const main = /<main[\s\S]*<\/main>/.exec(html)![0];
      expect(main).not.toMatch(/\[[a-z][^\]]*\]/);
      expect(html).toContain('Axlebot Robotics Inc.');
    }
  });
});

describe('the collapse effect and the text float effect', () => {
  const { collapse } = region('us').constants.breakpoints;
  const specsHeights = (page: Page) =>
    page.locator('#specs').evaluate((section) => ({
      shown: section.querySelector('.collapse-body')!.getBoundingClientRect().height,
      full: section.querySelector('table')!.getBoundingClientRect().height,
    }));

  it('cuts the specifications on a phone (device class mobile) and opens them in the collapse duration', async () => {
    const { context, page, errors } = await open('/us/flagship-bumblebee', { viewport: { width: collapse.ipad - 1, height: 800 } });
    await expect(page.evaluate(() => document.documentElement.dataset.device)).resolves.toBe('mobile');
    const before = await specsHeights(page);
    expect(before.shown).toBe(280);
    expect(before.full).toBeGreaterThan(280);
    const toggle = page.locator('#specs .collapse-toggle');
    await expect(page.locator('#specs').getByRole('button', { name: 'Show more' }).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.locator('#specs .collapse-body').evaluate((el) => getComputedStyle(el).transitionDuration)).resolves.toBe('0.5s');
    // The page's content hydrates as the visitor first acts in it: the tap is replayed then.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect(toggle.textContent()).resolves.toBe('Show less');
    await expect.poll(async () => (await specsHeights(page)).shown).toBe(before.full);
    expect(await axe(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the whole table with no button on the ipad and window classes, at their thresholds', async () => {
    for (const [width, device] of [
      [collapse.ipad, 'ipad'],
      [collapse.window - 1, 'ipad'],
      [collapse.window, 'window'],
    ] as const) {
      const { context, page } = await open('/us/flagship-bumblebee', { viewport: { width, height: 800 } });
      await expect(page.evaluate(() => document.documentElement.dataset.device)).resolves.toBe(device);
      const heights = await specsHeights(page);
      expect(heights.shown).toBe(heights.full);
      await expect(page.locator('#specs .collapse-toggle').isVisible()).resolves.toBe(false);
      await context.close();
    }
  });

  it('floats blocks below the fold up from 50 px as they come into view, and never moves what is already in view', async () => {
    // 900 px high: the first section starts in view, under the banner and the in-page menu (two
    // rows at this width, every item showing).
    const { context, page } = await open('/us/flagship-bumblebee', { viewport: { width: 1280, height: 900 } });
    const translate = region('us').constants.textFloatTranslate;
    const first = page.locator('#section-1');
    const picture = page.locator('#gallery li').first();
    // A block below the fold waits for its way into view once the observer first reports on it;
    // the first section, in view at load, stays put.
    await expect.poll(() => picture.evaluate((el) => el.className)).toBe('float-pending');
    await expect(first.evaluate((el) => el.className)).resolves.toBe('');
    await expect(picture.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m42)).resolves.toBe(translate);
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((el) => el.className)).toBe('float-in');
    await expect.poll(() => picture.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m42)).toBe(0);
    await context.close();
  });

  it('keeps every block in place for a visitor who asks for reduced motion', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(new URL('/us/flagship-bumblebee', site.server.url).href);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect(page.locator('.float-pending').count()).resolves.toBe(0);
    await context.close();
  });
});
