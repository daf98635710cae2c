import { Suspense, useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { recoverFromLoadFailure } from './chunk-reload.ts';
import { lazyComponent } from './lazy-component.ts';
import type { ChatStart } from './components/ChatIcon.tsx';
import { partWanted, wantParts } from './parts.ts';

type NoProps = Record<string, never>;

/**
 * The parts of the shell in chunks of their own, so that no page's initial JS carries them:
 * - the header and the footer, prerendered with the page: each loads its code when it is wanted
 *   (runtime/parts.ts) and hydrates on its own then;
 * - the us chat shortcut: hidden at load and not in the prerendered HTML, it mounts once it can
 *   first show (`ChatWhenUsable`);
 * - the not-found page and a closed route's page, when <main> shows them;
 * - where toasts show (its two live regions are prerendered): its code loads with the code that
 *   raises toasts (the API client, runtime/calls.ts), or at the first toast (`wantToaster`).
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
const ChatShortcut = lazyComponent<{ start?: ChatStart }>(() =>
  import('./components/ChatIcon.tsx').then((module) => ({ default: module.ChatIcon })),
);

let toasterWanted: () => void = () => undefined;
const toaster = new Promise<void>((resolve) => (toasterWanted = resolve));

/** The toaster's code is wanted: a toast may come (the API client is loaded), or has come. */
export function wantToaster(): void {
  toasterWanted();
}

export const SiteToaster = lazyComponent<NoProps>(
  partCode(() => toaster.then(() => import('./components/Toaster.tsx')).then((module) => ({ default: module.Toaster }))),
);

/** What <main> shows for no route (the not-found page) and for a route outside its window: rare, loaded when shown. */
export const NotFoundPage = lazyComponent<NoProps>(
  partCode(() => import('./pages/NotFound.tsx').then((module) => ({ default: module.NotFound }))),
);
export const ClosedPage = lazyComponent<NoProps>(
  partCode(() => import('./shell/Closed.tsx').then((module) => ({ default: module.Closed }))),
);

/** Loads every widget: the prerenderer renders them at once. */
export function preloadWidgets(): Promise<unknown> {
  wantParts();
  wantToaster();
  return Promise.all([
    SiteToaster.preload(),
    SiteHeader.preload(),
    SiteFooter.preload(),
    ChatShortcut.preload(),
    NotFoundPage.preload(),
    ClosedPage.preload(),
  ]);
}

/** A widget whose prerendered HTML stays until its code is loaded, then hydrates by itself. */
export function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * The us chat shortcut (runtime/components/ChatIcon.tsx): not in the prerendered page and hidden
 * at load, its code loads when it can first show: at the end of its startup wait, or at the
 * visitor's first scroll. Its timings count from hydration: the scrolls before it mounts are
 * noted for it.
 */
export function ChatWhenUsable({ wait }: { wait: number }) {
  const [start, setStart] = useState<ChatStart>();
  useEffect(() => {
    let live = true;
    const noted: ChatStart = { at: Date.now(), y: window.scrollY };
    const onScroll = () => {
      const y = window.scrollY;
      noted.scrolled = { at: Date.now(), up: y < noted.y };
      noted.y = y;
      load();
    };
    const stop = () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
    noted.stop = stop;
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      clearTimeout(timer);
      ChatShortcut.preload().then(
        () => live && setStart(noted),
        (error: unknown) => console.warn('Could not load a part of the page', error),
      );
    };
    const timer = setTimeout(load, wait);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      live = false;
      stop();
    };
  }, [wait]);
  return start ? <ChatShortcut.Component start={start} /> : null;
}
