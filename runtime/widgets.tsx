import { Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { recoverFromLoadFailure } from './chunk-reload.ts';
import { lazyComponent } from './lazy-component.ts';
import type { LazyComponent } from './lazy-component.ts';

type NoProps = Record<string, never>;

/**
 * The parts of the shell that only some visits use, each in a chunk of its own so that no
 * page's initial JS carries them:
 * - the footer, with its newsletter form: prerendered with the page, its code loads when the
 *   visitor nears it (within 400 px of the viewport) or first touches, clicks, focuses or types
 *   in it, and it hydrates on its own then. Until then the page's loader holds a click on its
 *   buttons or a form sent (replayed once it is live, `<html data-footer-hydrated>`), what a
 *   visitor typed is kept, and a link followed is a full page load;
 * - the us chat shortcut: hidden at load, it mounts once the page is hydrated (its timings
 *   count from that mount) and is not in the prerendered HTML.
 */
let wantFooter: () => void = () => undefined;
/** Resolves once the footer is needed (at once on the server: `preloadWidgets`). */
const footerWanted = new Promise<void>((resolve) => (wantFooter = resolve));

// A footer whose code cannot be loaded stays as it was prerendered (readable, its links plain
// links) for the rest of the visit, or the page reloads if its code is gone after a deploy: a
// failed load never reaches React, where it would take the whole page down with it.
export const SiteFooter = lazyComponent<NoProps>(() =>
  footerWanted
    .then(() => import('./components/Footer.tsx'))
    .catch(async (error: unknown) => {
      await recoverFromLoadFailure(error, window.location.href);
      return new Promise<never>(() => undefined);
    }),
);
export const ChatShortcut = lazyComponent<NoProps>(() =>
  import('./components/ChatIcon.tsx').then(({ ChatIcon }) => ({ default: ChatIcon })),
);

const FOOTER_INTENTS = ['focusin', 'pointerdown', 'touchstart', 'keydown'] as const;

/**
 * Loads the footer's code when the visitor nears the prerendered footer or acts in it (at once
 * where IntersectionObserver does not exist, or there is no footer). Called before hydration.
 */
export function watchFooter(footer: Element | null): void {
  if (!footer || typeof IntersectionObserver === 'undefined') return void wantFooter();
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && wanted(), {
    rootMargin: '400px 0px',
  });
  function wanted() {
    observer.disconnect();
    for (const type of FOOTER_INTENTS) footer!.removeEventListener(type, wanted, true);
    wantFooter();
  }
  observer.observe(footer);
  for (const type of FOOTER_INTENTS) footer.addEventListener(type, wanted, true);
}

/** Loads every widget: the prerenderer renders them at once. */
export function preloadWidgets(): Promise<unknown> {
  wantFooter();
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
