import { createHash } from 'node:crypto';
import path from 'node:path';
import { writeAtomically } from '../../files/disk.js';
import { createDiagnostic } from '../diagnostics/index.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import { rangeOfPath } from '../load/source-file.ts';
import type { GlossaryData } from '../../core/glossary.ts';
import { glossaryDiagnostics, glossaryLocaleDiagnostics } from './glossary.ts';
import { numbersDiagnostic } from './numbers.ts';
import type { SourceFile } from '../load/source-file.ts';
import type { SiteModel } from '../resolve/index.ts';
import type { ValidatedContent } from '../validate/index.ts';

/**
 * Translation freshness (docs/translations.md). A catalogue or page file that says what it
 * translates (`translates: en-US` in a catalogue, `translates: en` in a page file) has a sources
 * file beside it (`fr-FR.sources.json`) holding, per text, a fingerprint of the source text it
 * was translated from. When a source text changes, its translations are stale: `--check` warns
 * at each (W0401) and `build-region translations` counts them. The sources files are written by
 * `build-region translations mark` (and the import), never by hand.
 */

/** The sources file of a translated file: `messages/fr-FR.yaml` -> `messages/fr-FR.sources.json`. */
export function sourcesFileId(id: string): string {
  return id.replace(/\.ya?ml$/, '.sources.json');
}

const fingerprints = new Map<string, string>();

/** A text's fingerprint: the first 12 hex digits of its SHA-256 (each source text hashed once, however many translate it). */
export function textFingerprint(text: string): string {
  let found = fingerprints.get(text);
  if (found === undefined) fingerprints.set(text, (found = createHash('sha256').update(text).digest('hex').slice(0, 12)));
  return found;
}

/** One translatable text of a file: its path in the file's data, and the text. */
export interface TextUnit {
  readonly path: readonly string[];
  readonly text: string;
}

/**
 * Fields of a page file that are no text to translate: what names things (addresses, pictures,
 * products, a language), and the downloads, which are each market's own list of files.
 */
const NOT_TEXT = new Set(['translates', 'lang', 'lineup', 'href', 'image', 'product', 'template', 'downloads']);

/** The texts of a catalogue (under `messages`) or a page file (every string but the fields that name things), by dotted key. */
export function textUnits(kind: 'messages' | 'page', data: unknown): ReadonlyMap<string, TextUnit> {
  // A file's data is the same object from compile to compile while the file is unchanged (the
  // live preview's memory, generator/options.ts `CompileMemory`): its units are read once.
  const cache = data !== null && typeof data === 'object' ? knownUnits[kind] : undefined;
  const known = cache?.get(data as object);
  if (known) return known;
  const units = readUnits(kind, data);
  cache?.set(data as object, units);
  return units;
}

const knownUnits = {
  messages: new WeakMap<object, ReadonlyMap<string, TextUnit>>(),
  page: new WeakMap<object, ReadonlyMap<string, TextUnit>>(),
};

function readUnits(kind: 'messages' | 'page', data: unknown): ReadonlyMap<string, TextUnit> {
  const units = new Map<string, TextUnit>();
  const walk = (value: unknown, at: string[]) => {
    if (typeof value === 'string') units.set(at.join('.'), { path: at, text: value });
    // A page's keywords are one text: each language picks its own, not one for one.
    else if (kind === 'page' && at.length === 1 && at[0] === 'keywords' && Array.isArray(value))
      units.set('keywords', { path: at, text: value.join(', ') });
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...at, String(index)]));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) if (!(kind === 'page' && NOT_TEXT.has(key))) walk(item, [...at, key]);
  };
  if (kind === 'messages') walk((data as { messages?: unknown }).messages, ['messages']);
  else walk(data, []);
  return units;
}

export type TextState = 'current' | 'stale' | 'missing' | 'unrecorded';

export interface TextFreshness {
  readonly key: string;
  /** Its path in the translation's data (in the source's when missing). */
  readonly path: readonly string[];
  readonly state: TextState;
  /** The source's text now. */
  readonly source: string;
  /** The translation's text (none when missing). */
  readonly translation?: string;
}

/** A translated file against its source. */
export interface FileFreshness {
  /** Ids relative to the content folder: the translation, its source. */
  readonly id: string;
  readonly sourceId: string;
  readonly kind: 'messages' | 'page';
  /** The locale (a catalogue's) or language (a page file's `lang`, else its name) its texts are in: the glossary's key for it. */
  readonly locale: string;
  readonly file: SourceFile;
  /** The file it translates. */
  readonly sourceFile: SourceFile;
  readonly texts: readonly TextFreshness[];
}

interface Translated {
  readonly kind: 'messages' | 'page';
  readonly source: SourceFile;
  readonly data: unknown;
  readonly translates?: string;
  /** The locale (a catalogue's) or language (a page file's `lang`, else its name) the glossary is read for. */
  readonly locale: string;
  /** A catalogue that extends another inherits what it does not write: nothing of it is missing. */
  readonly inherits: boolean;
}

/** The id of the file a translated file names in `translates`. */
export function translatedFrom(kind: 'messages' | 'page', id: string, translates: string): string {
  return kind === 'messages' ? `messages/${translates}.yaml` : `${id.slice(0, id.lastIndexOf('/'))}/${translates}.yaml`;
}

/**
 * Every translated file of the content against its source, with each text's state; and the
 * diagnostics of the translations: a `translates` that names no file (E0240), a stale text
 * (W0401, at the translation's text, naming the source's new text), a text whose numbers or units
 * differ from its source's (W0403, translations/numbers.ts), a text without the glossary's word
 * for a term of its source (W0404) or without a word the glossary keeps (W0405, core/glossary.ts);
 * and the glossary's forms for a locale or language no translated text is in (W0406).
 */
export function translationFreshness(content: Pick<ValidatedContent, 'messages' | 'pages' | 'sources' | 'present' | 'glossary'>): {
  files: FileFreshness[];
  diagnostics: Diagnostic[];
} {
  const all: Translated[] = [
    ...content.messages.map((m) => ({
      kind: 'messages' as const,
      source: m.source,
      data: m.data,
      translates: m.data.translates,
      locale: m.data.locale,
      inherits: m.data.extends !== undefined,
    })),
    ...content.pages.map((p) => ({
      kind: 'page' as const,
      source: p.source,
      data: p.data,
      translates: p.data.translates,
      locale: p.data.lang ?? path.posix.basename(p.source.id, '.yaml'),
      inherits: false,
    })),
  ];
  const byId = new Map(all.map((file) => [file.source.id, file]));
  const recorded = new Map(content.sources.map((s) => [s.source.id, s.data]));
  const files: FileFreshness[] = [];
  const diagnostics: Diagnostic[] = [];
  const glossary: GlossaryData | undefined = content.glossary?.data;
  for (const translation of all) {
    if (translation.translates === undefined) continue;
    const sourceId = translatedFrom(translation.kind, translation.source.id, translation.translates);
    const source = byId.get(sourceId);
    if (!source || source === translation) {
      // A source that exists but is invalid has its own errors: nothing to compare it with.
      if (source !== translation && content.present.has(sourceId)) continue;
      diagnostics.push(
        createDiagnostic(
          'E0240',
          { translates: translation.translates, expected: sourceId },
          rangeOfPath(translation.source, ['translates']),
        ),
      );
      continue;
    }
    const record = recorded.get(sourcesFileId(translation.source.id));
    const fingerprints = record?.source === sourceId ? record.texts : {};
    const theirs = textUnits(translation.kind, translation.data);
    const texts: TextFreshness[] = [];
    for (const [key, unit] of textUnits(source.kind, source.data)) {
      const own = theirs.get(key);
      if (!own) {
        if (!translation.inherits) texts.push({ key, path: unit.path, state: 'missing', source: unit.text });
        continue;
      }
      const made = fingerprints[key];
      const state: TextState = made === undefined ? 'unrecorded' : made === textFingerprint(unit.text) ? 'current' : 'stale';
      texts.push({ key, path: own.path, state, source: unit.text, translation: own.text });
      if (state === 'stale')
        diagnostics.push(createDiagnostic('W0401', { key, source: sourceId, text: unit.text }, rangeOfPath(translation.source, own.path)));
      const numbers = numbersDiagnostic(key, sourceId, unit.text, own.text, () => rangeOfPath(translation.source, own.path));
      if (numbers) diagnostics.push(numbers);
      if (glossary) diagnostics.push(...glossaryDiagnostics(glossary, key, translation.locale, translation.source, unit.text, own));
    }
    files.push({
      id: translation.source.id,
      sourceId,
      kind: translation.kind,
      locale: translation.locale,
      file: translation.source,
      sourceFile: source.source,
      texts,
    });
  }
  if (content.glossary)
    diagnostics.push(
      ...glossaryLocaleDiagnostics(content.glossary, new Set(all.filter((t) => t.translates !== undefined).map((t) => t.locale))),
    );
  return { files: files.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), diagnostics };
}

/** The text of a translated file's sources file: its fingerprints by text key, keys sorted. */
export function sourcesFileText(file: Pick<FileFreshness, 'id' | 'sourceId'>, fingerprints: Readonly<Record<string, string>>): string {
  const schema = `${'../'.repeat(file.id.split('/').length - 1)}../schema/sources.schema.json`;
  const texts = Object.fromEntries(Object.entries(fingerprints).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `${JSON.stringify({ $schema: schema, source: file.sourceId, texts }, null, 2)}\n`;
}

/**
 * The sources file that records every text a translated file has as translating its source's
 * text now (`build-region translations mark`).
 */
export function markedSources(file: FileFreshness): string {
  return sourcesFileText(
    file,
    Object.fromEntries(file.texts.filter((text) => text.state !== 'missing').map((text) => [text.key, textFingerprint(text.source)])),
  );
}

/** A region's pages not yet translated into its language: shown in their source text (docs/translations.md). */
export interface UntranslatedPages {
  readonly region: string;
  /** The language their text is in (BCP 47: `en`). */
  readonly language: string;
  /** Their page names, in the region's route order (by path). */
  readonly pages: readonly string[];
}

/** Per region (in the content's order), the pages it shows in another language's text; regions with none are left out. */
export function untranslatedPages(model: Pick<SiteModel, 'regions'>): UntranslatedPages[] {
  return model.regions.flatMap(({ data }) => {
    const byLanguage = new Map<string, string[]>();
    for (const route of data.routes)
      if (route.fallback) byLanguage.set(route.fallback, [...(byLanguage.get(route.fallback) ?? []), route.page]);
    return [...byLanguage].map(([language, pages]) => ({ region: data.code, language, pages }));
  });
}

/**
 * The note `--check` prints about pages not yet translated, a line per region: `jp: 2 pages
 * shown in English (en): faq, support`. Informational: it fails nothing. Empty when none.
 */
export function describeUntranslated(list: readonly UntranslatedPages[]): string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
  return list.map(
    ({ region, language, pages }) =>
      `${region}: ${pages.length} page${pages.length === 1 ? '' : 's'} shown in ${names.of(language) ?? language} (${language}), not yet translated: ${pages.join(', ')}`,
  );
}

/**
 * The translated files `targets` name: a file's id (pages/faq/fr.yaml), or a locale (its
 * catalogue, and the page files of the regions in that locale); every file when none.
 */
export function selectTranslations(
  compiled: { model: SiteModel; translations: readonly FileFreshness[] },
  targets: readonly string[],
): { files: FileFreshness[]; unknown: string[] } {
  if (targets.length === 0) return { files: [...compiled.translations], unknown: [] };
  const chosen = new Set<FileFreshness>();
  const unknown: string[] = [];
  for (const target of targets) {
    const byFile = compiled.translations.filter((file) => file.id === target || file.id === target.replace(/^content\//, ''));
    const regionsOfLocale = compiled.model.regions.filter((region) => region.data.locale === target);
    const byLocale = compiled.translations.filter((file) =>
      file.kind === 'messages' ? file.id === `messages/${target}.yaml` : regionsOfLocale.some((region) => region.inputs.includes(file.id)),
    );
    const found = [...byFile, ...byLocale];
    if (found.length === 0) unknown.push(target);
    for (const file of found) chosen.add(file);
  }
  return { files: [...chosen].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), unknown };
}

/**
 * Records every text of the given translated files as translating its source's text now:
 * writes each one's sources file (atomically, beside it in the content folder). Returns the
 * sources files written, relative to the content folder.
 */
export async function markTranslations(contentDir: string, files: readonly FileFreshness[]): Promise<string[]> {
  const written: string[] = [];
  for (const file of files) {
    const id = sourcesFileId(file.id);
    const target = path.join(contentDir, id);
    await writeAtomically(target, markedSources(file));
    written.push(id);
  }
  return written;
}
