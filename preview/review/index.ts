import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { compileContent, buildSchedule, hasErrors, openRevision, visibleChanges } from '../../generator/index.ts';
import type { CompileResult, ComparedContent, VisibleChange } from '../../generator/index.ts';
import { startPictureThread } from '../pictures/picture-thread.ts';

export { startPictureThread };
import { chromiumPath, PICTURE_SIZES } from '../pictures/index.ts';
import { writeReview } from './files.ts';
import { sameAtBoundary } from './same.ts';
import type { PageToReview, PictureResult, ReviewOptions, ReviewResult } from './types.ts';

export type { PageToReview, PictureResult, ReviewOptions, ReviewResult };
import { pictureSides } from './sides.ts';

/**
 * `build-region diff <revision> --pictures` (docs/review.md): the pages whose visible content
 * differs between the content at a revision and the working tree (the pages the diff's words
 * name), built on both sides, pictured in Chromium at a phone's and a desktop's width at the
 * diff's instant and any later instants asked for, compared pixel by pixel, and written as one
 * self-contained review page.
 */

/** How far ahead `--at boundaries` looks for schedule boundaries. */
export const BOUNDARY_WINDOW = 14 * 24 * 3600_000;

/** The instants to picture: the diff's own, those given, and the schedule boundaries within the window. */
export function reviewInstants(
  before: ComparedContent,
  after: CompileResult,
  now: number,
  at: ReviewOptions['at'],
): { time: number; boundary: boolean }[] {
  const out = new Map<number, boolean>([[now, false]]);
  for (const instant of at) {
    if (instant !== 'boundaries') out.set(instant, out.get(instant) ?? false);
    else
      for (const side of [before, after])
        for (const entry of buildSchedule(side.model.regions, now).entries)
          if (entry.time > now && entry.time <= now + BOUNDARY_WINDOW && !out.has(entry.time)) out.set(entry.time, true);
  }
  return [...out].sort(([a], [b]) => a - b).map(([time, boundary]) => ({ time, boundary }));
}

/**
 * The pages to picture (docs/review.md): at the diff's instant and each instant given, every
 * page the diff's changes at that instant name (a price on the pages that show it, a banner on
 * every page of its region, a comment nowhere); at a schedule boundary, the pages whose visible
 * content differs between the two sides at that instant (the diff's words at that instant name
 * them: no build or picture is needed to know) and that the boundary changes on either side (a
 * window opening, a stage's price): a page the same on both sides then (a changed page that has
 * closed on both) is not pictured, nor one the boundary leaves as it was (its pictures would be
 * those of the instant before).
 */
export function pagesToReview(before: ComparedContent, after: CompileResult, now: number, at: ReviewOptions['at']): PageToReview[] {
  const pages: PageToReview[] = [];
  const named = (changes: readonly VisibleChange[]) => {
    const byPage = new Map<string, { region: string; path: string; changes: string[] }>();
    for (const change of changes)
      for (const page of change.pages) {
        const key = `${change.region}\0${page}`;
        const entry = byPage.get(key) ?? { region: change.region, path: page, changes: [] };
        entry.changes.push(`${change.section}: ${change.change}`);
        byPage.set(key, entry);
      }
    return byPage;
  };
  const affected = named(visibleChanges(before, after, now));
  for (const { time, boundary } of reviewInstants(before, after, now, at)) {
    const byPage = time === now ? affected : named(visibleChanges(before, after, time));
    if (!boundary) {
      for (const [key, page] of new Map([...affected, ...byPage]))
        pages.push({
          ...page,
          at: time,
          changes: [...new Set([...(affected.get(key)?.changes ?? []), ...(byPage.get(key)?.changes ?? [])])],
        });
      continue;
    }
    for (const side of [before, after]) {
      const entry = buildSchedule(side.model.regions, now).entries.find((e) => e.time === time);
      for (const change of entry?.changes ?? [])
        for (const page of change.paths) {
          const key = `${change.region}\0${page}`;
          // The same on both sides at that instant: nothing to see (docs/review.md, "Instants").
          if (!byPage.has(key) || sameAtBoundary(before, after, change.region, page, time, byPage.get(key)!.changes)) continue;
          const found = pages.find((p) => p.at === time && p.region === change.region && p.path === page);
          const words = `schedule (${side === before ? 'before' : 'after'}): ${change.change}`;
          if (found) {
            if (!found.changes.includes(words)) found.changes.push(words);
          } else pages.push({ region: change.region, path: page, at: time, changes: [words, ...byPage.get(key)!.changes] });
        }
    }
  }
  // Once each (a page named at the diff's instant and again at an instant given is pictured at both).
  const seen = new Set<string>();
  return pages.filter((p) => {
    const key = `${p.region}\0${p.path}\0${p.at}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** Builds both sides of the regions with pages to review, pictures them and writes the review page. */
export async function reviewPictures(options: ReviewOptions): Promise<ReviewResult> {
  const log = options.log ?? (() => {});
  const sizes = options.sizes ?? PICTURE_SIZES;
  const old =
    options.old ??
    // At a review's own instant (the studio's clock) no later review asks for the same: nothing kept.
    (await openRevision(options.content, options.revision, { cwd: options.cwd, now: options.now, cacheDir: undefined }));
  const work = await mkdtemp(path.join(os.tmpdir(), 'build-region-review-'));
  try {
    const { before, after } = options.compiled ?? {
      before: await old.compared(),
      after: await compileContent({ content: options.content, cwd: options.cwd, now: options.now }),
    };
    if (hasErrors(before.diagnostics) || hasErrors(after.diagnostics))
      return {
        errors: `the content ${hasErrors(after.diagnostics) ? 'of the working tree' : `at ${options.revision}`} has errors`,
        pages: [],
        pictures: [],
      };
    const pages = pagesToReview(before, after, options.now, options.at);
    let pictures: PictureResult[] = [];
    if (pages.length > 0 && !existsSync(chromiumPath()))
      return {
        unavailable: `no Chromium at ${chromiumPath()} (install it, apt-get install chromium, or set CHROMIUM_PATH to where it is)`,
        pages,
        pictures,
      };
    if (pages.length > 0) {
      // Chromium starts (if it has not yet) while the base side's pictures are looked up and the sides build.
      const thread = options.pictures ?? startPictureThread();
      try {
        pictures = await pictureSides({ options, before, after, old, work, pages, sizes, log }, thread);
      } finally {
        if (!options.pictures) await thread.close();
      }
    }
    const { file } = await writeReview({ ...options, pages, pictures, log });
    return { pages, pictures, file };
  } finally {
    if (!options.old) await old.dispose();
    await rm(work, { recursive: true, force: true });
  }
}
