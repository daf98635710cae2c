import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { ACCOUNT_SCREENS } from '../../core/kinds.ts';
import { speculable } from '../../core/paths.ts';
import { preloadRoute, useGo } from '../navigation.ts';
import { useApp, useSite } from '../site.tsx';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}

/**
 * A link inside the site. A path that is a route of the current region navigates in the app
 * (after server time is read and the page is loaded, so nothing flashes); its page starts
 * loading on hover or focus. Any other path leaves the app with a full page load. A link the
 * browser may fetch ahead (core/paths.ts `speculable`) is marked for the page's speculation
 * rules, which prefetch it on hover until the app is live (templates/page.html.hbs).
 */
export function SiteLink({ href, onClick, onMouseEnter, onFocus, ...rest }: Props) {
  const app = useApp();
  const site = useSite();
  const go = useGo();
  // Intent: the path's route table shard, then the route's page (a click retries and handles failures).
  const preload = () => {
    app.content
      .loadRoute(href)
      .then(() => {
        const route = app.content.route(href);
        if (route) return preloadRoute(app, route);
      })
      .catch(() => {});
  };
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isPlainLeftClick(event) || (rest.target && rest.target !== '_self')) return;
    event.preventDefault();
    void go(href);
  };
  return (
    <a
      href={href}
      onClick={handleClick}
      onMouseEnter={(e) => (preload(), onMouseEnter?.(e))}
      onFocus={(e) => (preload(), onFocus?.(e))}
      data-speculate={speculable(href, site, ACCOUNT_SCREENS) ? '' : undefined}
      {...rest}
    />
  );
}
