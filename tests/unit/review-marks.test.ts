import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeReview } from '../../preview/review/files.ts';
import { MARKS_FORMAT, readMarks } from '../../preview/review/marks.ts';
import type { PictureResult } from '../../preview/review/index.ts';

/**
 * "Seen, as intended" (issue 46, point 4; docs/review.md "Marks"): the marks file a review page
 * downloads, read by the next review; a bad file is said, never a crash.
 */
const NOW = Date.parse('2026-11-22T12:00:00+08:00');
const LATER = Date.parse('2026-12-01T05:00:00Z');
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-marks-'));
afterAll(() => rm(work, { recursive: true, force: true }));

const price = 'prices and offers: price of AI Base: $299.00 -> $289.00';
const picture = (at: number, pathname: string, size: string, changed: number, fingerprint: string): PictureResult => ({
  region: 'us',
  path: pathname,
  at,
  changes: [price],
  size,
  changed,
  width: size === 'phone' ? 375 : 1280,
  height: 3000,
  fingerprint,
});
const pictures = [
  picture(NOW, '/us', 'phone', 0, 'a0'),
  picture(NOW, '/us', 'desktop', 117, 'a1'),
  picture(NOW, '/us/ai-base', 'phone', 405, 'b0'),
  picture(NOW, '/us/ai-base', 'desktop', 413, 'b1'),
  picture(LATER, '/us/ai-base', 'phone', 400, 'c0'),
];
const mark = (pathname: string, at: string, size: string, fingerprint: string) => ({ region: 'us', path: pathname, at, size, fingerprint });

/** Writes a marks file and a review with it; the summary, review.json and what was said. */
async function reviewWith(name: string, marks: string | undefined) {
  if (marks !== undefined) await writeFile(path.join(work, `${name}.json`), marks);
  const said: string[] = [];
  const out = path.join(work, name);
  const written = await writeReview({
    revision: 'origin/main',
    now: NOW,
    pages: [],
    pictures,
    out,
    cwd: work,
    marks: path.join(work, `${name}.json`),
    log: (line) => said.push(line),
  });
  return {
    written,
    said,
    summary: await readFile(path.join(out, 'summary.md'), 'utf8'),
    json: JSON.parse(await readFile(path.join(out, 'review.json'), 'utf8')) as {
      pictures: { path: string; size: string; marked?: boolean }[];
    },
    page: await readFile(path.join(out, 'index.html'), 'utf8'),
  };
}
const file = (marks: unknown[]) => JSON.stringify({ format: MARKS_FORMAT, revision: 'origin/main', marks });

describe('marks', () => {
  it('lists in the summary the changed pictures nobody marked, by page and instant, and says when all are', async () => {
    const none = await reviewWith('none', file([]));
    expect(none.summary).toContain(
      'Not yet marked as seen: us /us (desktop); us /us/ai-base (phone, desktop); us /us/ai-base at 2026-12-01T05:00:00Z (phone).',
    );
    const some = await reviewWith(
      'some',
      file([mark('/us/ai-base', 'now', 'phone', 'b0'), mark('/us/ai-base', '2026-12-01T05:00:00Z', 'phone', 'c0')]),
    );
    expect(some.said).toEqual([]);
    expect(some.summary).toContain('Not yet marked as seen: us /us (desktop); us /us/ai-base (desktop). (2 of 4 changed pictures');
    expect(some.summary).toContain('| us | /us/ai-base | 2026-11-22T04:00:00Z | 405, seen | 413 |');
    expect(some.json.pictures.map((p) => p.marked)).toEqual([undefined, false, true, false, true]);
    // The page shows the marks held ticked, the others not.
    expect(some.page.match(/<input type="checkbox" data-mark="[^"]+" checked>/g)).toHaveLength(2);
    expect(some.page.match(/<input type="checkbox"/g)).toHaveLength(4);
    expect(some.page).toContain('2 of 4 changed pictures marked as seen, as intended (2 from some.json).');
    const all = await reviewWith(
      'all',
      file([
        mark('/us', 'now', 'desktop', 'a1'),
        mark('/us/ai-base', 'now', 'phone', 'b0'),
        mark('/us/ai-base', 'now', 'desktop', 'b1'),
        mark('/us/ai-base', '2026-12-01T05:00:00Z', 'phone', 'c0'),
      ]),
    );
    expect(all.summary).toContain('All 4 changed pictures are marked as seen, as intended (all.json).');
    expect(all.summary).not.toContain('Not yet marked');
  });

  it('does not count a mark whose picture has changed since, nor one of another instant or width', async () => {
    const stale = await reviewWith(
      'stale',
      file([
        mark('/us', 'now', 'desktop', 'an older picture'),
        mark('/us/ai-base', 'now', 'desktop', 'b0'),
        mark('/us/ai-base', 'now', 'phone', 'c0'),
      ]),
    );
    expect(stale.summary).toContain(
      'Not yet marked as seen: us /us (desktop); us /us/ai-base (phone, desktop); us /us/ai-base at 2026-12-01T05:00:00Z (phone).',
    );
  });

  it('says what is wrong with a bad marks file, writes the review all the same and counts nothing from it', async () => {
    const cases: [string, string | undefined, string][] = [
      ['missing', undefined, 'the marks file missing.json does not exist; no picture counts as marked'],
      ['broken', '{ "format": ', 'the marks file broken.json is not JSON ('],
      [
        'other',
        '{ "marks": [] }',
        `the marks file other.json is not the marks of a review page (it should say "format": "${MARKS_FORMAT}")`,
      ],
      ['listless', JSON.stringify({ format: MARKS_FORMAT, marks: {} }), 'the marks file listless.json has no list of "marks"'],
    ];
    for (const [name, text, message] of cases) {
      const review = await reviewWith(name, text);
      expect(review.said.join(''), name).toContain(`build-region: ${message}`);
      expect(review.summary, name).toContain(`The marks: ${message.replaceAll('_', '\\_')}`);
      expect(review.summary, name).toContain('Not yet marked as seen: us /us (desktop); us /us/ai-base (phone, desktop)');
      expect(review.page, name).toContain('<p class="problem">the marks file');
    }
    // A mark that lacks a field is left out; the others hold.
    const partly = await reviewWith('partly', file([{ region: 'us', path: '/us' }, mark('/us', 'now', 'desktop', 'a1'), 'seen']));
    expect(partly.said).toEqual([
      'build-region: mark 1 of partly.json has no "at" text; it is left out\n',
      'build-region: mark 3 of partly.json has no "region" text; it is left out\n',
    ]);
    expect(partly.summary).toContain(
      'Not yet marked as seen: us /us/ai-base (phone, desktop); us /us/ai-base at 2026-12-01T05:00:00Z (phone).',
    );
  });

  it('looks for review-marks.json in the working folder when no file is given, and says nothing when there is none', async () => {
    expect(await readMarks(path.join(work, 'review-marks.json'), work, false)).toEqual({
      file: 'review-marks.json',
      marks: [],
      problems: [],
    });
    await writeFile(path.join(work, 'review-marks.json'), file([mark('/us', 'now', 'desktop', 'a1')]));
    const said: string[] = [];
    await writeReview({
      revision: 'main',
      now: NOW,
      pages: [],
      pictures,
      out: path.join(work, 'default'),
      cwd: work,
      log: (l) => said.push(l),
    });
    expect(said).toEqual([]);
    expect(await readFile(path.join(work, 'default', 'summary.md'), 'utf8')).toContain(
      'Not yet marked as seen: us /us/ai-base (phone, desktop); us /us/ai-base at 2026-12-01T05:00:00Z (phone).',
    );
  });
});
