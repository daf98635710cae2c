import { compileContent } from '../compile.ts';
import type { CompileResult } from '../options.ts';
import { compareStrings, hasErrors } from '../diagnostics/index.ts';
import { buildSchedule } from '../deploy/schedule.ts';
import { allPaths } from '../resolve/pages-showing.ts';
import { regionChanges } from './region.ts';
import type { VisibleChange } from './region.ts';
import { describe, writeInstant } from './words.ts';
import { MAIL_PREFIX } from '../resolve/backends.ts';
import { openRevision } from './revision.ts';
import type { ComparedContent, Revision } from './revision.ts';

/**
 * What a visitor sees change between two versions of the content (`build-region diff <ref>`,
 * docs/deploy.md): both are compiled into the typed model and compared, region by region, so a
 * change to a comment or the formatting of a file is no change at all. Each change is filed
 * under what a visitor meets: pages, prices and offers, banners, navigation, windows and
 * stages, texts, the mail its back end sends, page heads, the schedule, and the rest of a
 * region's settings.
 */

// A change found, as diff/region.ts defines it.
export type { DiffSection, VisibleChange } from './region.ts';

export { contentAtRevision, openRevision } from './revision.ts';
export type { ComparedContent, Revision, RevisionContent } from './revision.ts';

/** The mail a region's visitors receive (the back ends' `mail.*` texts of its locale): changed, added or removed keys. */
function mailChanges(code: string, before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): VisibleChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => key.startsWith(MAIL_PREFIX))
    .sort(compareStrings);
  return keys
    .filter((key) => before[key] !== after[key])
    .map((key) => ({ region: code, section: 'mail' as const, change: describe(key, before[key], after[key]), pages: [] }));
}

/**
 * The schedule's changes of each version, by region, as lines: what differs is a schedule change.
 * Each instant is written in its region's zone (`zones`, the same for both versions, so a line
 * that did not move reads the same).
 */
function scheduleLines(
  compiled: Pick<ComparedContent, 'model'>,
  now: number,
  zones: ReadonlyMap<string, string>,
): Map<string, Map<string, readonly string[]>> {
  const lines = new Map<string, Map<string, readonly string[]>>();
  for (const entry of buildSchedule(compiled.model.regions, now).entries) {
    if (entry.time <= now) continue;
    for (const change of entry.changes) {
      const line = `${writeInstant(entry.time, zones.get(change.region) ?? 'UTC')}: ${change.change}`;
      lines.set(change.region, (lines.get(change.region) ?? new Map()).set(line, change.paths));
    }
  }
  return lines;
}

/** Every visible change from one compiled version of the content to another, region by region. */
export function visibleChanges(before: ComparedContent, after: CompileResult, now: number): VisibleChange[] {
  const changes: VisibleChange[] = [];
  const old = new Map(before.model.regions.map((r) => [r.data.code, r.data]));
  const current = new Map(after.model.regions.map((r) => [r.data.code, r.data]));
  for (const code of new Set([...old.keys(), ...current.keys()])) {
    const a = old.get(code);
    const b = current.get(code);
    if (!a)
      changes.push({
        region: code,
        section: 'pages',
        change: `region added at ${b!.basePath || '/'} (${b!.routes.length} pages)`,
        pages: allPaths(b!),
      });
    else if (!b) changes.push({ region: code, section: 'pages', change: `region removed from ${a.basePath || '/'}`, pages: allPaths(a) });
    else
      changes.push(
        ...regionChanges(code, a, b, now),
        ...mailChanges(code, before.model.backends.messages[a.locale] ?? {}, after.model.backends.messages[b.locale] ?? {}),
      );
  }
  // A region's zone as it is now (as it was, for a region removed).
  const zones = new Map([...before.model.regions, ...after.model.regions].map((r) => [r.data.code, r.data.timeZone]));
  const scheduleBefore = scheduleLines(before, now, zones);
  const scheduleAfter = scheduleLines(after, now, zones);
  for (const code of new Set([...scheduleBefore.keys(), ...scheduleAfter.keys()])) {
    for (const [line, pages] of scheduleAfter.get(code) ?? [])
      if (!scheduleBefore.get(code)?.has(line)) changes.push({ region: code, section: 'schedule', change: `new: ${line}`, pages });
    for (const [line, pages] of scheduleBefore.get(code) ?? [])
      if (!scheduleAfter.get(code)?.has(line)) changes.push({ region: code, section: 'schedule', change: `gone: ${line}`, pages });
  }
  changes.push(...translationChanges(before, after));
  return changes;
}

/**
 * The translations the change left behind (docs/translations.md): per region, each text of its
 * translated files that became stale or missing, with the source's new text. Visitors see no
 * change yet; the translators have work.
 */
function translationChanges(before: ComparedContent, after: CompileResult): VisibleChange[] {
  const was = new Map(before.translations.flatMap((file) => file.texts.map((text) => [`${file.id}\0${text.key}`, text.state] as const)));
  const behind = after.translations
    .map((file) => ({
      file,
      texts: file.texts.filter(
        (text) => (text.state === 'stale' || text.state === 'missing') && was.get(`${file.id}\0${text.key}`) !== text.state,
      ),
    }))
    .filter(({ texts }) => texts.length > 0);
  const quote = (text: string) => `'${text.length > 60 ? `${text.slice(0, 59)}…` : text}'`;
  return after.model.regions.flatMap((region) =>
    behind
      .filter(({ file }) => region.inputs.includes(file.id))
      .flatMap(({ file, texts }) =>
        texts.map((text) => ({
          region: region.data.code,
          section: 'translations' as const,
          change: `${text.state === 'stale' ? 'stale' : 'to translate'}: ${text.key} in ${file.id} (${file.sourceId} now reads ${quote(text.source)})`,
          pages: [],
        })),
      ),
  );
}

/**
 * Compiles the working tree's content and compares it with the content at a revision (what the
 * comparison reads of that side from the build cache, when this commit was compared at `now`
 * before: docs/review.md, "Cost"). The revision is extracted and compiled whole only when its
 * pages are built (`old`; the caller disposes of it).
 */
export async function diffContent(
  contentDir: string,
  revision: string,
  now: number,
  cwd: string,
  /** The build cache to keep the revision's side in: only worth it at an instant given (`--now`), which a later diff can give again. */
  cacheDir?: string,
): Promise<{ before: ComparedContent; after: CompileResult; changes: VisibleChange[]; old: Revision }> {
  const old = await openRevision(contentDir, revision, { cwd, now, cacheDir });
  try {
    const before = await old.compared();
    const after = await compileContent({ content: contentDir, cwd, now });
    return {
      before,
      after,
      changes: hasErrors(before.diagnostics) || hasErrors(after.diagnostics) ? [] : visibleChanges(before, after, now),
      old,
    };
  } catch (error) {
    await old.dispose();
    throw error;
  }
}
