import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { recoverFromLoadFailure } from '../chunk-reload.ts';
import { lazyComponent } from '../lazy-component.ts';
import type { LazyComponent } from '../lazy-component.ts';
import type { Go, GoOptions } from '../navigation.ts';
import { useApp } from '../site.tsx';
import type { NavigatorProps } from './router.tsx';

let router: Promise<typeof import('./router.tsx')> | undefined;

/**
 * The router's machinery (runtime/shell/router.tsx), loaded once: with the first navigation, or
 * before, when a link is hovered or takes focus (runtime/shell/links.ts).
 */
export function loadRouter(): Promise<typeof import('./router.tsx')> {
  return (router ??= import('./router.tsx').catch((error: unknown) => {
    router = undefined; // a later attempt may succeed
    throw error;
  }));
}

/** What the shell does after a navigation (runtime/shell/router.tsx `Navigator`), rendered from the first one on. */
export const RouterPart: LazyComponent<NavigatorProps> = lazyComponent<NavigatorProps>(() =>
  loadRouter().then(({ Navigator }) => ({ default: Navigator })),
);

/**
 * The shell's navigation (runtime/shell/router.tsx `go`), once the router's code is loaded: the
 * navigator with it, so the location changes with it in place. Without the code (a network
 * failure), the path loads as a page, or the page reloads when the code is gone after a deploy.
 */
export function useGo(): Go {
  const app = useApp();
  const [, navigate] = useLocation();
  return useCallback(
    (href: string, options?: GoOptions) =>
      RouterPart.preload()
        .then(loadRouter)
        .then(
          (router) => router.go(app, navigate, href, options),
          async (error: unknown) => {
            if (!(await recoverFromLoadFailure(error, href))) window.location.assign(href);
          },
        ),
    [app, navigate],
  );
}
