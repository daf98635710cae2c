import { rm } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startStudio } from '../../studio/server/index.ts';
import type { Studio, StudioOptions } from '../../studio/server/index.ts';
import { collectErrors, testBrowser } from './browser.ts';
import { committedFixtureContent } from './content.ts';

/** A studio over a private, committed copy of the fixture content, and a browser context for it. */
export interface StudioSession {
  readonly studio: Studio;
  /** The folder holding content/ (a git repository with the content committed). */
  readonly work: string;
  readonly content: string;
  readonly git: Awaited<ReturnType<typeof committedFixtureContent>>['git'];
  readonly context: BrowserContext;
  /** A new page at the studio (its secret exchanged for the cookie), once the content is checked; its console errors collected. */
  open(): Promise<{ page: Page; errors: string[] }>;
  /** The address of a file's screen. */
  fileUrl(id: string): string;
  close(): Promise<void>;
}

/** Starts a studio at the instant `now` over the fixture content, with a 1280 x 900 browser context. */
export async function studioSession(now: number, options: Pick<StudioOptions, 'github'> = {}): Promise<StudioSession> {
  const { work, content, git } = await committedFixtureContent();
  const studio = await startStudio({ content: 'content', cwd: work, port: 0, now, ...options });
  const context = await (await testBrowser()).newContext({ viewport: { width: 1280, height: 900 } });
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
 * them, `started` told of each. After a test that fails, the tests that follow get a session of
 * their own: a failed test may leave unsaved texts in its session (the server compiles every
 * check with them, the browser context's storage restores them), and every test after it would
 * fail for that one failure.
 */
export function useStudioSession(now: number, started: (session: StudioSession) => void): void {
  let session: StudioSession | undefined;
  const start = async () => {
    session = await studioSession(now);
    started(session);
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
