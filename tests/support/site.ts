import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer } from '../../server/serve.ts';
import type { RunningServer, ServeOptions } from '../../server/serve.ts';
import { launchBrowser, testBrowser } from './browser.ts';
import { pooledBrowser } from './pool.ts';
import { BUILT_AT } from './instants.ts';

export interface TestSite {
  /** The preview server (set once the file's tests start; absent with `serve: false`). */
  server: RunningServer;
  browser: Browser;
  /** The absolute address of a path on the server. */
  url(pathname: string): string;
}

export interface TestSiteOptions extends Partial<Omit<ServeOptions, 'dir' | 'port' | 'host'>> {
  /** Serves this folder instead of the shared test build; called before the server starts (a private build). */
  dir?: () => string | Promise<string>;
  /** Gives the emulated back ends a fresh data folder of their own, removed afterwards. */
  freshData?: boolean;
  /** More Chromium flags (Lighthouse's remote debugging port). */
  browserArgs?: string[];
  /** Only the browser: the file starts what it serves itself (the live preview). */
  serve?: false;
}

/**
 * The one set-up of every end-to-end file: the preview server on the shared test build (clock
 * at BUILT_AT unless told otherwise) and a Chromium, started before the file's tests and
 * stopped after them, with whatever the options made removed again.
 */
export function useTestSite(options: TestSiteOptions = {}): TestSite {
  const { dir, freshData, browserArgs, serve, ...serveOptions } = options;
  let dataDir: string | undefined;
  let own: Browser | undefined;
  const site: TestSite = {
    server: undefined as unknown as RunningServer,
    browser: undefined as unknown as Browser,
    url: (pathname) => new URL(pathname, site.server.url).href,
  };
  beforeAll(async () => {
    if (serve !== false) {
      if (freshData) dataDir = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-data-'));
      const served = dir ? await dir() : inject('distDir');
      site.server = await startServer({
        dir: served,
        port: 0,
        host: '127.0.0.1',
        now: BUILT_AT,
        ...(dataDir && { dataDir }),
        ...serveOptions,
      });
    }
    // Files share their worker's Chromium, each with its own contexts (closed after the file);
    // one that needs flags of its own (Lighthouse's debugging port) starts its own.
    own = browserArgs ? await launchBrowser(browserArgs) : undefined;
    site.browser = pooledBrowser(own ?? (await testBrowser()));
  });
  afterAll(async () => {
    await site.browser?.close();
    await own?.close();
    await site.server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return site;
}
