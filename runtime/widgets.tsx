import { Suspense, useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { recoverFromLoadFailure } from './chunk-reload.ts';
import { lazyComponent } from './lazy-component.ts';
import type { LazyComponent } from './lazy-component.ts';
import { partWanted, wantParts } from './parts.ts';

type NoProps = Record<string, never>;

/**
 * The parts of the shell in chunks of their own, so that no page's initial JS carries them:
 * - the header and the footer, prerendered with the page: each loads its code when it is wanted
 *   (runtime/parts.ts) and hydrates on its own then;
 * - the us chat shortcut: hidden at load, it mounts once the page is hydrated (its timings
 *   count from that mount) and is not in the prerendered HTML.
 *
 * A part whose code cannot be loaded stays as it was prerendered (readable, its links followed
 * by the shell) for the rest of the visit, or the page reloads if its code is gone after a
 * deploy: a failed load never reaches React, where it would take the whole page down with it.
 */
export function partCode<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): () => Promise<{ default: ComponentType<P> }> {
  return () =>
    load().catch(async (error: unknown) => {
      await recoverFromLoadFailure(error, window.location.href);
      return new Promise<never>(() => undefined);
    });
}

export const SiteHeader = lazyComponent<NoProps>(partCode(() => partWanted('header').then(() => import('./shell/Header.tsx'))));
export const SiteFooter = lazyComponent<NoProps>(partCode(() => partWanted('footer').then(() => import('./components/Footer.tsx'))));
export const ChatShortcut = lazyComponent<NoProps>(() =>
  import('./components/ChatIcon.tsx').then(({ ChatIcon }) => ({ default: ChatIcon })),
);

/** Loads every widget: the prerenderer renders them at once. */
export function preloadWidgets(): Promise<unknown> {
  wantParts();
  return Promise.all([SiteHeader.preload(), SiteFooter.preload(), ChatShortcut.preload()]);
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
