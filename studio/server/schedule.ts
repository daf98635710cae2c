import { buildSchedule } from '../../generator/index.ts';
import type { ScheduleAnswer } from '../api.ts';
import { Refusal } from './security.ts';
import type { Workspace } from './workspace.ts';

/**
 * GET /api/schedule?region=: every instant at which something changes on the region's pages
 * (docs/studio.md, "Time"), past and future, with what changes in words and the pages it
 * changes: the schedule `build-region schedule` prints and a deployment rebuilds by
 * (generator/deploy/schedule.ts: stage boundaries, offers, page windows, banners, nav items),
 * made from the saved content.
 */
export async function scheduleOf(workspace: Workspace, region: string, now: number): Promise<ScheduleAnswer> {
  // The last compile of the saved content (kept: asking runs no compile of its own, which would
  // compete with the preview's start and the checks of the edits on this one thread).
  const compiled = await workspace.current();
  if (!compiled.model.regions.some((r) => r.data.code === region))
    throw new Refusal(
      404,
      `No region '${region.slice(0, 20)}' in the content${compiled.model.regions.length === 0 ? ' (it has errors)' : ''}.`,
    );
  const entries = buildSchedule(compiled.model.regions, now)
    .entries.map((entry) => ({
      time: entry.time,
      changes: entry.changes.filter((change) => change.region === region).map(({ change, paths }) => ({ change, paths })),
    }))
    .filter((entry) => entry.changes.length > 0);
  return { region, now, entries };
}
