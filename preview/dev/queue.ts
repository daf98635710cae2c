import path from 'node:path';
import { compileContent, createCompileMemory } from '../../generator/index.ts';
import type { CompileResult } from '../../generator/index.ts';
import type { DevState } from './middleware.ts';
import { showCompile, showTextEdit, writeModules } from './versions.ts';
import type { ShowOptions } from './versions.ts';

/** The live preview's compiles, one at a time (`createCompileQueue`). */
export interface CompileQueue {
  /** A compile, at once or `after` milliseconds from now. */
  schedule(after?: number): void;
  /** No compile is started any more, and the one under way has ended. */
  close(): Promise<void>;
}

/**
 * Runs the compiles the content's edits ask for, one at a time: an edit starts one at once (no
 * wait: the preview shows it as soon as it can), or a moment later when the edit is shown
 * already; the edits made during a compile (an editor's burst) start one more after it, and the
 * compile they make stale shows nothing (`stale()`: a newer edit came since it started).
 */
export function createCompileQueue(recompile: (stale: () => boolean) => Promise<void>): CompileQueue {
  let running: Promise<void> | undefined;
  let edits = 0;
  const run = (): Promise<void> => {
    const at = edits;
    return recompile(() => edits !== at)
      .catch((error: unknown) => console.error(error))
      .then(() => (edits === at ? (running = undefined) : run()));
  };
  return {
    /** A compile, at once or `after` milliseconds from now. */
    schedule(after = 0) {
      edits++;
      running ??= after > 0 ? new Promise((wait) => setTimeout(wait, after)).then(run) : run();
    },
    /** No compile is started any more, and the one under way has ended. */
    async close() {
      await running;
    },
  };
}

/** How long the whole compile waits after an edit of texts shown before it (`showTextEdit`). */
export const AFTER_TEXT_EDIT_MS = 150;

/** DevServer's `update`: a page's texts shown at once, then (unless quick) the whole compile. */
export function updater(
  state: DevState,
  contentDir: string,
  queue: CompileQueue,
): (edited?: { id: string; text: string }, quick?: boolean) => void {
  return (edited, quick) => {
    const shown = edited !== undefined && showTextEdit(state, contentDir, path.join(contentDir, edited.id), edited.text);
    if (!quick) queue.schedule(shown ? AFTER_TEXT_EDIT_MS : 0);
  };
}

/**
 * The live preview's compile of an edit, shown when no newer edit came meanwhile: it parses and
 * checks only the files changed since the last (a compile memory), or is the compile `give`n
 * (the studio's check of the same texts at the same instant: one thread, not compiled twice).
 * The modules of the last valid compile are written once the edits pause `quietMs` (writing
 * them holds the thread, and the pages fetch what an edit changed meanwhile); `writeLast` writes
 * them at once (a close).
 */
export function compiler(setup: {
  contentDir: string;
  sitesDir: string;
  cwd: string;
  options: ShowOptions & { region: string; overlay?: () => ReadonlyMap<string, string> | undefined; modules?: boolean };
  state: DevState;
  now: () => number;
  /** The first compile's modules being written. */
  written: Promise<unknown>;
  quietMs: number;
}) {
  const { options, state } = setup;
  const memory = createCompileMemory();
  const modules = { timer: undefined as NodeJS.Timeout | undefined, last: undefined as CompileResult | undefined, writing: setup.written };
  let given: CompileResult | undefined;
  const writeLast = () => {
    clearTimeout(modules.timer);
    const compiled = modules.last;
    modules.last = undefined;
    if (compiled)
      modules.writing = modules.writing.then(() => writeModules(options, setup, compiled)).catch((error: unknown) => console.error(error));
    return modules.writing;
  };
  const recompile = async (stale: () => boolean) => {
    const overlay = options.overlay?.();
    const taken = given;
    given = undefined;
    const compiled =
      taken ?? (await compileContent({ content: setup.contentDir, cwd: setup.cwd, now: setup.now(), memory, ...(overlay && { overlay }) }));
    if (stale() || !showCompile(state, options, compiled)) return;
    if (options.modules === false) return;
    modules.last = compiled;
    clearTimeout(modules.timer);
    modules.timer = setTimeout(writeLast, setup.quietMs);
  };
  return { recompile, writeLast, give: (compiled: CompileResult) => void (given = compiled) };
}
