import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ScheduleEntry } from './schedule.ts';

/**
 * Whether a deployed site's pages went stale: its schedule.json (docs/deployment.md) names a
 * change at or before now. For a scheduled CI job that rebuilds then.
 */

export interface Staleness {
  stale: boolean;
  /** The deployment's next change; null when nothing changes; undefined when it cannot be read. */
  next: Pick<ScheduleEntry, 'at' | 'time' | 'changes'> | null | undefined;
  /** Why the schedule cannot be read (then the site counts as stale: rebuilding is safe). */
  problem?: string;
}

/** The text of a file, or of an http(s):// address (within 15 s). */
async function readSource(source: string, cwd: string): Promise<string> {
  if (!/^https?:\/\//.test(source)) return readFile(path.resolve(cwd, source), 'utf8');
  const response = await fetch(source, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

/** Reads a deployed schedule.json (a file or an address) and judges it at `now`. */
export async function judgeStaleness(source: string, now: number, cwd: string): Promise<Staleness> {
  let next: Staleness['next'];
  let problem: string | undefined;
  try {
    const candidate = (JSON.parse(await readSource(source, cwd)) as { next?: unknown }).next as Staleness['next'];
    if (
      candidate === null ||
      (typeof candidate === 'object' &&
        candidate !== undefined &&
        typeof candidate.time === 'number' &&
        typeof candidate.at === 'string' &&
        Array.isArray(candidate.changes))
    )
      next = candidate;
    else problem = 'it is not the schedule.json of a build';
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  const stale = problem !== undefined || (next !== null && next !== undefined && next.time <= now);
  return { stale, next, ...(problem !== undefined && { problem }) };
}

/** Appends the answer to a GitHub Actions output file: stale=true|false and next=<instant>. */
export async function writeGithubOutput(file: string, staleness: Staleness): Promise<void> {
  await appendFile(file, `stale=${staleness.stale}\nnext=${staleness.next?.at ?? ''}\n`);
}
