import { describe, expect, it } from 'vitest';
import { createClock } from '../../runtime/clock.ts';
import { createContentStore } from '../../runtime/content.ts';
import { createServices } from '../../runtime/services.ts';
import type { SiteData } from '../../core/model.ts';

/** The services of a region, leaving the page by recording where to (what `window.location.assign` would do). */
function services() {
  const assigned: string[] = [];
  const site = { constants: { durations: { toast: 3000, notification: 5000 } } } as unknown as SiteData;
  const app = createServices({
    site,
    content: createContentStore({ routes: [] }),
    pages: () => undefined,
    clock: createClock(0),
    serverTime: () => Promise.resolve(0),
    base: '',
    currentPath: () => '/us/profile',
    assign: (url) => void assigned.push(url),
  });
  return { app, assigned };
}

describe('the app services', () => {
  it('go loads the page until the app shell routes, then goes through its router alone', () => {
    const { app, assigned } = services();
    const go = app.go;
    go('/us/login');
    expect(assigned).toEqual(['/us/login']);
    const routed: [string, { replace?: boolean } | undefined][] = [];
    app.routeWith((href, options) => void routed.push([href, options]));
    // Whoever kept `go` from before (the API client takes it once) reaches the router too.
    go('/us/faq', { replace: true });
    app.go('/us/verify-email');
    expect(routed).toEqual([
      ['/us/faq', { replace: true }],
      ['/us/verify-email', undefined],
    ]);
    expect(assigned).toEqual(['/us/login']);
    // A new router (the shell's navigation changed) replaces the old one.
    const later: string[] = [];
    app.routeWith((href) => void later.push(href));
    app.go('/us');
    expect(later).toEqual(['/us']);
    expect(routed).toHaveLength(2);
  });

  it('hands the location a navigation prepared to the shell once', () => {
    const { app } = services();
    expect(app.takePrepared()).toBeUndefined();
    app.prepare('/us/faq');
    expect(app.takePrepared()).toBe('/us/faq');
    // Read once: a back/forward navigation after it was not prepared.
    expect(app.takePrepared()).toBeUndefined();
    app.prepare('/us/faq');
    app.prepare('/us/shop');
    expect(app.takePrepared()).toBe('/us/shop');
  });
});
