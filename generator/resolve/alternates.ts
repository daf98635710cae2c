import type { Alternate, RegionData } from '../../core/model.ts';

/**
 * Gives every route with content its `hreflang` alternates: the same page in each region that
 * has it (in the regions' order, with the page's own language when it declares one), and
 * `x-default`, the region chooser of the region in the fallback locale. A page a region shows
 * in another language's text (`fallback`: not yet translated) is left out of every set; it
 * carries the set of the others (its text is shared with them) but its head announces none
 * (runtime/head.ts) and the sitemap lists it without alternates (docs/translations.md). Returns
 * new region data; the given data is not changed.
 */
export function withAlternates(regions: readonly RegionData[], fallbackLocale: string): RegionData[] {
  const byPage = new Map<string, Alternate[]>();
  for (const region of regions) {
    for (const route of region.routes) {
      // A page not yet translated is no version of the page in the region's language.
      if (!route.content || route.fallback) continue;
      byPage.set(route.page, [
        ...(byPage.get(route.page) ?? []),
        { hreflang: route.content.lang ?? region.hreflang, href: `${region.origin}${route.path}` },
      ]);
    }
  }
  const home = regions.find((region) => region.locale === fallbackLocale);
  const chooser = home?.routes.find((route) => route.kind === 'region-chooser' && route.content);
  const fallback: Alternate[] = chooser ? [{ hreflang: 'x-default', href: `${home!.origin}${chooser.path}` }] : [];
  return regions.map((region) => ({
    ...region,
    routes: region.routes.map((route) =>
      route.content ? { ...route, alternates: [...(byPage.get(route.page) ?? []), ...fallback] } : route,
    ),
  }));
}
