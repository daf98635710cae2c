import { useEffect, useId, useState } from 'react';
import type { RegionEntry, ScheduleAnswer } from '../api.ts';
import { api } from './api.ts';

/**
 * Time (docs/studio.md, "Time"): every instant at which the region's pages change (the schedule:
 * stage boundaries, offers, page windows, banners, nav items), on a bar and as a list; the page
 * shown as it will be at an instant, or at two side by side ("Before and after" a change). Each
 * is a still of the live preview (preview/dev/still.ts): the page at that instant without its
 * scripts, as a visitor's browser first paints it. The live preview keeps its own clock.
 */

/** The query parameter of a still (preview/dev/still.ts `STILL_PARAM`). */
const STILL = '__still';
const MINUTE = 60_000;

/** An instant in the region's zone, named, then in UTC: "25 Nov 2026, 00:00 GMT-5 (2026-11-25 05:00 UTC)". */
export function showInstant(at: number, region: RegionEntry): string {
  const there = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: region.timeZone,
    timeZoneName: 'short',
  }).format(at);
  return `${there} (${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC)`;
}

/** An instant typed with its offset, in epoch ms; undefined when it is not one. */
function readInstant(text: string): number | undefined {
  const at = Date.parse(text);
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(text.trim()) && Number.isFinite(at) ? at : undefined;
}

const iso = (at: number) => new Date(at).toISOString().replace(':00.000Z', 'Z');

/** The schedule as a bar, for the eye only (the list says the same in words): a tick per instant, now marked. */
function Bar({ schedule, path }: { schedule: ScheduleAnswer; path: string }) {
  const times = schedule.entries.map((e) => e.time);
  const first = Math.min(...times, schedule.now);
  const span = Math.max(Math.max(...times, schedule.now) - first, 1);
  const left = (at: number) => `${(((at - first) / span) * 100).toFixed(2)}%`;
  return (
    <div className="time-bar" aria-hidden="true">
      {schedule.entries.map((entry) => (
        <span
          key={entry.time}
          className={`tick${entry.changes.some((c) => c.paths.includes(path)) ? ' this-page' : ''}`}
          style={{ left: left(entry.time) }}
        />
      ))}
      <span className="now" style={{ left: left(schedule.now) }} />
    </div>
  );
}

/** The schedule in words: each instant in the region's zone and in UTC, what changes, and the buttons that show the page then. */
function ScheduleList(props: { schedule: ScheduleAnswer; region: RegionEntry; path: string; show: (instants: readonly number[]) => void }) {
  const { schedule, region, path, show } = props;
  return (
    <ol className="schedule" aria-label={`When ${region.code}'s pages change`}>
      {schedule.entries.map((entry) => {
        const here = entry.changes.some((c) => c.paths.includes(path));
        const when = showInstant(entry.time, region);
        return (
          <li key={entry.time} className={here ? 'this-page' : undefined}>
            <span className="when">{when}</span>
            {entry.time <= schedule.now && <span className="quiet"> (past)</span>}: {entry.changes.map((c) => c.change).join('; ')}
            {here && <strong> (changes this page)</strong>}{' '}
            <button type="button" onClick={() => show([entry.time])}>
              Page at this instant<span className="visually-hidden">: {when}</span>
            </button>{' '}
            <button type="button" onClick={() => show([entry.time - MINUTE, entry.time])}>
              Before and after<span className="visually-hidden">: {when}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

interface TimeProps {
  region: RegionEntry;
  path: string;
  /** The live preview's origin (its stills come from there); undefined while it starts. */
  origin: string | undefined;
  width: 'phone' | 'desktop';
}

/** Whether the page is outside its window at an instant (a visitor sees it closed, then the home page). */
function closedAt(region: RegionEntry, path: string, at: number): boolean {
  const window = region.pages.find((page) => page.path === path)?.window;
  return !!window && ((window.start !== undefined && at < window.start) || (window.end !== undefined && at >= window.end));
}

export function Time({ region, path, origin, width }: TimeProps) {
  const id = useId();
  const [schedule, setSchedule] = useState<ScheduleAnswer>();
  const [problem, setProblem] = useState<string>();
  const [typed, setTyped] = useState({ first: '', second: '' });
  const [shown, setShown] = useState<readonly number[]>([]);
  useEffect(() => {
    setSchedule(undefined);
    api.schedule(region.code).then(setSchedule, (error: Error) => setProblem(error.message));
  }, [region.code]);
  const show = (instants: readonly number[]) => {
    setTyped({ first: iso(instants[0]!), second: instants[1] === undefined ? '' : iso(instants[1]) });
    setProblem(undefined);
    setShown(instants);
  };
  return (
    <section className="time" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Time</h3>
      <p className="quiet">
        When {region.code}'s pages change, and {path} as it will be then: without its scripts, as a visitor's browser first paints it. The
        preview above keeps its own clock.
      </p>
      {schedule && schedule.entries.length > 0 && <Bar schedule={schedule} path={path} />}
      {schedule && schedule.entries.length === 0 && <p>Nothing on {region.code}'s pages changes at any instant.</p>}
      {schedule && schedule.entries.length > 0 && <ScheduleList schedule={schedule} region={region} path={path} show={show} />}
      <form
        className="time-choice"
        onSubmit={(event) => {
          event.preventDefault();
          const first = readInstant(typed.first);
          const second = typed.second.trim() ? readInstant(typed.second) : undefined;
          if (first === undefined || (typed.second.trim() && second === undefined))
            return setProblem('Write each instant with its offset, like 2026-11-25T12:00:00+01:00 or 2026-11-25T11:00Z.');
          show(second === undefined ? [first] : [first, second]);
        }}
      >
        <label htmlFor={`${id}-first`}>First instant (with its offset)</label>{' '}
        <input id={`${id}-first`} value={typed.first} onChange={(e) => setTyped({ ...typed, first: e.target.value })} size={22} />{' '}
        <label htmlFor={`${id}-second`}>Second instant (optional)</label>{' '}
        <input id={`${id}-second`} value={typed.second} onChange={(e) => setTyped({ ...typed, second: e.target.value })} size={22} />{' '}
        <button type="submit">Show</button>
      </form>
      {problem && <p role="alert">{problem}</p>}
      {origin && shown.length > 0 && (
        <div className="stills">
          {shown.map((at) => (
            <figure key={at}>
              <figcaption>
                As at {showInstant(at, region)}
                {closedAt(region, path, at) && ': closed then (outside its window): a visitor sees this, then the home page'}
              </figcaption>
              <div className={`frame ${width}`} tabIndex={0} role="group" aria-label={`${path} as at ${showInstant(at, region)}`}>
                <iframe
                  sandbox=""
                  title={`${path} (${region.code}) as at ${showInstant(at, region)}`}
                  src={`${origin}${path}?${STILL}=${at}`}
                  width={width === 'phone' ? 375 : 1280}
                  height={720}
                />
              </div>
            </figure>
          ))}
        </div>
      )}
    </section>
  );
}
