import type { Overview, RegionEntry } from '../api.ts';

/**
 * The regions a file shows in, and in each the pages that show it (its region's home at least),
 * the region the preview opens first: a region's own file's region; a page's regions; for a
 * message catalogue (messages/<locale>.yaml) the regions in its locale, then those in its
 * language (whose catalogue may extend it: en-GB's extends en-US), then the rest; for a shared
 * file (constants, stages, the glossary) every region.
 */
export function placesOf(id: string, overview: Overview): { region: RegionEntry; paths: string[] }[] {
  const own = /^regions\/([^/]+)\//.exec(id)?.[1];
  const places = overview.regions
    .map((region) => {
      const showing = region.pages.filter((page) => !page.redirect && page.files.includes(id)).map((page) => page.path);
      const products =
        own === region.code && /products\.ya?ml$/.test(id) ? region.pages.filter((p) => p.kind === 'product').map((p) => p.path) : [];
      const home = region.pages.find((page) => page.kind === 'home')?.path ?? region.pages[0]?.path ?? '/';
      const paths = [...new Set([...showing, ...products])];
      const shows = own === undefined ? showing.length > 0 || !/^pages\//.test(id) : own === region.code;
      return { region, paths: paths.length > 0 ? paths : [home], shows };
    })
    .filter((place) => place.shows)
    .map(({ region, paths }) => ({ region, paths }));
  const catalogue = /^messages\/([^/]+)\.ya?ml$/.exec(id)?.[1];
  if (!catalogue) return places;
  const language = (locale: string) => locale.split('-')[0]!.toLowerCase();
  const rank = ({ region }: (typeof places)[number]) =>
    region.locale === catalogue ? 0 : language(region.locale) === language(catalogue) ? 1 : 2;
  return places.sort((a, b) => rank(a) - rank(b));
}
