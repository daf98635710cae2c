import { describe, expect, it } from 'vitest';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { useTestSite } from '../support/site.ts';

/**
 * Lighthouse on one page of each kind, at mobile and desktop settings: accessibility, best
 * practices and SEO must be 100. Performance depends on this shared machine's load, so it is
 * measured by `npm run lighthouse`, not asserted here. (Account screens are noindex by design,
 * so they are left out: SEO's "is crawlable" would count against them.)
 */
const port = 9400 + (process.pid % 400);
const CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const;

const site = useTestSite({ browserArgs: [`--remote-debugging-port=${port}`] });

// One page of each kind at mobile settings (where SEO has its mobile audits), the home page at
// desktop too. Every page kind has its axe-core runs at both widths in layout.test.ts (the
// account screens in accounts.test.ts), and every page's head is checked in heads.test.ts.
describe.each([
  ['home', '/us', ['mobile', 'desktop']],
  ['product page', '/de/flagship-bumblebee', ['mobile']],
  ['FAQ', '/us/faq', ['mobile']],
  ['manuals', '/manuals', ['mobile']],
  ['legal template', '/us/privacy-policy', ['mobile']],
  ['region chooser', '/kr/choose-your-region', ['mobile']],
] as const)('Lighthouse on the %s (%s)', (_kind, path, formFactors) => {
  it.each(formFactors)('scores 100 in accessibility, best practices and SEO at %s settings', async (formFactor) => {
    // No full-page screenshot: no audit of these categories reads it, and it is a third of the run.
    // Nor the quiet periods Lighthouse waits for (a second each) to judge load performance, which
    // is not asserted here: the pages are complete in their HTML.
    const quiet = {
      pauseAfterFcpMs: 250,
      pauseAfterLoadMs: 250,
      networkQuietThresholdMs: 250,
      cpuQuietThresholdMs: 250,
      skipAboutBlank: true,
    };
    const flags = {
      port,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: [...CATEGORIES],
      disableFullPageScreenshot: true,
      ...quiet,
    };
    const result = await lighthouse(new URL(path, site.server.url).href, flags, formFactor === 'desktop' ? desktopConfig : undefined);
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
