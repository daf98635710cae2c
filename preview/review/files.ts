// The files of a review (docs/review.md): the review page (index.html), the job summary
// (summary.md) and the results for scripts (review.json), with the marks read for them.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderReviewPage, renderReviewSummary } from './page.ts';
import { isMarked, markId, MARKS_FILE, readMarks } from './marks.ts';
import type { ReadMarks } from './marks.ts';
import type { PageToReview, PictureResult } from './types.ts';

export interface ReviewFiles {
  revision: string;
  now: number;
  pages: readonly PageToReview[];
  pictures: readonly PictureResult[];
  out: string;
  cwd: string;
  /** The marks file given (`--marks`); without it MARKS_FILE in `cwd`, when there is one. */
  marks?: string | undefined;
  /** Where a problem with the marks file is said (stderr), besides the summary and the page. */
  log: (line: string) => void;
}

/** Writes the review's three files into `out`; returns the review page's path and the marks read. */
export async function writeReview(review: ReviewFiles): Promise<{ file: string; marks: ReadMarks }> {
  const marks = await readMarks(path.resolve(review.cwd, review.marks ?? MARKS_FILE), review.cwd, review.marks !== undefined);
  for (const problem of marks.problems) review.log(`build-region: ${problem}\n`);
  const held = new Set(marks.marks.map(markId));
  const rendered = { ...review, marks: marks.marks.length > 0 || marks.problems.length > 0 ? marks : undefined };
  await mkdir(review.out, { recursive: true });
  const file = path.join(review.out, 'index.html');
  await writeFile(file, renderReviewPage(rendered));
  await writeFile(path.join(review.out, 'summary.md'), renderReviewSummary(rendered));
  // For scripts: no pictures; the areas, the fingerprint a mark names, and whether one holds.
  const results = review.pictures.map(({ before: _b, after: _a, difference: _d, crops: _c, ...rest }) => ({
    ...rest,
    at: new Date(rest.at).toISOString(),
    ...(rest.changed > 0 && rest.fingerprint && { marked: isMarked(rest, review.now, held) }),
  }));
  await writeFile(
    path.join(review.out, 'review.json'),
    `${JSON.stringify({ revision: review.revision, now: new Date(review.now).toISOString(), pictures: results }, null, 2)}\n`,
  );
  return { file, marks };
}
