// The pictures of docs/studio.md's screens for translators and reviewers (issue 50), taken by
// scripts/studio-pictures.ts: the glossary beside a text and the suggestions for a stale one (in
// the main studio), then Time, Changes and Propose in a reviewer's studio of its own, started
// before Black Friday opens in us, with a remote to push to and a stand-in for GitHub's API.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { PACKAGE_ROOT } from '../generator/index.ts';
import { startStudio } from '../studio/server/index.ts';

/** Runs git in the copy's folder (the one holding content/). */
export type Git = (...args: string[]) => unknown;

const docs = path.join(PACKAGE_ROOT, 'docs');
export const VIEWPORT = { width: 1400, height: 900 };

/** Writes docs/<name>, a JPEG of quality 80: what the page's viewport shows (1400 x 900), or one element of it, whole. */
export async function picture(target: Page | Locator, name: string): Promise<void> {
  await target.screenshot({ path: path.join(docs, name), type: 'jpeg', quality: 80 });
  console.log(`docs/${name}`);
}

/** Scrolls the page so that the element's top is a little under the viewport's top. */
async function scrollToTop(target: Locator): Promise<void> {
  await target.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 16));
}

/** A row of the side by side, by its key; a locale's field of it. */
const row = (page: Page, key: string) => page.locator('.translation-row', { has: page.getByRole('heading', { name: key, exact: true }) });
const cell = (page: Page, key: string, locale: string) => row(page, key).locator('fieldset', { hasText: `(${locale})` });

/**
 * A catalogue text that now says what another, already translated, says (the set-password
 * description as the reset one), committed: its French text is then stale, and the reset one's
 * French is suggested for it, as the same source text. The studio reads translations from the
 * disk as it is when asked, so this may come after the other pictures, which it leaves as they were.
 */
async function sameSourceText(content: string, git: Git): Promise<void> {
  const file = path.join(content, 'messages/en-US.yaml');
  const text = await readFile(file, 'utf8');
  const changed = text.replace('"Choose a password for your Axlebot account."', '"Choose a new password for your Axlebot account."');
  if (changed === text)
    throw new Error('messages/en-US.yaml\'s setPassword.description is no longer "Choose a password for your Axlebot account."');
  await writeFile(file, changed);
  git('commit', '-qam', 'the set-password description as the reset one');
}

/** The glossary beside the Mini Robot page's lead, with a French text typed (not saved) without its term; then a stale text's suggestions. */
export async function translatorPictures(page: Page, port: number, content: string, git: Git): Promise<void> {
  await page.goto(`http://127.0.0.1:${port}/?translations=${encodeURIComponent('pages/mini-robot/en.yaml')}`);
  await page.getByLabel('Locale', { exact: true }).selectOption({ label: 'French (fr-FR)' });
  const lead = row(page, 'lead');
  await lead.locator('.glossary-word').first().waitFor({ timeout: 30_000 });
  const field = cell(page, 'lead', 'fr-FR').getByLabel('French text of lead');
  const text = await field.inputValue();
  if (!text.includes('transformation')) throw new Error(`pages/mini-robot/fr.yaml's lead no longer says "transformation": ${text}`);
  await field.fill(text.replace('transformation', 'métamorphose'));
  await lead.locator('.warning', { hasText: 'W0404' }).waitFor();
  await scrollToTop(lead);
  await picture(page, 'studio-glossary.jpg');

  await sameSourceText(content, git);
  await page.goto(`http://127.0.0.1:${port}/?translations=${encodeURIComponent('messages/en-US.yaml')}`);
  await page.getByLabel('Locale', { exact: true }).selectOption({ label: 'French (fr-FR)' });
  await page.getByLabel('State', { exact: true }).selectOption('stale');
  const stale = cell(page, 'messages.account.screens.setPassword.description', 'fr-FR');
  await stale.getByRole('button', { name: 'Suggest from other translations' }).click();
  await stale.locator('.suggestion-list li').first().waitFor({ timeout: 30_000 });
  await picture(page, 'studio-suggestions.jpg');
}

/**
 * A stand-in for GitHub's REST API, which cannot be reached here: it answers a pull request's
 * creation (`POST /repos/{owner}/{repo}/pulls`) as GitHub does, with its address and number.
 */
async function gitHubStandIn(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(201, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ html_url: 'https://github.example/example/robots/pull/1', number: 1 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * The Black Friday page's Time: its opening in us, before and after, in two stills of the page at
 * phone width. The section is pictured whole (the schedule, then the stills as the studio lays
 * them out), however far below the fold it reaches.
 */
async function timePicture(page: Page, port: number): Promise<void> {
  await page.goto(`http://127.0.0.1:${port}/?file=${encodeURIComponent('pages/black-friday/en.yaml')}`);
  await page.frameLocator('.preview iframe').locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.getByLabel('Phone (375 px)').check();
  const opening = page.locator('.schedule li', { hasText: '/us/black-friday opens' });
  await opening.getByRole('button', { name: /^Before and after/ }).click();
  for (const index of [0, 1]) await page.frameLocator('.stills iframe').nth(index).locator('h1').waitFor({ timeout: 60_000 });
  // Chromium paints a frame of another origin only where it is on screen: the viewport grows (in
  // height alone, so nothing moves) to hold the whole section while it is pictured.
  const time = page.locator('.time');
  const { height } = (await time.boundingBox())!;
  await page.setViewportSize({ width: VIEWPORT.width, height: Math.ceil(height) + 32 });
  await scrollToTop(time);
  await page.waitForTimeout(500);
  await picture(time, 'studio-time.jpg');
  await page.setViewportSize(VIEWPORT);
}

/** Changes after a price changed on disk (the words, and the review page made), then Propose's result. */
async function changesPictures(page: Page, port: number, content: string): Promise<void> {
  const products = path.join(content, 'regions/us/products.yaml');
  const text = await readFile(products, 'utf8');
  const changed = text.replace(/(\n {2}miniRobot:\n(?: {4}.*\n)*? {4}price: )199\n/, '$1189\n');
  if (changed === text) throw new Error("regions/us/products.yaml's miniRobot price is no longer 199");
  await writeFile(products, changed);
  await page.goto(`http://127.0.0.1:${port}/?changes=`);
  await page.locator('.region-changes').first().waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Make the pictures' }).click();
  await page.getByRole('link', { name: 'Open the review page' }).waitFor({ timeout: 300_000 });
  await picture(page, 'studio-changes.jpg');

  await page.getByRole('button', { name: 'Propose', exact: true }).click();
  await page.locator('.propose [role="status"]', { hasText: 'Pull request #1 opened.' }).waitFor({ timeout: 60_000 });
  await scrollToTop(page.locator('.propose'));
  await picture(page, 'studio-propose.jpg');
}

/**
 * A reviewer's studio over the same copy, at an instant before Black Friday opens in us
 * (2026-11-20T00:00:00-05:00), with the copy's conflict picture undone, a remote (a bare
 * repository beside it) that has its commits, its git user, and GitHub's stand-in for Propose.
 */
export async function reviewerPictures(browser: Browser, work: string, git: Git): Promise<void> {
  git('checkout', '-q', '--', 'content');
  const remote = await mkdtemp(path.join(os.tmpdir(), 'studio-pictures-remote-'));
  const github = await gitHubStandIn();
  try {
    execFileSync('git', ['init', '-q', '--bare', remote]);
    git('remote', 'add', 'origin', remote);
    git('config', 'user.name', 'Rowan Reviewer');
    git('config', 'user.email', 'rowan@example.com');
    git('push', '-q', 'origin', 'HEAD');
    const studio = await startStudio({
      content: 'content',
      cwd: work,
      port: 0,
      now: Date.parse('2026-11-10T12:00:00Z'),
      github: { token: 'example-token', repository: 'example/robots', apiUrl: github.url },
    });
    const page = await browser.newPage({ viewport: VIEWPORT });
    try {
      await page.goto(studio.url);
      await page.locator('.regions .region').first().waitFor();
      await timePicture(page, studio.port);
      await changesPictures(page, studio.port, path.join(work, 'content'));
    } finally {
      await page.close();
      await studio.close();
    }
  } finally {
    await github.close();
    await rm(remote, { recursive: true, force: true });
  }
}
