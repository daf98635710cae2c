/**
 * Lighthouse scores of built pages at mobile and desktop settings: `npm run lighthouse [path...]`
 * (default: a home, a product page, the FAQ and a legal page). Needs a built dist/ (npm run build)
 * and Chromium. Prints one line per page and form factor; exits 1 when a category is below 100.
 */
import path from 'node:path';
import lighthouse from 'lighthouse';
import { startServer } from '../server/serve.ts';
import { launchChromium } from '../preview/chromium.ts';

const paths =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : ['/us', '/us/flagship-bumblebee', '/us/faq', '/us/privacy-policy', '/', '/fr/mini-robot'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const port = 9300 + (process.pid % 500);
const server = await startServer({ dir: path.resolve('dist'), port: 0, host: '127.0.0.1' });
const browser = await launchChromium([`--remote-debugging-port=${port}`]);
let failed = false;
try {
  for (const formFactor of ['mobile', 'desktop'] as const) {
    for (const page of paths) {
      const config = formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
      const result = await lighthouse(
        new URL(page, server.url).href,
        { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
        config,
      );
      const categories = result!.lhr.categories;
      const scores = CATEGORIES.map((name) => Math.round((categories[name]?.score ?? 0) * 100));
      if (scores.some((score) => score < 100)) failed = true;
      const misses = Object.values(result!.lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual',
        )
        .map((audit) => audit.id);
      process.stdout.write(
        `${formFactor.padEnd(8)}${page.padEnd(34)}${CATEGORIES.map((name, i) => `${name} ${scores[i]}`).join('  ')}${misses.length ? `  (below 1: ${misses.join(', ')})` : ''}\n`,
      );
    }
  }
} finally {
  await browser.close();
  await server.close();
}
process.exit(failed ? 1 : 0);
