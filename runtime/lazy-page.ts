import { createElement, use } from 'react';
import type { ComponentType } from 'react';

export interface LazyPage<P> {
  /** Renders the page; suspends only while its chunk has never been loaded. */
  Component: ComponentType<P>;
  /** Starts (or reuses) the chunk's load; resolves once the component renders synchronously. */
  preload: () => Promise<void>;
  /** Whether the chunk is loaded, so the component renders without suspending. */
  isLoaded: () => boolean;
}

/**
 * A page component in its own chunk. Unlike React.lazy, once preloaded it renders without
 * suspending, so a prerendered page hydrates in one pass and a client navigation that waits
 * for `preload()` never shows a fallback.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        pending = undefined; // a later attempt may succeed
        throw error;
      },
    ));
  function Component(props: P) {
    if (!loaded) use(preload());
    return createElement(loaded!, props);
  }
  return { Component, preload, isLoaded: () => loaded !== undefined };
}
