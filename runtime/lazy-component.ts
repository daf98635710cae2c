import { createElement, use } from 'react';
import type { ComponentType } from 'react';

export interface LazyComponent<P> {
  /** Renders the component; suspends only while its chunk has never been loaded. */
  Component: ComponentType<P>;
  /** Starts (or reuses) the chunk's load; resolves once the component renders synchronously. */
  preload: () => Promise<void>;
  /** Whether the chunk is loaded, so the component renders without suspending. */
  isLoaded: () => boolean;
}

/**
 * A component in its own chunk (a page kind, a widget). Unlike React.lazy, once preloaded it
 * renders without suspending, so a prerendered page hydrates in one pass, a client navigation
 * that waits for `preload()` never shows a fallback, and the server renders it at once. Not
 * preloaded on the client, it suspends: inside a Suspense boundary, its prerendered HTML stays
 * as it is until the chunk is loaded, then hydrates (selective hydration).
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    if (!pending) {
      const load$ = load().then(
        (module) => {
          loaded = module.default;
          // Marked as React marks the promises it tracks: use() returns at once, never suspends.
          (load$ as { status?: string }).status = 'fulfilled';
        },
        (error: unknown) => {
          pending = undefined; // a later attempt may succeed
          throw error;
        },
      );
      pending = load$;
    }
    return pending;
  };
  function Component(props: P) {
    // Always through use(): a render that suspended is retried with the same calls.
    use(preload());
    return createElement(loaded!, props);
  }
  return { Component, preload, isLoaded: () => loaded !== undefined };
}
