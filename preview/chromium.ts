import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

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

/** Chromium at `executablePath` (default chromiumPath()) with CHROMIUM_FLAGS and any more given. */
export function launchChromium(extraArgs: readonly string[] = [], executablePath = chromiumPath()): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}
