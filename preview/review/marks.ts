// "Seen, as intended" (docs/review.md, "Marks"): a reviewer's marks on the changed pictures of a
// review page, downloaded from it as a file and read by the next review, which shows them and
// lists in its summary the changed pictures nobody has marked yet. Nothing but the file keeps
// them: no service.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PictureResult } from './types.ts';

/** Where a review looks for marks when none are given (`--marks`): beside the content, at the repository's root. */
export const MARKS_FILE = 'review-marks.json';
/** What a marks file says it is (its "format"). */
export const MARKS_FORMAT = 'build-region review marks 1';

/**
 * A mark: this page, at this instant and width, was seen as intended, as long as its after
 * picture has this fingerprint (compare-worker.js: its pixels' SHA-256). A changed picture is a
 * new picture, the mark no longer holds.
 */
export interface Mark {
  region: string;
  path: string;
  /** The instant pictured (ISO 8601), or 'now' for the review's own (`--now`, by default the clock's: in CI a new one each run). */
  at: string;
  /** The width's name (phone, desktop). */
  size: string;
  fingerprint: string;
}

/** The marks read for a review, and what was wrong with the file, if anything. */
export interface ReadMarks {
  /** The file as the messages name it (relative to the working folder). */
  file: string;
  marks: Mark[];
  /** Said on stderr and in the summary: a file that could not be read, or marks left out. */
  problems: string[];
}

const FIELDS = ['region', 'path', 'at', 'size', 'fingerprint'] as const;

/** The mark that a changed picture would have; none for a picture without a change or a fingerprint. */
export function markOf(picture: PictureResult, now: number): Mark | undefined {
  if (picture.changed === 0 || !picture.fingerprint) return undefined;
  const at = picture.at === now ? 'now' : new Date(picture.at).toISOString().replace('.000Z', 'Z');
  return { region: picture.region, path: picture.path, at, size: picture.size, fingerprint: picture.fingerprint };
}

/** A mark as one string (its fields in a fixed order): the same mark, the same string. */
export const markId = (mark: Mark) => JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, mark[field]])));

/**
 * The marks of a file. `given`: the reviewer named it (`--marks`), so a missing file is said; the
 * file looked for by default (MARKS_FILE) may be absent. A file that is not a marks file, or a
 * mark that lacks a field, is said and left out: the review goes on, without those marks.
 */
export async function readMarks(file: string, cwd: string, given: boolean): Promise<ReadMarks> {
  const name = path.relative(cwd, file) || file;
  const none = (problem: string): ReadMarks => ({ file: name, marks: [], problems: [`${problem}; no picture counts as marked`] });
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !given) return { file: name, marks: [], problems: [] };
    return none(code === 'ENOENT' ? `the marks file ${name} does not exist` : `the marks file ${name} could not be read (${code})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return none(`the marks file ${name} is not JSON (${(error as Error).message})`);
  }
  const record = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!record(data) || data.format !== MARKS_FORMAT)
    return none(`the marks file ${name} is not the marks of a review page (it should say "format": "${MARKS_FORMAT}")`);
  if (!Array.isArray(data.marks)) return none(`the marks file ${name} has no list of "marks"`);
  const marks: Mark[] = [];
  const problems: string[] = [];
  data.marks.forEach((entry: unknown, index) => {
    const lacking = record(entry) ? FIELDS.find((field) => typeof entry[field] !== 'string' || entry[field] === '') : 'region';
    if (lacking) problems.push(`mark ${index + 1} of ${name} has no "${lacking}" text; it is left out`);
    else marks.push(Object.fromEntries(FIELDS.map((field) => [field, (entry as Record<string, string>)[field]])) as unknown as Mark);
  });
  return { file: name, marks, problems };
}

/** Whether a picture is marked as seen by one of the marks (its after picture unchanged since). */
export function isMarked(picture: PictureResult, now: number, marks: ReadonlySet<string>): boolean {
  const mark = markOf(picture, now);
  return mark !== undefined && marks.has(markId(mark));
}
