// How `build-region diff` (generator/diff/index.ts) writes values for people: an instant as a date and
// time in the region's time zone with its offset then, stage indexes by number and list name, a
// stages list stage by stage, anything else short and on one line (docs/deploy.md).

/** Keys whose numbers are instants (epoch ms) in the model: the starts and ends of windows and activities. */
const INSTANT_KEYS = new Set(['start', 'end', 'startTime', 'endTime']);

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: day, month's short name, year, 24-hour time and the zone's offset (`GMT+08:00`). */
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formats.set(zone, format);
  }
  return format;
}

/**
 * An instant as the region's team reads it: `1 Dec 2026, 00:00 (UTC+08:00)`, in its zone with the
 * offset of that instant (so a summer and a winter instant of one zone show different offsets);
 * seconds only when there are some. The same English form in every region: one report lists them all.
 */
export function writeInstant(time: number, zone: string): string {
  const part = (type: Intl.DateTimeFormatPartTypes, parts: Intl.DateTimeFormatPart[]) => parts.find((p) => p.type === type)?.value ?? '';
  const parts = formatIn(zone).formatToParts(time);
  const seconds = part('second', parts);
  // longOffset writes UTC itself as plain `GMT`.
  const offset = part('timeZoneName', parts).replace(/^GMT/, '') || '+00:00';
  return `${part('day', parts)} ${part('month', parts)} ${part('year', parts)}, ${part('hour', parts)}:${part('minute', parts)}${seconds === '00' ? '' : `:${seconds}`} (UTC${offset})`;
}

/** `1, 2 and 3`. */
function listOf(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Stage indexes of a list as a visitor's calendar has them: `stage 1 of 'walk'`, `stages 1 and 3 of 'walk'`, `stages 1 to 4 of 'walk'`. */
export function writeStages(stage: readonly number[], list: string): string {
  const sorted = [...new Set(stage)].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const index of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === index - 1) run.push(index);
    else runs.push([index]);
  }
  // Three indexes or more in a row read as a range; two as themselves.
  const words = runs.flatMap((run) => (run.length > 2 ? [`${run[0]} to ${run.at(-1)}`] : run.map(String)));
  return `${sorted.length === 1 ? 'stage' : 'stages'} ${listOf(words)} of '${list}'`;
}

/** A stages list stage by stage: `stage 1 from 25 Oct 2026, 15:00 (UTC+08:00), stage 2 from …`. */
export function writeStagesList(instants: readonly number[], zone: string): string {
  return instants.length === 0 ? 'no instants' : instants.map((time, i) => `stage ${i + 1} from ${writeInstant(time, zone)}`).join(', ');
}

/** A change of one stages list of a region, by the stages whose first instant moved, came or went. */
export function stagesListChange(
  name: string,
  was: readonly number[] | undefined,
  is: readonly number[] | undefined,
  zone: string,
): string {
  const where = `stages list '${name}'`;
  if (!was) return `${where} added: ${writeStagesList(is ?? [], zone)}`;
  if (!is) return `${where} removed (was ${writeStagesList(was, zone)})`;
  const changes: string[] = [];
  for (let i = 0; i < Math.max(was.length, is.length); i++) {
    const [a, b] = [was[i], is[i]];
    if (a === b) continue;
    if (a === undefined) changes.push(`stage ${i + 1} added, from ${writeInstant(b!, zone)}`);
    else if (b === undefined) changes.push(`stage ${i + 1} removed (was from ${writeInstant(a, zone)})`);
    else changes.push(`stage ${i + 1} from ${writeInstant(a, zone)} -> ${writeInstant(b, zone)}`);
  }
  return `${where}: ${changes.join('; ')}`;
}

/** A gate as the model holds it (a list's name and stage indexes), nothing else beside. */
export interface Gate {
  readonly stages: string;
  readonly stage: readonly number[];
}

const record = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isGate(value: unknown): value is Gate {
  return record(value) && typeof value.stages === 'string' && Object.keys(value).every((key) => key === 'stages' || key === 'stage');
}

/** A window or an activity's time, by instants only: `{ start, end }`, `{ startTime }`. */
function isSpan(value: unknown): value is Record<string, number> {
  const keys = record(value) ? Object.keys(value) : [];
  return keys.length > 0 && keys.every((key) => INSTANT_KEYS.has(key) && typeof (value as Record<string, unknown>)[key] === 'number');
}

/** `from 20 Nov 2026, 00:00 (UTC-05:00) until 1 Dec 2026, 00:00 (UTC-05:00)`. */
function writeSpan(span: Record<string, number>, zone: string): string {
  const start = span.start ?? span.startTime;
  const end = span.end ?? span.endTime;
  return [start === undefined ? '' : `from ${writeInstant(start, zone)}`, end === undefined ? '' : `until ${writeInstant(end, zone)}`]
    .filter(Boolean)
    .join(' ');
}

/**
 * A value as a change line shows it, in a region's zone: an instant (its `key` says so), a gate,
 * a window in words; anything else short, on one line, its instants written as dates.
 */
export function show(value: unknown, zone = 'UTC', key?: string): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'number' && key !== undefined && INSTANT_KEYS.has(key)) return writeInstant(value, zone);
  if (isGate(value)) return writeStages(value.stage, value.stages);
  if (isSpan(value)) return writeSpan(value, zone);
  const text =
    typeof value === 'string'
      ? `"${value}"`
      : JSON.stringify(value, (k, v: unknown) => (INSTANT_KEYS.has(k) && typeof v === 'number' ? writeInstant(v, zone) : v));
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** One changed value as a line: added, removed, or old -> new, each value written by `write`. */
export function describe(where: string, was: unknown, now: unknown, write: (value: unknown) => string = (value) => show(value)): string {
  return was === undefined
    ? `${where} added: ${write(now)}`
    : now === undefined
      ? `${where} removed (was ${write(was)})`
      : `${where}: ${write(was)} -> ${write(now)}`;
}
