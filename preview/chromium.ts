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
 * Chromium features turned off. Chromium reads only the last `--disable-features` it is given,
 * and Playwright passes its own list first, so this list is the whole of it (`chromiumArgs`
 * merges any given with it): from Playwright's list, those that change how a page loads or
 * paints (paint holding, HTTPS upgrades of http addresses, storage partitioning, CORS restarts on
 * redirects), and the omnibox popup, which Chromium 156 renders as a web page of its own in a
 * second renderer process for every new page, headless too: about a third of the cost of
 * opening a page (20 pages loaded one after another: 17 s against 11.5 s here).
 */
const DISABLED_FEATURES: readonly string[] = [
  'PaintHolding',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

/** CHROMIUM_FLAGS and the extra flags given, with every `--disable-features` list merged into one. */
export function chromiumArgs(extraArgs: readonly string[] = []): string[] {
  const prefix = '--disable-features=';
  const disabled = new Set(DISABLED_FEATURES);
  for (const arg of extraArgs) if (arg.startsWith(prefix)) for (const name of arg.slice(prefix.length).split(',')) disabled.add(name);
  return [...CHROMIUM_FLAGS, ...extraArgs.filter((arg) => !arg.startsWith(prefix)), prefix + [...disabled].join(',')];
}

/**
 * Playwright's Chromium driver, loaded on first use and with `require`: an `import` of the
 * package (CommonJS) from an ES module has Node scan its modules for their exports first, which
 * takes longer than loading it (about 0.5 s against 0.3 s here), in every command that pictures.
 */
export function playwrightChromium(): BrowserType {
  return (createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core')).chromium;
}

/** Chromium at `executablePath` (default chromiumPath()) with CHROMIUM_FLAGS and any more given (`chromiumArgs`). */
export function launchChromium(extraArgs: readonly string[] = [], executablePath = chromiumPath()): Promise<Browser> {
  return playwrightChromium().launch({ executablePath, args: chromiumArgs(extraArgs) });
}
