import { rm } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startStudio } from '../../studio/server/index.ts';
import type { Studio, StudioOptions } from '../../studio/server/index.ts';
import { collectErrors, testBrowser } from './browser.ts';
import { committedContent } from './content.ts';
import type { CommittedContent } from './content.ts';

/** A studio over a private, committed copy of the fixture content, and a browser context for it. */
export interface StudioSession {
  readonly studio: Studio;
  /** The folder holding content/ (a git repository with the content committed). */
  readonly work: string;
  readonly content: string;
  readonly git: CommittedContent['git'];
  readonly context: BrowserContext;
  /** A new page at the studio (its secret exchanged for the cookie), once the content is checked; its console errors collected. */
  open(): Promise<{ page: Page; errors: string[] }>;
  /** The address of a file's screen. */
  fileUrl(id: string): string;
  close(): Promise<void>;
}

/** What a session may be started with besides its instant. */
export interface SessionOptions extends Pick<StudioOptions, 'github'> {
  /** The content it opens, committed (the fixture content's unless told). */
  content?: () => Promise<CommittedContent>;
  /** Its browser context's window (1280 x 900 unless told). */
  viewport?: { width: number; height: number };
}

/** Starts a studio at the instant `now` over the fixture content, with a 1280 x 900 browser context. */
export async function studioSession(now: number, options: SessionOptions = {}): Promise<StudioSession> {
  const { content: committed = committedContent, viewport = { width: 1280, height: 900 }, ...studioOptions } = options;
  const { work, content, git } = await committed();
  const studio = await startStudio({ content: 'content', cwd: work, port: 0, now, ...studioOptions });
  const context = await (await testBrowser()).newContext({ viewport });
  return {
    studio,
    work,
    content,
    git,
    context,
    async open() {
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(studio.url);
      await expect.poll(() => page.locator('.bar [role="status"]').textContent()).toMatch(/The sites (will not )?build/);
      return { page, errors };
    },
    fileUrl: (id) => `http://127.0.0.1:${studio.port}/?file=${encodeURIComponent(id)}`,
    async close() {
      await context.close();
      await studio.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's studio session (`studioSession`), started before its tests and closed after
 * them, `started` told of each (and preparing it: what the file's tests start from). After a test
 * that fails, the tests that follow, and the failed one when CI tries it again, get a session of
 * their own: a failed test may leave unsaved texts in its session (the server compiles every
 * check with them, the browser context's storage restores them), and every test after it would
 * fail for that one failure.
 */
export function useStudioSession(
  now: number,
  started: (session: StudioSession) => void | Promise<void>,
  options: () => SessionOptions = () => ({}),
): void {
  let session: StudioSession | undefined;
  const start = async () => {
    session = await studioSession(now, options());
    await started(session);
  };
  beforeAll(start);
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await session?.close();
    await start();
  });
  afterAll(() => session?.close());
}

/**
 * Opens the folded entries (studio/client/lists.tsx) a form's field is in, from the outermost,
 * by their lines, as a maintainer does: a long list's entry, a map's product.
 */
export async function openFoldsOf(page: Page, field: Locator): Promise<void> {
  await field.waitFor({ state: 'attached' });
  const folded = page.locator('details.fold:not([open])', { has: field });
  while ((await folded.count()) > 0) await folded.first().locator('> summary').click();
}

/**
 * Gives the studio a file's unsaved text (PUT /api/draft, as a screen of it does as one types),
 * from no page of it. With the text on disk, the file's unsaved text is dropped: a test that put a
 * file back on disk, or typed a form back as it was, does so once its page is closed (no check of
 * the form's is still to come), so that none of the form's requests still on their way when the
 * test ended leaves an unsaved text behind for the next test's preview (the studio keeps the last
 * asked for).
 */
export async function setUnsaved(session: StudioSession, id: string, text: string): Promise<void> {
  const origin = `http://127.0.0.1:${session.studio.port}`;
  // Its secret exchanged for the session's cookie first (the browser context's, which a test's pages share).
  await session.context.request.get(session.studio.url);
  const answer = await session.context.request.put(`${origin}/api/draft`, { headers: { Origin: origin }, data: { id, text } });
  expect(answer.status(), await answer.text()).toBe(200);
}
