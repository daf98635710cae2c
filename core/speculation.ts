import { normalizePath } from './paths.ts';

/**
 * Whether the browser may fetch a link's page before it is followed (the speculation rules of
 * every page, docs/runtime.md "Speculative loading"): a path of the site's own region, with no
 * query, that is neither an account screen (a session's page: login, profile, the e-mailed
 * links) nor the way to another region (the chooser, or a path of another region). Everything
 * else is only fetched when followed.
 */
export function speculable(
  href: string,
  site: { readonly basePath: string; readonly chooser?: string; readonly regions: readonly { readonly home: string }[] },
  accountScreens: readonly string[],
): boolean {
  if (!href.startsWith('/') || href.startsWith('//') || /[?#\\]/.test(href)) return false;
  const path = normalizePath(href);
  if (path === site.chooser) return false;
  const inRegion = site.basePath === '' ? true : path === site.basePath || path.startsWith(`${site.basePath}/`);
  if (!inRegion) return false;
  // In the region at the root, a path under another region's home is that region's.
  if (
    site.regions.some(
      (region) => region.home !== '/' && region.home !== site.basePath && (path === region.home || path.startsWith(`${region.home}/`)),
    )
  )
    return false;
  const first = path.slice(site.basePath.length).split('/').filter(Boolean)[0] ?? '';
  return !accountScreens.includes(first);
}
