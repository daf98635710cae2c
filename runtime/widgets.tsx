import { Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { lazyComponent } from './lazy-component.ts';
import type { LazyComponent } from './lazy-component.ts';

type NoProps = Record<string, never>;

/**
 * The parts of the shell that only some visits use, each in a chunk of its own so that no
 * page's initial JS carries them:
 * - the footer, with its newsletter form: prerendered with the page, its code loads as
 *   hydration reaches it and it hydrates on its own (the form's submit button stays disabled
 *   until then, what a visitor typed before is kept, and a link followed before is a full
 *   page load);
 * - the us chat shortcut: hidden at load, it mounts once the page is hydrated (its timings
 *   count from that mount) and is not in the prerendered HTML.
 */
export const SiteFooter = lazyComponent<NoProps>(() => import('./components/Footer.tsx'));
export const ChatShortcut = lazyComponent<NoProps>(() => import('./components/ChatIcon.tsx').then(({ ChatIcon }) => ({ default: ChatIcon })));

let footerHydrated: () => void = () => undefined;
/** Resolves once the footer has hydrated (it hydrates on its own, after the page). */
const footerReady = new Promise<void>((resolve) => (footerHydrated = resolve));

/** The footer calls it once hydrated. */
export function useFooterHydrated(): void {
  useEffect(() => footerHydrated(), []);
}

/**
 * Resolves when the whole page is hydrated: the page, then its footer (or at once when the
 * footer's code cannot load: the page works without it). The shell marks `<html
 * data-hydrated>` then, which tests and the stale-asset check go by.
 */
export function wholePageHydrated(): Promise<void> {
  return Promise.race([footerReady, SiteFooter.preload().then(() => footerReady, () => undefined)]);
}

/** Loads every widget: the prerenderer renders them at once. */
export function preloadWidgets(): Promise<unknown> {
  return Promise.all([SiteFooter.preload(), ChatShortcut.preload()]);
}

/** A widget whose prerendered HTML stays until its code is loaded, then hydrates by itself. */
export function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * A widget that is not in the prerendered page: it mounts after hydration, once its code is
 * loaded (a state update, not a Suspense retry: nothing waits on a timer).
 */
export function AfterHydration({ widget }: { widget: LazyComponent<NoProps> }) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    widget.preload().then(
      () => live && setLoaded(true),
      (error: unknown) => console.warn('Could not load a part of the page', error),
    );
    return () => {
      live = false;
    };
  }, [widget]);
  return loaded ? <widget.Component /> : null;
}
