import type { ResolvedRegion } from '../resolve/index.ts';
import { currentStage } from '../../core/time.ts';
import { priceChanges } from '../../core/offers.ts';
import type { RegionCode, RegionData } from '../../core/model.ts';
import { gatedItems, productPaths, windowedLinks } from '../resolve/pages-showing.ts';

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
  // A product's price changes where a run of its activity price starts or ends (core/offers.ts).
  for (const [key, product] of Object.entries(region.products)) {
    for (const { at, starts, stage } of priceChanges(region, product)) {
      const what = `activity price of ${product.name}`;
      add(
        at,
        stage ? `${what} ${starts ? 'shows' : 'hides'} (stage ${stage.index} of ${stage.list})` : `${what} ${starts ? 'starts' : 'ends'}`,
        productPaths(region, key),
      );
    }
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
