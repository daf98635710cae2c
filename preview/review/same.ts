// Whether a page looks the same on both sides of a review at a schedule boundary
// (preview/review/index.ts, docs/review.md "Instants"), from the model, before any picture is taken.
import type { RegionData } from '../../core/model.ts';
import { isGateOpen } from '../../core/offers.ts';
import { isRouteOpen } from '../../core/time.ts';
import type { ComparedContent } from '../../generator/index.ts';
import { gatedItems, windowedLinks } from '../../generator/index.ts';

/**
 * The diff's words that say only when something shows, not what it shows: its windows and stages
 * section, and a window or stages gate of an item (`navigation: navs > Black Friday > window > end: ...`).
 */
const timeOnly = (words: string) => /^(windows and stages|schedule):/.test(words) || /^[a-z ]+: [^:]*> (window|stages?)\b/.test(words);

/**
 * What of a page depends on the instant: whether it is open (else visitors get its notice, then
 * the home page), and, among the header's and front page's items on it, which show (the items
 * gated by stages; the links to a windowed page, shown while it is open).
 */
function timeState(region: RegionData | undefined, path: string, time: number): string {
  if (!region) return 'missing';
  const route = region.routes.find((r) => r.path === path);
  if (!route) return 'missing';
  if (!isRouteOpen(route, time)) return 'closed';
  const gated = gatedItems(region)
    .filter((item) => item.paths.includes(path))
    .map((item) => [item.what, isGateOpen(region, item.gate, time)]);
  const links = windowedLinks(region)
    .filter((link) => link.paths.includes(path))
    .map((link) => [link.what, link.link, isRouteOpen(link, time)]);
  return JSON.stringify({ gated, links });
}

/**
 * A page the diff's words name at a boundary only for when things show (a window or a stages
 * list moved) is the same on both sides at that instant when what shows on it then is the same:
 * it is closed on both, or open on both with the same items and links showing. Its other
 * changes (texts, prices, labels) are pictured at every instant that shows them.
 */
export function sameAtBoundary(
  before: ComparedContent,
  after: ComparedContent,
  code: string,
  path: string,
  time: number,
  words: readonly string[],
): boolean {
  const state = (side: ComparedContent) => side.model.regions.find((r) => r.data.code === code)?.data;
  const [a, b] = [timeState(state(before), path, time), timeState(state(after), path, time)];
  if (a === 'closed' && b === 'closed') return true;
  return a === b && words.every(timeOnly);
}
