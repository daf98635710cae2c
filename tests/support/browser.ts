import { pathToFileURL } from 'node:url';
import { chromiumPath, launchChromium } from '../../preview/chromium.ts';
import type { Browser, Page } from 'playwright-core';

/** Debian's Chromium, or the one named by CHROMIUM_PATH. */
export const CHROMIUM_PATH = chromiumPath();

/** Launches it headless with the flags this machine needs, and any more given. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return launchChromium(extraArgs);
}

/**
 * Flags of the tests' shared Chromium that cut its work per page by about a fifth on this 2-core
 * machine and change nothing a test observes: no optimising JavaScript compilers (a test page
 * lives for a second, too short for their work to pay back) and one renderer process for every
 * site (the sites share one origin; nothing tested depends on process isolation).
 */
export const TEST_BROWSER_FLAGS = [
  '--js-flags=--no-opt --no-maglev',
  '--disable-features=site-per-process,IsolateOrigins',
  '--disable-site-isolation-trials',
];

let workerBrowser: Promise<Browser> | undefined;
/**
 * The Chromium of this test worker, started by its first browser test file and used by every
 * later one (the site project does not isolate its files: its modules, and this, live as long as
 * the worker). Driven in the worker's own process: a browser shared through a server in Vitest's
 * main process cost a second hop of every message through that one process (issue 47). It ends
 * with the worker (Playwright closes what it launched as its process exits).
 */
export function testBrowser(): Promise<Browser> {
  workerBrowser ??= launchChromium(TEST_BROWSER_FLAGS, CHROMIUM_PATH);
  return workerBrowser;
}

/** Collects console errors and uncaught page errors, for "no console error" checks. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A resource that failed says which one (Chromium's text names only the status).
    const { url } = message.location();
    errors.push(message.text().startsWith('Failed to load resource') && url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export interface OpenedPage {
  context: import('playwright-core').BrowserContext;
  page: Page;
  /** Console errors and uncaught errors of the page so far. */
  errors: string[];
}

export interface OpenOptions {
  /** Answers /ssr/timestamp with this instant (the server's clock as the page sees it). */
  serverTime?: number;
  viewport?: { width: number; height: number };
  /** Runs in the page before any of its scripts (to stub a browser capability). */
  initScript?: () => void;
}

/** Opens `path` of a running site in a fresh context and waits until the app has hydrated. */
export async function openPage(browser: Browser, origin: string, path: string, options: OpenOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  if (options.initScript) await page.addInitScript(options.initScript);
  if (options.serverTime !== undefined) {
    const body = JSON.stringify({ code: 2000, message: 'success', data: { timestamp: options.serverTime } });
    await page.route('**/ssr/timestamp', (r) => r.fulfill({ status: 200, contentType: 'application/json', body }));
  }
  await page.goto(new URL(path, origin).href);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  return { context, page, errors };
}

let axeSource: Promise<string> | undefined;
/** axe-core's script, the one @axe-core/playwright pins, read once per test file. */
function readAxeSource(): Promise<string> {
  axeSource ??= (async () => {
    const { createRequire } = await import('node:module');
    const { readFile } = await import('node:fs/promises');
    const require = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
    return readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  })();
  return axeSource;
}

/**
 * axe-core's violations on a page (or within the given selectors), as `rule: targets` lines:
 * an empty list is a page with none, once what fades in has faded in. axe runs in the page
 * itself, with every rule axe enables by default; only violations are collected. (Our pages have no frames: AxeBuilder's
 * frame-by-frame run, finished in a page of its own, costs three to four times as much.)
 */
export async function axeViolations(page: Page, ...include: string[]): Promise<string[]> {
  // What is still fading in (the float effect) has not its final contrast yet: wait for every
  // running animation and transition that ends. One on a scroll timeline (the in-page menu's
  // edge fades) follows the scroll position and never finishes: it is left out.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.timeline instanceof DocumentTimeline && a.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readAxeSource());
  return page.evaluate(async (selectors) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const context = selectors.length > 0 ? { include: selectors.map((s) => [s]) } : document;
    const results = await axe.run(context as import('axe-core').ElementContext, { resultTypes: ['violations'] });
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, include);
}

/**
 * A file of the disk (the content report) in a desktop-sized page, with its console errors and
 * every request it made, to show it is self-contained.
 */
export async function openFile(browser: Browser, file: string) {
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(pathToFileURL(file).href);
  return { context, page, errors, requests };
}

/**
 * What is wider than the window, or wider inside than a block laid out only when it nears the
 * screen (content-visibility: auto clips what overflows such a block, so neither would scroll
 * sideways). Those blocks are laid out for the check and stay laid out, as for a visitor who has
 * scrolled down: what the page measures next is its whole layout.
 */
export async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lazy = [...document.querySelectorAll<HTMLElement>('*')].filter((e) => {
      e.style.contentVisibility = '';
      return getComputedStyle(e).contentVisibility === 'auto';
    });
    for (const e of lazy) e.style.contentVisibility = 'visible';
    const found = lazy
      .filter((e) => e.scrollWidth > e.clientWidth)
      .map((e) => `<${e.localName} class="${e.className}"> holds ${e.scrollWidth} px in ${e.clientWidth} px`);
    const root = document.documentElement;
    if (!(root.scrollWidth <= window.innerWidth && window.innerWidth > 0)) found.push(`the page is ${root.scrollWidth} px wide`);
    return found;
  });
}

/**
 * The labels of the header's row that lie on more than one line, as `'label' on 2 lines (N px
 * wide)`: the navigation's links and menu buttons, the region and account links and the menu
 * button, where they show (the folded menu, closed, shows none of the list). A label is measured
 * by its text (Range.getClientRects: one box per line it lies on), so a wrapped label is found
 * even where it makes its row taller, which a row-height check cannot tell from a tall item.
 * The brand is left out: a long name wraps in its place by design (docs/runtime.md).
 */
export async function wrappedHeaderLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const labels = document.querySelectorAll(
      '.site-header .bar :is(.nav-list > li > a, .nav-menu > .nav-menu-button, .header-tools > a, .menu-toggle)',
    );
    const found: string[] = [];
    for (const label of [...labels].filter((e) => e.checkVisibility({ visibilityProperty: true }))) {
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      const boxes: DOMRect[] = [];
      let text = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Text for screen readers only (`.visually-hidden`, clipped to a pixel) is on no line a visitor sees.
        if (!node.textContent!.trim() || node.parentElement!.closest('.visually-hidden')) continue;
        text += node.textContent;
        const range = document.createRange();
        range.selectNodeContents(node);
        boxes.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0));
      }
      // Boxes side by side (the label, its tag) are one line; a box that starts below another's middle starts a new one.
      const lines: DOMRect[] = [];
      for (const box of boxes.sort((a, b) => a.top - b.top)) {
        const last = lines.at(-1);
        if (!last || box.top > last.top + last.height / 2) lines.push(box);
      }
      if (lines.length > 1)
        found.push(`'${text.trim()}' on ${lines.length} lines (${Math.round(label.getBoundingClientRect().width)} px wide)`);
    }
    return found;
  });
}
