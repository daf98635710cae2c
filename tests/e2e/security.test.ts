import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';

/**
 * The security headers of serve-regions (core/security.ts, docs/decisions.md): a
 * Content-Security-Policy without `unsafe-inline` for scripts under which no page breaks, with
 * the chat provider and the preview clock loaded too.
 */
const site = useTestSite({ previewClock: true });
const url = site.url;

/** Records every Content-Security-Policy violation of the page, from its first script on. */
async function watch(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = found;
    document.addEventListener('securitypolicyviolation', (event) => found.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

describe('the security headers', () => {
  it('send a policy that allows no inline script but the ones the build wrote, never framed, with HSTS off local hosts', async () => {
    const local = await fetch(url('/us'));
    const policy = local.headers.get('content-security-policy')!;
    const scripts = policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src '))!;
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(local.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(local.headers.get('permissions-policy')).toContain('camera=()');
    expect(local.headers.get('x-content-type-options')).toBe('nosniff');
    expect(local.headers.get('strict-transport-security')).toBeNull();
    const { request } = await import('node:http');
    const remote = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      const target = new URL(url('/us'));
      request({ host: target.hostname, port: target.port, path: target.pathname, headers: { host: 'www.example.com' } }, (res) => {
        res.resume();
        resolve(res.headers);
      })
        .on('error', reject)
        .end();
    });
    expect(remote['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it.each([
    '/us',
    '/us/flagship-bumblebee',
    '/us/faq',
    '/us/product-registration',
    '/us/choose-your-region',
    '/us/login',
    '/',
    '/mini-robot',
    '/jp/profile',
  ])('break nothing on %s (with the chat and the preview clock): no violation, no console error', async (path) => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const violations = await watch(page);
    await page.goto(url(path));
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuse a plain HTML form posted from another origin: nothing is subscribed, nothing is readable', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    // A page of another site (a blank page, no policy of ours), posting to the API.
    const api = url('/_api/us/account/user/subscribe/create');
    await page.goto('about:blank');
    const email = `cross-${Date.now().toString(36)}@example.com`;
    for (const enctype of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      await page.evaluate(
        ([action, type, address]) => {
          const form = document.createElement('form');
          form.method = 'POST';
          form.action = action;
          form.enctype = type;
          const input = document.createElement('input');
          input.name = type === 'text/plain' ? `{"email":"${address}","source":"footer","x":"` : 'email';
          input.value = type === 'text/plain' ? '"}' : address;
          form.append(input);
          document.body.append(form);
          form.submit();
        },
        [api, enctype, email] as const,
      );
      await page.waitForURL(api);
      expect(JSON.parse((await page.locator('body').textContent()) ?? '{}')).toMatchObject({ code: 4000 });
      await page.goto('about:blank');
    }
    // A script on that other origin cannot read an answer either (no CORS allowance).
    const read = await page.evaluate(
      (target) =>
        fetch(target).then(
          () => 'read',
          () => 'refused',
        ),
      url('/_api/us/ssr/timestamp'),
    );
    expect(read).toBe('refused');
    // And the address was never subscribed: subscribing it now is a first time.
    const answer = await fetch(api, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, source: 'footer' }),
    });
    expect(((await answer.json()) as { data: { created: boolean } }).data.created).toBe(true);
    await context.close();
  });

  it('block a script injected into a page (the policy is in force)', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const violations = await watch(page);
    await page.goto(url('/us/faq'));
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__ran = true';
      document.body.append(script);
    });
    await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
    await context.close();
  });
});
