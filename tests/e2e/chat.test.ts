import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectErrors } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';
import { BUILT_AT } from '../support/instants.ts';

/**
 * The us chat icon's timings (the specification, sections 2 and 9: startup wait 5 s, API wait 15 s,
 * poll 100 ms, reset 2 s, icon 3 s after scrolling stops), on Playwright's fake page clock,
 * with the emulator's fake chat provider.
 */

const site = useTestSite();
const url = site.url;

async function open(path: string, options: { withoutProvider?: boolean } = {}) {
  const context = await site.browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const warnings: string[] = [];
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  if (options.withoutProvider) await page.route('**/__emulator/chat.js', (route) => route.abort());
  // The page's clock stands still from here, and moves only by runFor.
  await page.clock.install({ time: BUILT_AT });
  await page.clock.pauseAt(BUILT_AT + 1000);
  await page.goto(url(path));
  // The app's code loads when the page is idle (timers, standing still here) or at the visitor's
  // first interaction: a key.
  await page.keyboard.press('Shift');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  // Its timings count from hydration; its code loads at the end of the startup wait or at the
  // first scroll (`waitUntilMounted`). Before, and elsewhere, nothing more loads.
  await page.waitForLoadState('networkidle');
  return { page, errors, warnings, close: () => context.close() };
}

/** The icon's code is loaded (at the end of the startup wait, or at a scroll) and it is mounted. */
const waitUntilMounted = (page: Page) => page.getByTestId('chat-icon').waitFor({ state: 'attached' });

const icon = (page: Page) => page.getByTestId('chat-icon');
const shown = (page: Page) => icon(page).isVisible();
const calls = (page: Page) => page.evaluate(() => (window.AxleChat as unknown as { calls: string[] } | undefined)?.calls ?? []);

describe('the chat icon', () => {
  it('waits 5 s, finds the chat, and 2 s later closes it, shows its frame and the icon; a click opens it', async () => {
    const { page, errors, close } = await open('/us');
    expect(await shown(page)).toBe(false); // hidden at load
    // Neither the icon's code nor the provider's script is fetched until the chat can be used: the end of the startup wait.
    const provider = () => page.evaluate(() => document.querySelector('script[data-chat-provider]') !== null);
    const fetched: string[] = [];
    page.on('request', (request) => void fetched.push(new URL(request.url()).pathname));
    await page.clock.runFor(4900);
    expect(await provider()).toBe(false);
    expect(fetched.filter((path) => path.includes('ChatIcon'))).toEqual([]);
    expect(await calls(page)).toEqual([]); // still in the startup wait
    await page.clock.runFor(100);
    await waitUntilMounted(page);
    await expect.poll(() => page.evaluate(() => window.AxleChat !== undefined)).toBe(true); // the provider's script has loaded
    expect(await calls(page)).toEqual([]);
    await page.clock.runFor(100); // the next poll finds the chat
    expect(await calls(page)).toEqual(['onClose']);
    await page.clock.runFor(1900);
    expect(await shown(page)).toBe(false);
    await page.clock.runFor(200); // 2 s after the chat was found: the one reset
    await expect.poll(() => shown(page)).toBe(true);
    expect(await calls(page)).toEqual(['onClose', 'close', 'showFrame']);

    await icon(page).click();
    const frame = page.getByRole('dialog', { name: 'Chat' });
    await expect.poll(() => frame.isVisible()).toBe(true);
    // The chat's own close event closes the chat.
    await frame.getByRole('button', { name: 'Close chat' }).click();
    await expect.poll(() => frame.isVisible()).toBe(false);
    expect((await calls(page)).slice(-2)).toEqual(['open', 'close']);
    expect(errors).toEqual([]);
    await close();
  });

  it('hides while scrolling down, shows at once on scrolling up, and 3 s after scrolling stops', async () => {
    const { page, close } = await open('/us');
    await page.clock.runFor(5000);
    await waitUntilMounted(page);
    await expect.poll(() => page.evaluate(() => window.AxleChat !== undefined)).toBe(true);
    await page.clock.runFor(2100);
    await expect.poll(() => shown(page)).toBe(true);
    const scrollTo = async (y: number) => {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
    };
    await scrollTo(400);
    await expect.poll(() => shown(page)).toBe(false);
    await scrollTo(200);
    await expect.poll(() => shown(page)).toBe(true);
    await scrollTo(600);
    await expect.poll(() => shown(page)).toBe(false);
    await page.clock.runFor(2900);
    expect(await shown(page)).toBe(false);
    await page.clock.runFor(200);
    await expect.poll(() => shown(page)).toBe(true);
    await close();
  });

  it('shown by a scroll up before the startup wait ends, fetches the provider then, and a click opens the chat', async () => {
    const { page, errors, close } = await open('/us');
    await page.clock.runFor(1000);
    // Down, and that scroll seen by the page (the icon's listener comes first), then up.
    const seen = page.evaluate(() => new Promise((resolve) => addEventListener('scroll', resolve, { once: true })));
    await page.evaluate(() => window.scrollTo(0, 400));
    await seen;
    await page.evaluate(() => window.scrollTo(0, 200));
    // The first scroll loaded the icon's code: the scroll up shows it, at once or as it mounts.
    await expect.poll(() => shown(page)).toBe(true);
    await expect.poll(() => page.evaluate(() => window.AxleChat !== undefined)).toBe(true);
    await icon(page).click();
    await expect.poll(() => calls(page)).toEqual(['open']);
    expect(errors).toEqual([]);
    await close();
  });

  it('loads at a first scroll down before the startup wait ends, and shows 3 s after that scroll stopped', async () => {
    const { page, close } = await open('/us');
    await page.clock.runFor(1000);
    await page.evaluate(() => window.scrollTo(0, 400));
    await waitUntilMounted(page); // the scroll loaded its code; the icon follows from that scroll
    expect(await shown(page)).toBe(false);
    await page.clock.runFor(2900);
    expect(await shown(page)).toBe(false);
    await page.clock.runFor(200);
    await expect.poll(() => shown(page)).toBe(true);
    await close();
  });

  it('without the chat API polls for 15 s, still shows the icon, and a click only warns', async () => {
    const { page, errors, warnings, close } = await open('/us', { withoutProvider: true });
    await page.clock.runFor(5000);
    await waitUntilMounted(page);
    await page.clock.runFor(15000 + 1900);
    expect(await shown(page)).toBe(false);
    await page.clock.runFor(300);
    await expect.poll(() => shown(page)).toBe(true);
    await icon(page).click();
    await expect.poll(() => warnings).toContain('Chat is not available: the chat provider has not loaded.');
    expect(errors.filter((e) => !e.includes('chat.js') && !e.includes('ERR_FAILED'))).toEqual([]);
    await close();
  });

  it('is only in the us section', async () => {
    for (const path of ['/uk', '/', '/jp']) {
      const { page, close } = await open(path);
      await page.clock.runFor(8000);
      await expect(icon(page).count()).resolves.toBe(0);
      await expect(page.evaluate(() => document.querySelector('script[data-chat-provider]') === null)).resolves.toBe(true);
      await close();
    }
  });
});
