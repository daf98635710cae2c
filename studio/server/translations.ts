import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { sourcesFileId, textUnits } from '../../generator/index.ts';
import type { CompileResult, FileFreshness, TextFreshness, TextUnit } from '../../generator/index.ts';
import type { TextState, TranslationColumn, TranslationsAnswer, TranslationSourcesAnswer, TranslationText } from '../api.ts';
import { contentPath, readContentFile } from './files.ts';
import { formSchema } from './schemas.ts';
import { Refusal } from './security.ts';
import { createSourceHistory } from './source-history.ts';
import type { SourceHistory } from './source-history.ts';
import { wordDiff } from './word-diff.ts';
import type { Workspace } from './workspace.ts';

/**
 * Translations side by side (docs/studio.md): a source file's texts in every locale at once,
 * each with its state, and for a stale one the source as it was when translated (from git:
 * source-history.ts) and the word diff to the source now. Read from the workspace's compile with
 * the session's unsaved texts, the same that `build-region translations` counts from the disk.
 */

/** One history per studio, kept as long as its workspace: what it read of git stays read. */
const histories = new WeakMap<Workspace, SourceHistory>();

function sourceHistoryOf(workspace: Workspace): SourceHistory {
  let history = histories.get(workspace);
  if (!history) histories.set(workspace, (history = createSourceHistory(workspace.root)));
  return history;
}

/** GET /api/translations: every source file with translations, each translation's counts. */
export async function translationSources(workspace: Workspace): Promise<TranslationSourcesAnswer> {
  const compiled = await workspace.compileWith(new Map());
  const bySource = new Map<string, FileFreshness[]>();
  for (const file of compiled.translations) bySource.set(file.sourceId, [...(bySource.get(file.sourceId) ?? []), file]);
  const sources = [...bySource]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, files]) => ({
      id,
      kind: files[0]!.kind,
      translations: files.map((file) => ({ id: file.id, locale: localeOf(compiled, file), ...countStates(file.texts) })),
    }));
  return { sources };
}

function countStates(texts: readonly TextFreshness[]): Record<TextState, number> {
  const counts = { current: 0, stale: 0, missing: 0, unrecorded: 0 };
  for (const text of texts) counts[text.state]++;
  return counts;
}

/** GET /api/translations?source=: the source's texts and each translation's, by key. */
export async function translationsOf(workspace: Workspace, sourceId: string): Promise<TranslationsAnswer> {
  await contentPath(workspace.root, sourceId);
  const compiled = await workspace.compileWith(new Map());
  const files = compiled.translations.filter((file) => file.sourceId === sourceId);
  if (files.length === 0)
    throw new Refusal(
      404,
      `No file translates '${sourceId}': a translation says so at its top (translates: en, or en-US for a catalogue).`,
    );
  const { kind, sourceFile } = files[0]!;
  const texts = [...sourceUnits(kind, sourceFile.text)].map(([key, unit]) => ({ key, text: unit.text }));
  const translations = await Promise.all(files.map((file) => columnOf(workspace, compiled, file)));
  const glossary = compiled.glossary;
  return { source: { id: sourceId, kind, texts }, translations, limits: limitsOf(kind, texts), ...(glossary && { glossary }) };
}

/** The length limits of a source's top-level texts, from its kind's schema (`maxLength`: a page's title, 70; description, 200). */
function limitsOf(kind: 'messages' | 'page', texts: readonly { key: string }[]): Record<string, number> {
  const properties =
    (formSchema(kind === 'page' ? 'page' : 'messages') as { properties?: Record<string, { maxLength?: unknown }> }).properties ?? {};
  return Object.fromEntries(
    texts.flatMap(({ key }) => {
      const limit = properties[key]?.maxLength;
      return typeof limit === 'number' ? [[key, limit]] : [];
    }),
  );
}

const parsed = new Map<string, ReadonlyMap<string, TextUnit>>();

/** A source file's texts by key, parsed once per version of its text. */
export function sourceUnits(kind: 'messages' | 'page', text: string): ReadonlyMap<string, TextUnit> {
  const key = `${kind}\u0000${text}`;
  let units = parsed.get(key);
  if (!units) {
    units = textUnits(kind, parse(text, { merge: false }));
    // A handful of sources are open in a session: the map stays small.
    if (parsed.size >= 32) parsed.clear();
    parsed.set(key, units);
  }
  return units;
}

async function columnOf(workspace: Workspace, compiled: CompileResult, file: FileFreshness): Promise<TranslationColumn> {
  const [disk, recorded] = await Promise.all([readContentFile(workspace.root, file.id), recordedFingerprints(workspace.root, file)]);
  const history = sourceHistoryOf(workspace);
  const texts: Record<string, TranslationText> = {};
  for (const text of file.texts) {
    const was = text.state === 'stale' ? await asItWas(history, file, text, recorded[text.key]) : undefined;
    texts[text.key] = { state: text.state, ...(text.translation !== undefined && { text: text.translation }), ...(was && { was }) };
  }
  const language = path.posix.basename(file.id).replace(/\.ya?ml$/, '');
  return {
    id: file.id,
    language,
    locale: localeOf(compiled, file),
    // The language alone: the locale beside it names the country ("French (fr-FR)", not "French (France) (fr-FR)").
    name: languageNames.of(language.split('-')[0]!) ?? language,
    glossaryLocale: file.locale,
    hash: disk.hash,
    unsaved: workspace.unsaved.has(file.id),
    texts,
  };
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** A catalogue's locale is its name; a page file's, the locale of the regions that show it when they share one. */
function localeOf(compiled: CompileResult, file: FileFreshness): string {
  const language = path.posix.basename(file.id).replace(/\.ya?ml$/, '');
  if (file.kind === 'messages') return language;
  const locales = new Set(compiled.model.regions.filter((region) => region.inputs.includes(file.id)).map((region) => region.data.locale));
  return locales.size === 1 ? [...locales][0]! : language;
}

/**
 * The fingerprints a translation's sources file records, by key: none when it has no sources
 * file, or one of another source (as the compiler reads it, generator/translations).
 */
export async function recordedFingerprints(root: string, file: Pick<FileFreshness, 'id' | 'sourceId'>): Promise<Record<string, string>> {
  const text = await readFile(path.join(root, sourcesFileId(file.id)), 'utf8').catch(() => undefined);
  if (text === undefined) return {};
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    throw new Refusal(
      422,
      `${sourcesFileId(file.id)} is not JSON: fix it, or record the file again with 'build-region translations mark'.`,
    );
  }
  const { source, texts } = (record ?? {}) as { source?: unknown; texts?: unknown };
  if (source !== file.sourceId || typeof texts !== 'object' || texts === null) return {};
  return Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

async function asItWas(
  history: SourceHistory,
  file: FileFreshness,
  text: TextFreshness,
  fingerprint: string | undefined,
): Promise<TranslationText['was']> {
  if (fingerprint === undefined) return { found: false, reason: 'No fingerprint is recorded for it.' };
  const old = await history.textAsItWas(file.sourceId, file.kind, text.key, fingerprint);
  if ('text' in old) return { found: true, text: old.text, diff: wordDiff(old.text, text.source) };
  return {
    found: false,
    reason:
      old.unknown === 'no-git'
        ? 'The source as it was is not in git: the content folder is not in a git repository.'
        : `The source as it was is not in git: none of the last commits of ${file.sourceId} has the text this translation was made from.`,
  };
}
