import { useEffect } from 'react';
import { preloadRoute } from '../navigation.ts';
import type { Go } from '../navigation.ts';
import { RouterPart } from './go.ts';
import type { AppServices } from '../site.tsx';

/**
 * The path a link of the page goes to in the app: a link in #root to a path of this host
 * (`/...`), opened in the same tab, not a download. Others (another site, a new tab, `#section`)
 * are the browser's.
 */
function appPath(target: EventTarget | null): string | undefined {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || !link.closest('#root')) return undefined;
  const href = link.getAttribute('href')!;
  if (!href.startsWith('/') || href.startsWith('//') || link.hasAttribute('download')) return undefined;
  return link.target && link.target !== '_self' ? undefined : href;
}

/**
 * Links navigate in the app wherever they are on the page, delegated from the document: those
 * of parts not hydrated yet too (runtime/parts.ts), which need no code of their own to be
 * followed. A plain left click on a path goes through the router (`go`: a route of this region
 * renders in the app, any other path loads as a page); the link's page starts loading when the
 * pointer comes over it or it takes focus (its route table shard, then its component and text),
 * and the router's code with it (runtime/shell/router.tsx).
 * The shell sees a click before the components do (a part not yet hydrated never passes it on):
 * one that something before it handled (`preventDefault`) is left alone.
 */
export function useLinkNavigation(app: AppServices, go: Go): void {
  useEffect(() => {
    let last: string | undefined;
    const intent = (event: Event) => {
      const href = appPath(event.target);
      if (href === undefined || href === last) return;
      last = href;
      RouterPart.preload().catch(() => undefined);
      app.content
        .loadRoute(href)
        .then(() => {
          const route = app.content.route(href);
          if (route) return preloadRoute(app, route);
        })
        .catch(() => undefined); // the click tries again, and handles failures
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const href = appPath(event.target);
      if (href === undefined) return;
      event.preventDefault();
      void go(href);
    };
    // In the capture phase: React stops the events a part not yet hydrated receives at #root.
    document.addEventListener('pointerover', intent, { capture: true, passive: true });
    document.addEventListener('focusin', intent, true);
    document.addEventListener('click', click, true);
    return () => {
      document.removeEventListener('pointerover', intent, true);
      document.removeEventListener('focusin', intent, true);
      document.removeEventListener('click', click, true);
    };
  }, [app, go]);
}
