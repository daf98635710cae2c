import type { AnchorHTMLAttributes } from 'react';
import { ACCOUNT_SCREENS } from '../../core/kinds.ts';
import { speculable } from '../../core/speculation.ts';
import { useSite } from '../site.tsx';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * A link inside the site: a plain link, which the app shell navigates in the app once it is live
 * (runtime/shell/links.ts, for every link of the page, hydrated or not: its page starts loading
 * on hover or focus). A link the browser may fetch ahead (core/paths.ts `speculable`) is marked
 * for the page's speculation rules, which prefetch it on hover until the app is live
 * (templates/page.html.hbs).
 */
export function SiteLink({ href, ...rest }: Props) {
  const site = useSite();
  return <a href={href} data-speculate={speculable(href, site, ACCOUNT_SCREENS) ? '' : undefined} {...rest} />;
}
