import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer } from '../../server/serve.ts';
import type { RunningServer, ServeOptions } from '../../server/serve.ts';
import { launchBrowser } from './browser.ts';
import { BUILT_AT } from './instants.ts';

export interface TestSite {
  /** The preview server of the shared test build (set once the file's tests start). */
  server: RunningServer;
  browser: Browser;
}

/**
 * For a test file: the preview server on the shared test build (clock at BUILT_AT unless told
 * otherwise) and a Chromium, started before its tests and stopped after them.
 */
export function useTestSite(options: Partial<Omit<ServeOptions, 'dir' | 'port' | 'host'>> = {}): TestSite {
  const site = {} as TestSite;
  beforeAll(async () => {
    site.server = await startServer({ dir: inject('distDir'), port: 0, host: '127.0.0.1', now: BUILT_AT, ...options });
    site.browser = await launchBrowser();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}
