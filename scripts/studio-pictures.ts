// npm run studio:pictures: the pictures of docs/studio.md, taken from the studio running over a
// copy of the content (nothing of content/ is changed): the Find screen with a search, a form
// with its preview, the YAML view with a diagnostic, a conflict, a stages list on its timeline,
// a new entry planned, and a page's translations side by side with a stale one; then, for
// translators and reviewers (scripts/studio-pictures-roles.ts), the glossary and suggestions,
// Time, Changes and Propose.
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PACKAGE_ROOT } from '../generator/index.ts';
import { launchChromium } from '../preview/chromium.ts';
import { startStudio } from '../studio/server/index.ts';
import { picture, reviewerPictures, translatorPictures, VIEWPORT } from './studio-pictures-roles.ts';

const work = await mkdtemp(path.join(os.tmpdir(), 'studio-pictures-'));
const content = path.join(work, 'content');
await cp(path.join(PACKAGE_ROOT, 'content'), content, { recursive: true });
// In git, with a source text changed after its translation: the side by side shows it stale.
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Studio', '-c', 'user.email=studio@example.com', ...args], { cwd: work });
git('init', '-q');
git('add', '.');
git('commit', '-qm', 'content');
const source = path.join(content, 'pages/mini-robot/en.yaml');
const sourceText = await readFile(source, 'utf8');
const heading = /^heading: .*$/m.exec(sourceText)![0];
const changed = heading.replace('in your pocket', 'in one hand');
if (changed === heading) throw new Error(`pages/mini-robot/en.yaml's heading no longer says "in your pocket": ${heading}`);
await writeFile(source, sourceText.replace(heading, changed));
git('commit', '-qam', 'a source text changed');
const studio = await startStudio({ content: 'content', cwd: work, port: 0, now: Date.parse('2026-11-27T12:00:00+08:00') });
const browser = await launchChromium();

try {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(studio.url);
  await page.locator('.regions .region').first().waitFor();
  await page.getByLabel(/Every text and value/).fill('miniRobot price');
  await page.locator('.hits li').first().waitFor();
  await picture(page, 'studio-find.jpg');

  const products = 'regions/de/products.yaml';
  await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(products)}`);
  const price = page.locator('#root_products_flagshipBumblebee_price');
  // The products fold to a line each (studio/client/maps.tsx): this one opened by its line.
  await page.locator('details.fold > summary', { hasText: /^flagshipBumblebee\b/ }).click();
  await price.waitFor();
  await page.frameLocator('.preview iframe').locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  await price.fill('1499');
  await page.getByLabel('Page', { exact: true }).selectOption('/de/flagship-bumblebee');
  await page.frameLocator('.preview iframe').locator('main', { hasText: '1.499,00' }).waitFor({ timeout: 60_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await picture(page, 'studio-form.jpg');

  const region = 'regions/us/region.yaml';
  const text = await readFile(path.join(content, region), 'utf8');
  const line = text.split('\n').findIndex((l) => l.includes('link: /us/faq')) + 1;
  await page.goto(`http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(region)}&line=${line}`);
  await page.waitForFunction(() => document.activeElement?.classList.contains('cm-content'));
  await page.keyboard.press('Control+f');
  await page.keyboard.type('/us/faq');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.type('/us/fqa');
  await page.locator('.diagnostics li.error').waitFor();
  await picture(page, 'studio-yaml.jpg');

  await writeFile(path.join(content, region), `${text}# a colleague's change\n`);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.conflict').waitFor();
  await page.locator('.conflict').scrollIntoViewIfNeeded();
  await picture(page, 'studio-conflict.jpg');
  await page.getByRole('button', { name: 'Take the version on disk (drop mine)' }).click();

  await page.goto(`http://127.0.0.1:${studio.port}/?file=stages.yaml`);
  const timeline = page.locator('.timeline').first();
  await timeline.waitFor();
  await page.frameLocator('.preview iframe').locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  await timeline.scrollIntoViewIfNeeded();
  await picture(page, 'studio-timeline.jpg');

  await page.goto(`http://127.0.0.1:${studio.port}/`);
  const entry = page.locator('section.new-entry');
  await entry.getByLabel('A product in a region').check();
  await entry.getByLabel('Region', { exact: true }).selectOption('fr');
  await entry.getByLabel('Key', { exact: true }).fill('scoutRover');
  await entry.getByLabel('Name', { exact: true }).fill('Scout Rover');
  await entry.getByLabel('Price', { exact: true }).fill('249');
  await entry.getByLabel('Its page (optional)').fill('scout-rover');
  await entry.locator('.plan').waitFor({ timeout: 30_000 });
  await entry.scrollIntoViewIfNeeded();
  await picture(page, 'studio-new-entry.jpg');

  await page.goto(`http://127.0.0.1:${studio.port}/?translations=${encodeURIComponent('pages/mini-robot/en.yaml')}`);
  await page.getByLabel('State', { exact: true }).selectOption('stale');
  await page.locator('del, ins').first().waitFor({ timeout: 30_000 });
  await picture(page, 'studio-translations.jpg');

  await translatorPictures(page, studio.port, content, git);
  await reviewerPictures(browser, work, git);
} finally {
  await browser.close();
  await studio.close();
  await rm(work, { recursive: true, force: true });
}
