import { useState } from 'react';
import { moveClock } from './clock.ts';
import type { FormContext } from './widgets.tsx';

/**
 * A stages list's instants on a timeline (docs/studio.md, "Editing a file: the form"): N instants
 * divide time into N + 1 stages, stage 0 before the first instant, stage k from the k-th instant
 * until the next, the last one open-ended, as the compiler and the sites count them
 * (core/time.ts `currentStage`). The stage that holds the studio's instant is marked "now".
 */

const DAY = 24 * 60 * 60 * 1000;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An instant written with its offset, in epoch ms; NaN when it is not one or not a real date
 * (as the compiler reads it, generator/resolve/stages.ts: Date.parse alone takes 30 February).
 */
export function instantOf(text: unknown): number {
  const match = typeof text === 'string' ? INSTANT.exec(text) : null;
  if (!match) return Number.NaN;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0] = match.slice(1, 6).map(Number);
  const probe = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d || h > 23 || mi > 59) return Number.NaN;
  return Date.parse(text as string);
}

/** The instants, ascending, or what keeps them from dividing time into stages, in plain words. */
export function readInstants(values: readonly unknown[]): { at: number[] } | { problem: string } {
  const at: number[] = [];
  for (const [index, value] of values.entries()) {
    const time = instantOf(value);
    const written = typeof value === 'string' && value !== '' ? `'${value}'` : 'empty';
    if (Number.isNaN(time))
      return { problem: `Instant ${index + 1} (${written}) is not a real instant with its offset, like 2025-10-25T15:00:00+08:00.` };
    if (index > 0 && time <= at[index - 1]!)
      return {
        problem: `Instant ${index + 1} (${written}) is not after instant ${index} ('${String(values[index - 1])}'): the instants must be in ascending order, each once. Until they are, the compiler refuses this list (E0212) and it divides time into no stages.`,
      };
    at.push(time);
  }
  return at.length > 0
    ? { at }
    : { problem: 'No instants yet: a stages list needs one at least (it then has two stages, before it and from it on).' };
}

/**
 * The stage an instant falls in: the number of instants at or before it, as core/time.ts
 * `currentStage` counts. Counted here rather than imported: the page is rebuilt when studio/client
 * changes (studio/server/client-build.ts), not when core/ does.
 */
export function stageAt(at: readonly number[], now: number): number {
  return at.filter((instant) => instant <= now).length;
}

/** Each stage in words: "Stage 0: until …", "Stage 1: from … to …", "Stage N: from … on". */
export function stageTexts(at: readonly number[], show: (instant: number) => string): string[] {
  return [
    `Stage 0: until ${show(at[0]!)}`,
    ...at.slice(1).map((end, k) => `Stage ${k + 1}: from ${show(at[k]!)} to ${show(end)}`),
    `Stage ${at.length}: from ${show(at[at.length - 1]!)} on`,
  ];
}

/**
 * The stages as a bar (for the eye only: the list says the same in words). Each bounded stage is
 * as wide as it lasts; the two open-ended ones get the mean length of the others (a day with
 * one instant), and the studio's instant, when outside, is drawn at the bar's edge.
 */
function StageBar({ at, now, current }: { at: readonly number[]; now: number | undefined; current: number | undefined }) {
  const first = at[0]!;
  const last = at[at.length - 1]!;
  const open = at.length > 1 ? Math.max((last - first) / (at.length - 1), 1) : DAY;
  const lengths = [open, ...at.slice(1).map((end, k) => end - at[k]!), open];
  const total = last - first + 2 * open;
  const marker = now === undefined ? undefined : Math.min(Math.max((now - (first - open)) / total, 0), 1);
  return (
    <div className="stage-bar" aria-hidden="true">
      {lengths.map((length, k) => (
        <span key={k} className={k === current ? 'stage-segment now' : 'stage-segment'} style={{ flexGrow: length / total }}>
          {k}
        </span>
      ))}
      {marker !== undefined && <span className="now-marker" style={{ left: `${(marker * 100).toFixed(2)}%` }} />}
    </div>
  );
}

/** The instant to preview a stage at: its first instant, or a minute before the first for stage 0. */
function startOf(at: readonly number[], stage: number): string {
  const instant = stage === 0 ? at[0]! - 60_000 : at[stage - 1]!;
  return new Date(instant).toISOString().replace('.000Z', 'Z');
}

/** The timeline of a stages list's instants, as the form has them now (typed, not yet saved). */
export function StagesTimeline({ id, values, context }: { id: string; values: readonly unknown[]; context: FormContext }) {
  const [problem, setProblem] = useState<string>();
  const { region, now } = context;
  // The region's own list shows in its zone, where its team plans; a shared list in UTC.
  const zone = context.regionsOwn && region ? { locale: region.locale, timeZone: region.timeZone } : { locale: 'en-GB', timeZone: 'UTC' };
  const show = (instant: number) =>
    new Date(instant).toLocaleString(zone.locale, { dateStyle: 'medium', timeStyle: 'long', timeZone: zone.timeZone });
  const read = readInstants(values);
  const current = 'at' in read && now !== undefined ? stageAt(read.at, now) : undefined;
  return (
    <div className="timeline" role="group" aria-labelledby={`${id}-timeline`}>
      <p className="timeline-title" id={`${id}-timeline`}>
        Stages of this list, {zone.timeZone === 'UTC' ? 'in UTC' : `in the zone of ${region!.code} (${zone.timeZone})`}
      </p>
      {'problem' in read ? (
        <p className="timeline-problem">{read.problem}</p>
      ) : (
        <>
          <StageBar at={read.at} now={now} current={current} />
          <ol className="stages">
            {stageTexts(read.at, show).map((text, k) => (
              <li key={text} aria-current={k === current ? 'true' : undefined}>
                {text}
                {k === current && <strong className="now-label"> (now)</strong>}{' '}
                <button
                  type="button"
                  className="btn"
                  onClick={() =>
                    moveClock(startOf(read.at, k)).then(
                      () => setProblem(undefined),
                      (error: Error) => setProblem(error.message),
                    )
                  }
                >
                  Preview at stage {k}
                </button>
              </li>
            ))}
          </ol>
          {problem && <p role="alert">{problem}</p>}
        </>
      )}
    </div>
  );
}
