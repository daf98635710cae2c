import { createRequire } from 'node:module';
import type { Browser, BrowserType } from 'playwright-core';

/**
 * The one way this package starts Chromium: the pictures (diff --pictures, report --glance,
 * npm run screenshots), the tests, Lighthouse and the bench. Debian's Chromium (no browser is
 * downloaded: `npx playwright install` cannot work here), headless, with the flags a container
 * without a GPU or a network needs.
 */

/** Where Chromium is: CHROMIUM_PATH, else Debian's. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (root in a container), no GPU, no QUIC, nothing fetched in the background. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Playwright's Chromium driver, loaded on first use and with `require`: an `import` of the
 * package (CommonJS) from an ES module has Node scan its modules for their exports first, which
 * takes longer than loading it (about 0.5 s against 0.3 s here), in every command that pictures.
 */
export function playwrightChromium(): BrowserType {
  return (createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core')).chromium;
}

/** Chromium at `executablePath` (default chromiumPath()) with CHROMIUM_FLAGS and any more given. */
export function launchChromium(extraArgs: readonly string[] = [], executablePath = chromiumPath()): Promise<Browser> {
  return playwrightChromium().launch({ executablePath, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}
