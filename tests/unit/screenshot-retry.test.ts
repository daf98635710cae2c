import { describe, expect, it } from 'vitest';
import { captureScreenshot } from '../../preview/pictures/screenshot.ts';

const params = { format: 'png' as const, clip: { x: 0, y: 0, width: 10, height: 10, scale: 1 } };
const png = Buffer.from('picture').toString('base64');

/** A CDP session that fails its first `failures` answers with `message`, then gives the picture. */
function session(failures: number, message: string) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    send: (async () => {
      calls++;
      if (calls <= failures) throw new Error(`cdpSession.send: Protocol error (Page.captureScreenshot): ${message}`);
      return { data: png };
    }) as never,
  };
}
const noWait = async () => {};

describe('a review picture', () => {
  it("is asked again when Chromium had no frame ready, and then is the page's picture", async () => {
    const cdp = session(2, 'Unable to capture screenshot');
    expect((await captureScreenshot(cdp, params, noWait)).toString()).toBe('picture');
    expect(cdp.calls).toBe(3);
  });

  it("fails with Chromium's message when no frame comes after the retries", async () => {
    const cdp = session(10, 'Unable to capture screenshot');
    await expect(captureScreenshot(cdp, params, noWait)).rejects.toThrow('Unable to capture screenshot');
    expect(cdp.calls).toBe(4);
  });

  it('fails at once on any other error (a closed page is not asked again)', async () => {
    const cdp = session(1, 'Target closed');
    await expect(captureScreenshot(cdp, params, noWait)).rejects.toThrow('Target closed');
    expect(cdp.calls).toBe(1);
  });
});
