import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

/** Debian's Chromium, or the one named by CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Collects console errors and uncaught page errors, for "no console error" checks. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
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
