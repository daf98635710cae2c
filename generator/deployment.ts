import type { ResolvedRegion } from './resolve/index.ts';
import { currentStage } from '../core/time.ts';
import type { RegionCode, RegionData, StageGate } from '../core/model.ts';
import { showsCountdown } from '../core/kinds.ts';

/** One thing that changes on a region's pages at an instant. */
export interface ScheduledChange {
  region: RegionCode;
  /** What changes, in words: "text banner 'The Mini Robot is landing' shows". */
  change: string;
  /** The paths whose prerendered HTML goes stale. */
  paths: string[];
}

/** Every change at one instant. */
export interface ScheduleEntry {
  /** ISO 8601, UTC. */
  at: string;
  /** Epoch milliseconds. */
  time: number;
  changes: ScheduledChange[];
}

/** dist/schedule.json: when prerendered pages go stale, so a deploy pipeline can rebuild then. */
export interface Schedule {
  /** The instant the pages were rendered at. */
  builtAt: string;
  /** The first entry after the build, or null when nothing will change. */
  next: ScheduleEntry | null;
  /** Every content change of the deployment, past and future, in time order. */
  entries: ScheduleEntry[];
  /** Each region's stages lists (ISO instants, UTC): what the local preview clock jumps between. */
  stages: Record<RegionCode, Record<string, string[]>>;
}

interface Gated {
  gate: StageGate;
  what: string;
  paths: string[];
}

/** Every page of a region: each shows the header (text banner, navigation) and the footer. */
export function allPaths(region: RegionData): string[] {
  return region.routes.filter((r) => !r.redirect).map((r) => r.path);
}

/** The pages that render the region's countdown (core/kinds.ts): the front page. */
export function countdownPaths(region: RegionData): string[] {
  return region.routes.filter(showsCountdown).map((r) => r.path);
}

/**
 * The pages that show a product's price: its own page, pages whose line-up lists it, and, for a
 * product in a bundle, the pages that offer the bundle (those of its parts), whose saving moves
 * with the part's price.
 */
export function productPaths(region: RegionData, key: string): string[] {
  const { byProduct, byLineup, order } = routeIndex(region);
  const products = region.products;
  const bundles = products[key]?.bundles ?? [];
  const shown = [key, ...bundles];
  const offers = [...bundles.flatMap((bundle) => products[bundle]?.includes ?? []), ...(products[key]?.includes ?? [])];
  const paths = new Set<string>();
  for (const product of [...shown, ...offers]) for (const found of byProduct.get(product) ?? []) paths.add(found);
  for (const product of shown) for (const found of byLineup.get(product) ?? []) paths.add(found);
  return [...paths].sort((a, b) => order.get(a)! - order.get(b)!);
}

/** The pages of a region by the product they show and by the products of their line-up, made once a region. */
const routeIndexes = new WeakMap<
  RegionData,
  { byProduct: Map<string, string[]>; byLineup: Map<string, string[]>; order: Map<string, number> }
>();

function routeIndex(region: RegionData) {
  let index = routeIndexes.get(region);
  if (index) return index;
  index = { byProduct: new Map(), byLineup: new Map(), order: new Map() };
  const add = (map: Map<string, string[]>, product: string, found: string) => map.set(product, [...(map.get(product) ?? []), found]);
  region.routes.forEach((route, position) => {
    index!.order.set(route.path, position);
    if (route.redirect) return;
    if (route.product) add(index!.byProduct, route.product, route.path);
    for (const item of new Set(route.content?.lineup ?? [])) add(index!.byLineup, item, route.path);
  });
  routeIndexes.set(region, index);
  return index;
}

/** Everything of a region shown only in some stages of a list. */
function gatedItems(region: RegionData): Gated[] {
  const items: Gated[] = [];
  const everywhere = allPaths(region);
  if (region.textBanner) items.push({ gate: region.textBanner, what: `text banner '${region.textBanner.label}'`, paths: everywhere });
  if (region.countdown)
    items.push({ gate: region.countdown, what: `countdown '${region.countdown.title}'`, paths: countdownPaths(region) });
  const walk = (navs: RegionData['navs']) => {
    for (const nav of navs) {
      if (nav.stages && nav.stage)
        items.push({ gate: { stages: nav.stages, stage: nav.stage }, what: `nav item '${nav.label}'`, paths: everywhere });
      walk(nav.children);
    }
  };
  walk(region.navs);
  for (const [key, product] of Object.entries(region.products)) {
    const time = product.activityTime;
    if (product.activityPrice !== undefined && time?.stages && time.stage) {
      items.push({
        gate: { stages: time.stages, stage: time.stage },
        what: `activity price of ${product.name}`,
        paths: productPaths(region, key),
      });
    }
  }
  return items;
}

/** A link of a region that points at a time-windowed page: what it is, where it goes, and that page's window. */
export interface WindowedLink {
  what: string;
  link: string;
  window: { start?: number; end?: number };
  /** The pages that show the link. */
  paths: string[];
}

/** The links of a region that point at a time-windowed page (they show while it is open). */
export function windowedLinks(region: RegionData): WindowedLink[] {
  const links: WindowedLink[] = [];
  const everywhere = allPaths(region);
  if (region.textBanner?.window)
    links.push({
      what: `text banner '${region.textBanner.label}'`,
      link: region.textBanner.link,
      window: region.textBanner.window,
      paths: everywhere,
    });
  if (region.countdown?.window)
    links.push({
      what: `countdown '${region.countdown.title}'`,
      link: region.countdown.link,
      window: region.countdown.window,
      paths: countdownPaths(region),
    });
  const walk = (navs: RegionData['navs']) => {
    for (const nav of navs) {
      if (nav.window && nav.link) links.push({ what: `nav item '${nav.label}'`, link: nav.link, window: nav.window, paths: everywhere });
      walk(nav.children);
    }
  };
  walk(region.navs);
  for (const column of region.footerNavs)
    for (const link of column.links)
      if (link.window) links.push({ what: `footer link '${link.label}'`, link: link.link, window: link.window, paths: everywhere });
  return links;
}

function regionChanges(region: RegionData): { time: number; change: ScheduledChange }[] {
  const out: { time: number; change: ScheduledChange }[] = [];
  // A change no page shows (a product without a page or a line-up place) goes stale nowhere.
  const add = (time: number, change: string, paths: string[]) => {
    if (paths.length > 0) out.push({ time, change: { region: region.code, change, paths: [...new Set(paths)].sort() } });
  };
  for (const item of gatedItems(region)) {
    const list = region.stages[item.gate.stages] ?? [];
    list.forEach((instant, index) => {
      const before = item.gate.stage.includes(currentStage(list, instant - 1));
      const after = item.gate.stage.includes(index + 1);
      if (before !== after)
        add(instant, `${item.what} ${after ? 'shows' : 'hides'} (stage ${index + 1} of ${item.gate.stages})`, item.paths);
    });
  }
  for (const [key, product] of Object.entries(region.products)) {
    const time = product.activityTime;
    if (product.activityPrice === undefined || !time) continue;
    if (time.startTime !== undefined) add(time.startTime, `activity price of ${product.name} starts`, productPaths(region, key));
    if (time.endTime !== undefined) add(time.endTime, `activity price of ${product.name} ends`, productPaths(region, key));
  }
  for (const route of region.routes) {
    if (route.window?.start !== undefined) add(route.window.start, `${route.path} opens`, [route.path]);
    if (route.window?.end !== undefined) add(route.window.end, `${route.path} closes`, [route.path]);
  }
  // Links to a windowed page show while it is open: every page that shows the link changes then.
  for (const link of windowedLinks(region)) {
    if (link.window.start !== undefined) add(link.window.start, `${link.what} shows (its page opens)`, link.paths);
    if (link.window.end !== undefined) add(link.window.end, `${link.what} hides (its page closes)`, link.paths);
  }
  return out;
}

/** The schedule of every region of the model, as of the build instant. */
export function buildSchedule(regions: readonly ResolvedRegion[], now: number): Schedule {
  const byTime = new Map<number, ScheduledChange[]>();
  for (const region of regions) {
    for (const { time, change } of regionChanges(region.data)) {
      const list = byTime.get(time) ?? [];
      list.push(change);
      byTime.set(time, list);
    }
  }
  const entries = [...byTime]
    .sort(([a], [b]) => a - b)
    .map(([time, changes]) => ({
      at: new Date(time).toISOString(),
      time,
      changes: changes.sort((a, b) => (a.region === b.region ? (a.change < b.change ? -1 : 1) : a.region < b.region ? -1 : 1)),
    }));
  const stages = Object.fromEntries(
    regions.map((region) => [
      region.data.code,
      Object.fromEntries(
        Object.entries(region.data.stages).map(([name, instants]) => [name, instants.map((time) => new Date(time).toISOString())]),
      ),
    ]),
  );
  return { builtAt: new Date(now).toISOString(), next: entries.find((e) => e.time > now) ?? null, entries, stages };
}

/** How long until an instant, for people: "4 d 3 h", "35 min". */
export function describeDelay(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** The entries of a schedule after `now` (every one with `past`), each with only the changes of `regions`; entries left with none go. */
export function selectEntries(schedule: Schedule, now: number, regions: readonly RegionCode[], past = false): ScheduleEntry[] {
  return schedule.entries
    .filter((entry) => past || entry.time > now)
    .map((entry) => ({ ...entry, changes: entry.changes.filter((change) => regions.includes(change.region)) }))
    .filter((entry) => entry.changes.length > 0);
}

/**
 * The schedule for people: one block per instant (UTC, and how far from `now`), one line per
 * region and change, with how many pages it touches.
 */
export function formatSchedule(entries: readonly ScheduleEntry[], now: number, regions: readonly RegionCode[], all: number): string {
  const scope = regions.length === all ? 'every region' : regions.join(', ');
  if (entries.length === 0) return `No content change in ${scope} after ${new Date(now).toISOString()}.\n`;
  const lines = [`Content changes in ${scope} (times in UTC; now is ${new Date(now).toISOString()}):`, ''];
  for (const entry of entries) {
    const delta = entry.time - now;
    lines.push(
      `${entry.at.replace('T', ' ').replace(/:00\.000Z$/, ' UTC')}  (${delta > 0 ? `in ${describeDelay(delta)}` : `${describeDelay(-delta)} ago`})`,
    );
    for (const change of entry.changes)
      lines.push(`  ${change.region.padEnd(3)} ${change.change}  [${change.paths.length} page${change.paths.length === 1 ? '' : 's'}]`);
    lines.push('');
  }
  return `${lines.join('\n')}`;
}

/** The line the build prints about the next change. */
export function describeNext(schedule: Schedule, scheduleFile = 'dist/schedule.json'): string {
  if (!schedule.next) return 'No scheduled content change after the build: the pages stay current.';
  const next = schedule.next;
  const changes = next.changes.map((c) => `${c.region}: ${c.change}`).join('; ');
  return `Pages go stale at ${next.at} (in ${describeDelay(next.time - Date.parse(schedule.builtAt))}): ${changes}. Rebuild then; ${scheduleFile} lists every change.`;
}
