import type { SiteData } from '../core/model.ts';

/**
 * Where the catch-all sends a path that is not a route of the current region: the same path on
 * this origin, with a full page load (it may belong to another system on the host, such as
 * /support). For regions configured with `hosts.cnToCom`, a host ending in `.cn` becomes the
 * same host ending in `.com` first.
 */
export function catchAllUrl(
  site: Pick<SiteData, 'hosts'>,
  href: string,
  current: { protocol: string; host: string; hostname: string },
): string {
  const url = new URL(href, `${current.protocol}//${current.host}`);
  if (url.host === current.host && site.hosts.cnToCom && /\.cn$/i.test(current.hostname)) {
    url.hostname = current.hostname.replace(/\.cn$/i, '.com');
  }
  return url.href;
}
