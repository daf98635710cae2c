import type { RegionData } from '../../core/model.ts';
import { originOf } from '../../core/security.ts';
import type { SecurityData } from '../../core/security.ts';
import { isRouteOpen } from '../../core/time.ts';
import type { SiteModel } from '../resolve/index.ts';
import { renderTemplate } from '../emit/templates.ts';

// The deployment's files for search engines and hosts (beside its schedule, generator/deploy/schedule.ts):
// sitemap.xml, robots.txt, and what the pages' security headers depend on.

/**
 * sitemap.xml for the whole deployment: every page that is open at the build instant, each
 * with its `hreflang` alternates (docs/runtime.md, "Page heads and search engines"). The account screens are
 * utility pages with nothing to find in a search, so they are left out.
 */
export function renderSitemap(model: SiteModel, now: number, lastChanged?: ReadonlyMap<string, number>): string {
  const urls = model.regions.flatMap((region) =>
    region.data.routes
      .filter((route) => route.content && route.kind !== 'account' && isRouteOpen(route, now))
      .map((route) => {
        const lastmod = lastChanged && lastModified(region, route, lastChanged);
        // A page not yet translated is the region's page (its own <url>) but no language version.
        return {
          loc: `${region.data.origin}${route.path}`,
          alternates: route.fallback ? [] : (route.alternates ?? []),
          ...(lastmod !== undefined && { lastmod: new Date(lastmod).toISOString() }),
        };
      }),
  );
  return renderTemplate('sitemap.xml.hbs', { urls });
}

/**
 * When a page's content last changed (its `<lastmod>`): the newest change of the files it is
 * made from (its text, and a product page's products.yaml, where its price and name are);
 * undefined when one of them has no known change (not in git).
 */
function lastModified(
  region: SiteModel['regions'][number],
  route: RegionData['routes'][number],
  changed: ReadonlyMap<string, number>,
): number | undefined {
  const files = [...(region.texts.get(route.path)?.inputs ?? []), ...(route.product ? [`regions/${region.data.code}/products.yaml`] : [])];
  const times = files.map((file) => changed.get(file));
  return files.length === 0 || times.some((time) => time === undefined) ? undefined : Math.max(...(times as number[]));
}

/** robots.txt: crawl everything; the sitemap is named on every origin the deployment serves. */
export function renderRobots(model: SiteModel): string {
  const origins = [...new Set(model.regions.map((r) => r.data.origin))].sort();
  return renderTemplate('robots.txt.hbs', { sitemaps: origins.map((origin) => `${origin}/sitemap.xml`) });
}

/**
 * What the pages' security headers depend on (core/security.ts), for serve-regions and the
 * hosts: the hashes of the inline scripts, the chat provider's origin (when a region shows the
 * chat) and every region's API origins.
 */
export function securityData(regions: readonly { readonly data: RegionData }[], scriptHashes: readonly string[]): SecurityData {
  const provider = regions.some((r) => r.data.chat) ? originOf(regions[0]?.data.constants.chat.provider) : undefined;
  const apis = regions.flatMap((r) => [r.data.api.production, r.data.api.preproduction].map(originOf));
  return {
    scriptHashes: [...scriptHashes].sort(),
    scriptOrigins: provider ? [provider] : [],
    connectOrigins: [...new Set(apis.filter((origin): origin is string => origin !== undefined))].sort(),
  };
}
