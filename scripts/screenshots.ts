import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { main, parseInstantFlag } from '../generator/cli.ts';
import { CORES, mapLimited } from '../generator/index.ts';
import { glancePages } from '../preview/glance.ts';
import { chromiumPath, launchChromium, PICTURE_SIZES, takePicture } from '../preview/pictures/index.ts';
import { startServer } from '../server/serve.ts';

/**
 * `npm run screenshots [-- --at <instant>] [--dir <built output>] [--out <folder>] [--jpeg]`:
 * every region's home page and one product page (those of the report's "Sites at a glance",
 * preview/glance.ts: read from the built output, so a region the content gains is in them) at
 * a phone's and a desktop's width, whole, as PNG files for a person to look at (default
 * `screenshots/`; `--jpeg` for smaller files, as the pictures committed under docs/screenshots/
 * are: `npm run screenshots -- --out docs/screenshots --jpeg`). It serves the built output (run
 * `npm run build` first) with the emulated back ends and pictures each page with the review's
 * renderer (preview/pictures/index.ts: the clock fixed at the instant, default now, as server time
 * too; animations off; the consent banner answered). It also writes the content report
 * (`build-region report` at the instant) and a picture of it, `report-desktop.png`.
 * Files are `<region>-<home|product>-<desktop|mobile>.png`.
 */

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

/** The file name's word for each size of the renderer (the phone's files kept their old name). */
const FILE_SIZE: Readonly<Record<string, string>> = { phone: 'mobile', desktop: 'desktop' };

const dir = path.resolve(option('--dir', 'dist'));
const out = path.resolve(option('--out', 'screenshots'));
const jpeg = process.argv.includes('--jpeg') ? 70 : undefined;
const extension = jpeg ? 'jpg' : 'png';
let at: number;
try {
  at = process.argv.includes('--at') ? parseInstantFlag('--at', option('--at', '')) : Date.now();
} catch (error) {
  process.stderr.write(`screenshots: ${(error as Error).message}\n`);
  process.exit(2);
}
if (!existsSync(path.join(dir, 'index.html'))) {
  process.stderr.write(`screenshots: ${dir} has no built site; run 'npm run build' first.\n`);
  process.exit(1);
}
if (!existsSync(chromiumPath())) {
  process.stderr.write(`screenshots: no Chromium at ${chromiumPath()}; install it (apt-get install chromium) or set CHROMIUM_PATH.\n`);
  process.exit(2);
}
const pages = await glancePages(dir, at);
await mkdir(out, { recursive: true });
const server = await startServer({ dir, port: 0, host: '127.0.0.1', now: at, previewClock: false });
const browser = await launchChromium();
const write = async (name: string, picture: Buffer) => {
  const file = path.join(out, `${name}.${extension}`);
  await writeFile(file, picture);
  process.stdout.write(`${path.relative(process.cwd(), file)}\n`);
};
try {
  const jobs = pages.flatMap((page) => PICTURE_SIZES.map((size) => ({ page, size })));
  await mapLimited(jobs, CORES, async ({ page, size }) =>
    write(
      `${page.region}-${page.kind}-${FILE_SIZE[size.name] ?? size.name}`,
      await takePicture(browser, server.url, page.path, { size, at, jpeg }),
    ),
  );
  // The content report at the same instant: written next to the pictures, then pictured itself.
  const report = path.join(out, 'report.html');
  const status = await main(['report', '--now', new Date(at).toISOString(), '--out', report], { stdout: () => {} });
  if (status > 1) throw new Error('build-region report failed');
  const desktop = PICTURE_SIZES.find((size) => size.name === 'desktop')!;
  const folder = pathToFileURL(`${out}${path.sep}`).href;
  await write('report-desktop', await takePicture(browser, folder, 'report.html', { size: desktop, at, jpeg, firstPaint: true }));
} finally {
  await browser.close();
  await server.close();
}
