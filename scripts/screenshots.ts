import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { main } from '../generator/cli.ts';
import { startServer } from '../server/serve.ts';
import { launchBrowser } from '../tests/support/browser.ts';

/**
 * `npm run screenshots [-- --dir <built output>] [--out <folder>] [--jpeg]`: the home page and a
 * product page of five regions (us, fr, de, jp, cn) at desktop and mobile width, as PNG files for
 * a person to look at (default `screenshots/`; `--jpeg` for smaller files, as the pictures
 * committed under docs/screenshots/ are: `npm run screenshots -- --out docs/screenshots --jpeg`).
 * It serves the built output (run `npm run build` first) with the
 * emulated back ends, and waits for each page to hydrate before it takes the picture (as a visitor
 * who declined the consent banner, where a region asks). It also
 * writes the content report (`build-region report`) and a picture of it, `report-desktop.png`.
 */

const PAGES = [
  { region: 'us', path: '/us', name: 'home' },
  { region: 'us', path: '/us/flagship-bumblebee', name: 'product' },
  { region: 'fr', path: '/fr', name: 'home' },
  { region: 'fr', path: '/fr/flagship-megatron', name: 'product' },
  { region: 'de', path: '/de', name: 'home' },
  { region: 'de', path: '/de/flagship-bumblebee', name: 'product' },
  { region: 'jp', path: '/jp', name: 'home' },
  { region: 'jp', path: '/jp/mini-robot', name: 'product' },
  { region: 'cn', path: '/', name: 'home' },
  { region: 'cn', path: '/flagship-megatron', name: 'product' },
];
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 740 },
];

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

const dir = path.resolve(option('--dir', 'dist'));
const out = path.resolve(option('--out', 'screenshots'));
const jpeg = process.argv.includes('--jpeg');
const extension = jpeg ? 'jpg' : 'png';
if (!existsSync(path.join(dir, 'index.html'))) {
  process.stderr.write(`screenshots: ${dir} has no built site; run 'npm run build' first.\n`);
  process.exit(1);
}
await mkdir(out, { recursive: true });
const server = await startServer({ dir, port: 0, host: '127.0.0.1' });
const browser = await launchBrowser();
try {
  for (const size of WIDTHS) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    // As a visitor who answered the consent banner sees the pages (it would cover them otherwise).
    await context.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ analytics: false, ads: false })));
    const page = await context.newPage();
    for (const entry of PAGES) {
      await page.goto(new URL(entry.path, server.url).href);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await page.evaluate(() => document.fonts.ready);
      // Lazy images load as they near the viewport: scroll through the page so the shot has them.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        window.scrollTo(0, 0);
        // Images out of view sideways (the phone's swiped line-up) never near the viewport:
        // loaded at once instead (a decode of a lazy image that never started crashes Chromium).
        for (const image of document.images) image.loading = 'eager';
        await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
      });
      const file = path.join(out, `${entry.region}-${entry.name}-${size.name}.${extension}`);
      await page.screenshot({ path: file, fullPage: true, ...(jpeg && { type: 'jpeg' as const, quality: 70 }) });
      process.stdout.write(`${path.relative(process.cwd(), file)}\n`);
    }
    await context.close();
  }
  // The content report: written next to the pictures, then pictured itself.
  const report = path.join(out, 'report.html');
  if ((await main(['report', '--out', report], { stdout: () => {} })) > 1) throw new Error('build-region report failed');
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
  const page = await context.newPage();
  await page.goto(pathToFileURL(report).href);
  const file = path.join(out, `report-desktop.${extension}`);
  await page.screenshot({ path: file, fullPage: true, ...(jpeg && { type: 'jpeg' as const, quality: 70 }) });
  process.stdout.write(`${path.relative(process.cwd(), file)}\n`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
