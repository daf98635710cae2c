import type { CDPSession } from 'playwright-core';

/** What a review picture asks of Chromium's `Page.captureScreenshot`. */
type CaptureParams = {
  format: 'png' | 'jpeg';
  quality?: number;
  clip: { x: number; y: number; width: number; height: number; scale: number };
  captureBeyondViewport?: boolean;
  optimizeForSpeed?: boolean;
};

/** Chromium's answer when its compositor gave no frame in time (a busy or just-resized renderer). */
const NO_FRAME = 'Unable to capture screenshot';
/** How many times a picture is asked again after that answer, and how long apart. */
const RETRIES = 3;
const RETRY_MS = 250;

/**
 * Chromium's own picture of the page. On a loaded machine it now and then answers "Unable to
 * capture screenshot" when no frame was ready (seen in CI after a viewport change): that answer,
 * and only it, is asked again a few times, a little apart; any other error, or the same one every
 * time, fails the picture with Chromium's message.
 */
export async function captureScreenshot(
  session: Pick<CDPSession, 'send'>,
  params: CaptureParams,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Buffer> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { data } = await session.send('Page.captureScreenshot', params);
      return Buffer.from(data, 'base64');
    } catch (error) {
      if (attempt >= RETRIES || !String((error as Error)?.message).includes(NO_FRAME)) throw error;
      await wait(RETRY_MS * (attempt + 1));
    }
  }
}
