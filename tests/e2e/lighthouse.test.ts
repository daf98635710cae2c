import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { startServer } from '../../server/serve.ts';
import type { RunningServer } from '../../server/serve.ts';
import { CHROMIUM_PATH } from '../support/browser.ts';
import { BUILT_AT } from '../support/instants.ts';

/**
 * Lighthouse on one page of each kind, at mobile and desktop settings: accessibility, best
 * practices and SEO must be 100. Performance depends on this shared machine's load, so it is
 * measured by `npm run lighthouse`, not asserted here. (Account screens are noindex by design,
 * so they are left out: SEO's "is crawlable" would count against them.)
 */
let server: RunningServer;
let browser: Browser;
const port = 9400 + (process.pid % 400);
const CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const;

beforeAll(async () => {
  server = await startServer({ dir: inject('distDir'), port: 0, host: '127.0.0.1', now: BUILT_AT });
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${port}`],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each([
  ['home', '/us'],
  ['product page', '/de/flagship-bumblebee'],
  ['FAQ', '/us/faq'],
  ['manuals', '/manuals'],
  ['legal template', '/us/privacy-policy'],
  ['region chooser', '/kr/choose-your-region'],
])('Lighthouse on the %s (%s)', (_kind, path) => {
  it.each(['mobile', 'desktop'] as const)('scores 100 in accessibility, best practices and SEO at %s settings', async (formFactor) => {
    const result = await lighthouse(new URL(path, server.url).href, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, formFactor === 'desktop' ? desktopConfig : undefined);
    const lhr = result!.lhr;
    // Audits that count towards a category's score and did not pass.
    const failing = CATEGORIES.flatMap((name) => lhr.categories[name]!.auditRefs)
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    expect({ scores: CATEGORIES.map((name) => `${name} ${Math.round((lhr.categories[name]?.score ?? 0) * 100)}`), failing }).toEqual({
      scores: CATEGORIES.map((name) => `${name} 100`),
      failing: [],
    });
  });
});
