import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { useSite } from '../site.tsx';
import { findRoute } from '../routes.ts';
import { pageFor } from '../pages/registry.ts';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}

/**
 * A link inside the site. A path that is a route of the current region navigates in the app,
 * after its page chunk has loaded (no empty flash); any other path is an ordinary link and
 * leaves the app with a full page load.
 */
export function SiteLink({ href, onClick, onMouseEnter, onFocus, ...rest }: Props) {
  const region = useSite();
  const [, navigate] = useLocation();
  const route = findRoute(region, href);
  const preload = () => {
    if (route) void pageFor(route.page).preload();
  };
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!route || !isPlainLeftClick(event) || (rest.target && rest.target !== '_self')) return;
    event.preventDefault();
    pageFor(route.page).preload().then(
      () => navigate(href),
      () => window.location.assign(href),
    );
  };
  return (
    <a
      href={href}
      onClick={handleClick}
      onMouseEnter={(e) => (preload(), onMouseEnter?.(e))}
      onFocus={(e) => (preload(), onFocus?.(e))}
      {...rest}
    />
  );
}
