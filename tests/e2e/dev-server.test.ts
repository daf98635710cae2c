import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileContent } from '../../generator/index.ts';
import { OVERLAY_TIP } from '../../preview/dev/overlay.ts';
import { startDevServer } from '../../preview/dev/index.ts';
import type { DevServer } from '../../preview/dev/index.ts';
import { collectErrors } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';
import { copyContent, setYamlValue, yamlValue } from '../support/content.ts';

/**
 * The live preview (`build-region --dev us`) on a private copy of the content: an edit that
 * breaks a YAML file shows the CLI's diagnostic in the browser's error overlay, and fixing it
 * clears the overlay without a reload; a valid edit shows on the page.
 */
let dev: DevServer;
let work: string;
let content: string;

const site = useTestSite({ serve: false });
beforeAll(async () => {
  ({ work, content } = await copyContent());
  // Its own generated modules too, so other tests never see the package's sites/ change.
  dev = await startDevServer({ region: 'us', content, sites: path.join(work, 'sites'), cwd: work, port: 0 });
});
afterAll(async () => {
  await dev?.close();
  await rm(work, { recursive: true, force: true });
});

describe('the live preview', () => {
  it('runs the emulated back ends and serves server time beside the pages', async () => {
    const time = (await (await fetch(new URL('/_api/us/ssr/timestamp', dev.url))).json()) as { code: number; data: { timestamp: number } };
    expect(time.code).toBe(2000);
    expect(Math.abs(time.data.timestamp - dev.emulator.clock.now())).toBeLessThan(5_000);
    const outbox = await fetch(new URL('/__emulator/outbox.json', dev.url));
    expect(outbox.status).toBe(200);
    const schedule = (await (await fetch(new URL('/schedule.json', dev.url))).json()) as {
      stages: Record<string, Record<string, string[]>>;
    };
    expect(schedule.stages.us?.halloween).toEqual(['2025-10-25T07:00:00.000Z', '2025-11-01T07:00:00.000Z']);
  });

  it('answers pages to clients that accept any type (curl, link checkers), a missing one with the not-found page', async () => {
    const faq = await fetch(new URL('/us/faq', dev.url), { headers: { accept: '*/*' } });
    expect([faq.status, faq.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    await expect(faq.text()).resolves.toContain(String(await yamlValue(path.join(content, 'pages/faq/en.yaml'), ['heading'])));
    const missing = await fetch(new URL('/us/no-such-page', dev.url), { headers: { accept: '*/*' } });
    expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    await expect(missing.text()).resolves.toContain('href="/us"');
    // What asks for something else than a page still gets no page.
    expect((await fetch(new URL('/us/faq', dev.url), { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it('paints its first page styled before any script runs, and the page live keeps one copy of its styles', async () => {
    const looks = () => {
      const style = getComputedStyle(document.body);
      return `${style.fontFamily} ${style.color} ${style.backgroundColor} ${style.margin}`;
    };
    const bare = await site.browser.newContext({ javaScriptEnabled: false });
    const still = await bare.newPage();
    await still.setContent('<!doctype html><html><body><p>unstyled</p></body></html>');
    const unstyled = await still.evaluate(looks);
    await still.goto(new URL('/us/faq', dev.url).href);
    const first = await still.evaluate(looks);
    await bare.close();
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(new URL('/us/faq', dev.url).href);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    expect(first).not.toBe(unstyled);
    expect(await page.evaluate(looks)).toBe(first);
    expect(await page.locator('style[data-vite-dev-id$="/runtime/styles.css"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a still: the page at another instant, without a script, its clock and the live pages left as they were', async () => {
    const still = (at: string, page = '/us/black-friday') =>
      fetch(new URL(`${page}?__still=${at}`, dev.url), { headers: { accept: 'text/html' } });
    const heading = async (response: Response) => /<h1[^>]*>([^<]*)<\/h1>/.exec(await response.text())?.[1];
    const before = await still(String(Date.parse('2026-11-19T12:00:00Z')));
    expect(before.status).toBe(200);
    expect(before.headers.get('content-security-policy')).toBe("script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'");
    expect(await heading(before)).toBe('This page isn&#x27;t available right now');
    const inside = await still(String(Date.parse('2026-11-25T12:00:00Z')));
    const html = await inside.text();
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe('Black Friday deals');
    // Painted by its HTML and CSS alone: the runtime's styles inline, no script but its data.
    expect(html.slice(html.indexOf('<style>'), html.indexOf('</style>'))).toContain('.not-found');
    expect(html.match(/<script[^>]*>/g)).toEqual(expect.arrayContaining(['<script type="application/ld+json">']));
    expect(html.match(/<script(?![^>]*ld\+json)[^>]*>/g)).toBeNull();
    // A path of the region with no page: its 404 page; not an instant: said so.
    expect((await still(String(Date.parse('2026-11-25T12:00:00Z')), '/us/no-such-page')).status).toBe(404);
    const wrong = await still('next-friday');
    expect([wrong.status, await heading(wrong)]).toEqual([400, 'Not an instant']);
    // The live page is the clock's.
    expect(Math.abs(dev.emulator.clock.now() - Date.now())).toBeLessThan(60_000);
  });

  it('shows a content error in the overlay at its file, line and column, and clears it when fixed', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(new URL('/us/faq', dev.url).href);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const faqHeading = await yamlValue(path.join(content, 'pages/faq/en.yaml'), ['heading']);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(faqHeading);
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));

    const file = path.join(content, 'regions/us/region.yaml');
    const original = await readFile(file, 'utf8');
    const currency = String(await yamlValue(file, ['currency']));
    const overlay = page.locator('vite-error-overlay');
    try {
      // A flow sequence left open: the YAML no longer parses.
      expect(original).toContain(`currency: ${currency}\n`);
      await writeFile(file, original.replace(`currency: ${currency}\n`, `currency: [${currency}\n`));
      // The place the CLI names for the same content.
      const cli = (await compileContent({ content, cwd: work })).diagnostics.find((d) => d.severity === 'error')!;
      const where = `content/regions/us/region.yaml:${cli.line}:${cli.column}`;
      expect(cli.file).toBe('content/regions/us/region.yaml');
      await expect.poll(() => overlay.count(), { timeout: 15_000 }).toBe(1);
      await expect(overlay.locator('.file').textContent()).resolves.toBe(where);
      await expect(overlay.locator('.message').textContent()).resolves.toBe(
        `[plugin:build-region] ${where} - error ${cli.code}: ${cli.message}`,
      );
      await expect(overlay.locator('.frame').textContent()).resolves.toContain(`currency: [${currency}`);
      // The tip says how to make it go, never to edit a Vite config the project does not have.
      await expect.poll(() => overlay.locator('.tip').textContent()).toBe(OVERLAY_TIP);
    } finally {
      await writeFile(file, original);
    }
    await expect.poll(() => overlay.count(), { timeout: 15_000 }).toBe(0);
    // The same document: the page was not reloaded.
    await expect(page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("moves to the next page in the same document, fetching its text as a build's site serves it", async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const texts: string[] = [];
    page.on('response', (response) => {
      if (/\/us\/assets\/page-[\w-]+\.json$/.test(new URL(response.url()).pathname))
        texts.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.goto(new URL('/us/faq', dev.url).href);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.evaluate(() => (window.name = 'same document'));
    const us = (await compileContent({ content, cwd: work })).model.regions.find((r) => r.data.code === 'us')!.data;
    await page.getByRole('banner').getByRole('link', { name: us.messages['site.name'] }).first().click();
    await page.waitForURL((u) => u.pathname === '/us');
    const home = us.routes.find((r) => r.page === 'home')!;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(home.content!.heading);
    expect(await page.evaluate(() => window.name)).toBe('same document');
    expect(texts).toEqual([expect.stringMatching(/^200 \/us\/assets\/page-home-[\w-]+\.json$/)]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a valid edit in place, with no reload: a text at once, a price once the content is compiled again', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(new URL('/us/faq', dev.url).href);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    const same = () => page.evaluate(() => (window as unknown as { __same?: boolean }).__same);
    const file = path.join(content, 'pages/faq/en.yaml');
    const original = await readFile(file, 'utf8');
    let heading: unknown;
    try {
      heading = await setYamlValue(file, ['heading'], 'Questions, answered');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Questions, answered');
      await expect(same()).resolves.toBe(true);
    } finally {
      await writeFile(file, original);
    }
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(heading);

    // A product's price (regions/us/products.yaml): the buy box shows the new one.
    await page.goto(new URL('/us/flagship-bumblebee', dev.url).href);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    const products = path.join(content, 'regions/us/products.yaml');
    const catalogue = await readFile(products, 'utf8');
    const price = Number(await yamlValue(products, ['products', 'flagshipBumblebee', 'price']));
    const shown = (amount: number) => page.getByText(amount.toLocaleString('en-US'), { exact: false }).count();
    expect(await shown(price)).toBeGreaterThan(0);
    try {
      await setYamlValue(products, ['products', 'flagshipBumblebee', 'price'], price - 22);
      await expect.poll(() => shown(price - 22), { timeout: 15_000 }).toBeGreaterThan(0);
      await expect(same()).resolves.toBe(true);
    } finally {
      await writeFile(products, catalogue);
    }
    await expect.poll(() => shown(price), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(same()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an edit written in place (the file emptied, then written) without an error in between', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(new URL('/us/faq', dev.url).href);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    // Whether the error overlay came at any moment.
    await page.evaluate(() => {
      const seen = window as unknown as { __overlay: boolean };
      seen.__overlay = false;
      new MutationObserver(() => (seen.__overlay ||= document.querySelector('vite-error-overlay') !== null)).observe(
        document.documentElement,
        {
          childList: true,
          subtree: true,
        },
      );
    });
    const file = path.join(content, 'pages/faq/en.yaml');
    const original = await readFile(file, 'utf8');
    try {
      // An editor's save: the file truncated, its text written a moment later.
      await writeFile(file, '');
      await new Promise((resolve) => setTimeout(resolve, 30));
      await writeFile(file, original.replace(/^heading: .*$/m, 'heading: Written in two steps'));
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Written in two steps');
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __overlay: boolean }).__overlay)).toBe(false);
    } finally {
      await writeFile(file, original);
    }
    await context.close();
  });
});
