import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomically } from './disk.js';

/**
 * Switching an output folder (dist/) to a new build in a way that survives the process being
 * killed outright (docs/deploy.md, "Putting a build in place"). The switch is a list of
 * renames, each moving a finished entry out of the way or into place. Before the first
 * rename, the whole list is written to a journal beside the output folder
 * (`.<out>.commit.json`, itself written atomically); it is removed after the last. A process
 * that dies between the two leaves the journal, and whoever touches the output next (a build,
 * `build-region merge`, serve-regions) finds it and completes the switch before it reads or
 * writes anything: every rename not yet made is made. The staging folder the renames come
 * from was complete before the journal was written, so completing is always possible and
 * gives exactly the new build.
 */
export interface Move {
  readonly from: string;
  readonly to: string;
}

export interface CommitPlan {
  /** The renames, in order. */
  readonly moves: readonly Move[];
  /** Folders to create before the first rename (the output folder, the folder of old entries). */
  readonly create: readonly string[];
  /** Folders removed once the switch is made (the emptied staging folder, the old entries). */
  readonly remove: readonly string[];
}

interface Journal extends CommitPlan {
  readonly pid: number;
}

/** The journal of an output folder: beside it, so it survives the folder's own replacement. */
export function journalPath(outDir: string): string {
  const resolved = path.resolve(outDir);
  return path.join(path.dirname(resolved), `.${path.basename(resolved)}.commit.json`);
}

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  );

/** Whether a process of this id runs. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface CommitOptions {
  /**
   * Called with the number of renames made so far: before each rename and once after the
   * last, while the journal is still there (tests kill the process at each of these points).
   */
  onMove?: (made: number) => void | Promise<void>;
}

/**
 * Makes the switch: journal, renames, journal removed, leftovers removed. A rename that fails
 * (the process still alive) undoes the ones made, in reverse, and removes the journal: the
 * output is the old one, and the error is thrown.
 */
export async function commitMoves(outDir: string, plan: CommitPlan, options: CommitOptions = {}): Promise<void> {
  const journal = journalPath(outDir);
  for (const folder of plan.create) await mkdir(folder, { recursive: true });
  await writeAtomically(journal, `${JSON.stringify({ pid: process.pid, ...plan } satisfies Journal, null, 2)}\n`);
  const done: Move[] = [];
  try {
    for (const move of plan.moves) {
      await options.onMove?.(done.length);
      await rename(move.from, move.to);
      done.push(move);
    }
    await options.onMove?.(done.length);
  } catch (error) {
    for (const { from, to } of done.toReversed()) await rename(to, from);
    await rm(journal, { force: true });
    throw error;
  }
  await rm(journal, { force: true });
  for (const folder of plan.remove) await rm(folder, { recursive: true, force: true });
}

export type Recovery =
  | { readonly state: 'none' }
  | { readonly state: 'busy'; readonly pid: number }
  | { readonly state: 'completed'; readonly moves: number };

/**
 * Finds a switch that a killed process left half made and completes it: each rename whose
 * source is still there and whose target is free is made, in the journal's order; then the
 * journal and the leftovers go. A switch still under way in a live process is left to it
 * (`busy`). A journal that cannot be read (cut short before its rename made it whole) never
 * started a switch: it is removed.
 */
export async function recoverOutput(outDir: string): Promise<Recovery> {
  const file = journalPath(outDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { state: 'none' };
  }
  let journal: Journal;
  try {
    journal = JSON.parse(text) as Journal;
    if (!Array.isArray(journal.moves) || !Array.isArray(journal.remove) || typeof journal.pid !== 'number')
      throw new Error('not a journal');
  } catch {
    await rm(file, { force: true });
    return { state: 'none' };
  }
  if (journal.pid !== process.pid && isRunning(journal.pid)) return { state: 'busy', pid: journal.pid };
  for (const folder of journal.create ?? []) await mkdir(folder, { recursive: true });
  let moves = 0;
  for (const move of journal.moves) {
    if ((await exists(move.from)) && !(await exists(move.to))) {
      await rename(move.from, move.to);
      moves++;
    }
  }
  await rm(file, { force: true });
  for (const folder of journal.remove) await rm(folder, { recursive: true, force: true });
  return { state: 'completed', moves };
}
