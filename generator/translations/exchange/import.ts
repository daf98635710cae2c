import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CompileResult } from '../../options.ts';
import type { Diagnostic } from '../../diagnostics/index.ts';
import { sourceFile, rangeOfPath } from '../../load/source-file.ts';
import { sourcesFileId, sourcesFileText, textFingerprint, textUnits } from '../index.ts';
import type { FileFreshness } from '../index.ts';
import { commitContentFiles } from '../../load/content-commit.ts';
import type { CommitOptions } from '../../../files/commit.ts';
import { readJson } from './json.ts';
import { readPo } from './po.ts';
import { placeholders, textProblem } from './texts.ts';
import { ExchangeReadError, isDone } from './unit.ts';
import type { ReadResult, ReturnedText } from './unit.ts';
import { readXliff } from './xliff-read.ts';

/**
 * A translator's file back into the content (docs/translations.md, "Import"): read as its
 * standard defines it (translations/exchange/xliff-read.ts, po.ts, json.ts), every text checked, then
 * written all or nothing (load/content-commit.ts). A text is written and recorded as current only
 * when the file says it was translated (XLIFF `state` translated/reviewed/final, 1.2
 * translated/signed-off/final, PO not `fuzzy`, JSON `state`); an untouched or still-fuzzy text
 * keeps its old fingerprint and stays stale. The whole file is refused, with the translator's
 * file's line and the reason, when one text fails one check `--check` runs (plural forms, ICU,
 * lengths, and every other) or holds a control character, a lone surrogate or a bidi control,
 * or changes its source's placeholders.
 */

const require = createRequire(import.meta.url);

/** The largest translator's file import reads: larger ones are refused before a byte is read. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** What an import did: the files it wrote, and how many texts were translated, unchanged, still to do. */
export interface ImportSummary {
  /** The content files written (translations and their sources files), relative to the content folder. */
  readonly files: readonly string[];
  /** Texts written and recorded as translating their source as it is now. */
  readonly translated: number;
  /** Texts written but translated from an older source than today's: they stay stale. */
  readonly olderSource: number;
  /** Texts the file says are done whose translation and record were already so. */
  readonly unchanged: number;
  /** Texts not done in the file (empty, `initial`, fuzzy, `needs-*`): left as they are. */
  readonly todo: number;
}

export type ImportResult = ({ readonly ok: true } & ImportSummary) | { readonly ok: false; readonly problems: readonly string[] };

export interface ImportOptions {
  readonly contentDir: string;
  /** The translator's file: its path, and how to name it in messages. */
  readonly path: string;
  readonly name: string;
  /** The content compiled as it is now. */
  readonly compiled: Pick<CompileResult, 'diagnostics' | 'model' | 'translations'>;
  /** The locale's translated files (a locale as the content spells it). */
  readonly files: (locale: string) => readonly FileFreshness[];
  /** The content compiled with some files replaced (compile.ts `compileOverlay`, at the same instant as `compiled`). */
  readonly recompile: (overlay: ReadonlyMap<string, string>) => Promise<Pick<CompileResult, 'diagnostics'>>;
  /** For tests: called as the files are put in place (files/commit.ts). */
  readonly commit?: CommitOptions;
}

/** The format of a translator's file, by its name: .xlf/.xliff (XLIFF, its version read from the file), .po, .json. */
export function importFormatOf(fileName: string): 'xliff' | 'po' | 'json' | undefined {
  if (/\.(xlf|xliff)$/i.test(fileName)) return 'xliff';
  if (/\.po$/i.test(fileName)) return 'po';
  if (/\.json$/i.test(fileName)) return 'json';
  return undefined;
}

/** A language tag as BCP 47 compares them: case-insensitively, with POSIX's `_` (PO's `fr_FR`) as `-`. */
const normalTag = (tag: string) => tag.trim().replace(/_/g, '-').toLowerCase();

interface Accepted {
  readonly file: FileFreshness;
  readonly returned: ReturnedText;
  readonly path: readonly string[];
  /** The fingerprint to record: today's source's, or the older source's the file says it translated. */
  readonly fingerprint: string;
}

/** Reads the file, refusing it when it is too large, unreadable or not as its standard defines it. */
async function readTranslatorFile(options: ImportOptions): Promise<ReadResult | string> {
  const format = importFormatOf(options.name);
  if (!format) return `${options.name}:1: not a translation file: expected .xlf, .xliff, .po or .json`;
  let size: number;
  try {
    size = (await stat(options.path)).size;
  } catch (error) {
    return `${options.name}:1: cannot read it: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
  if (size > MAX_IMPORT_BYTES)
    return `${options.name}:1: the file is ${(size / 1024 / 1024).toFixed(1)} MB; import reads files up to ${MAX_IMPORT_BYTES / 1024 / 1024} MB (export fewer texts at a time: one locale, without --all)`;
  let bytes: Uint8Array;
  try {
    bytes = await readFile(options.path);
  } catch (error) {
    return `${options.name}:1: cannot read it: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
  try {
    return format === 'po' ? await readPo(bytes) : format === 'json' ? readJson(bytes) : readXliff(bytes);
  } catch (error) {
    if (error instanceof ExchangeReadError) return `${options.name}:${error.line}: ${error.message}`;
    throw error;
  }
}

/**
 * Checks a translator's file against the content and writes its translated texts, all or
 * nothing; returns the problems (each `name:line: reason`) when it refuses the file.
 */
export async function importTranslations(options: ImportOptions): Promise<ImportResult> {
  const read = await readTranslatorFile(options);
  if (typeof read === 'string') return { ok: false, problems: [read] };
  const at = (line: number) => `${options.name}:${line}`;
  if (!read.targetLanguage) return { ok: false, problems: [`${at(1)}: the file names no target language`] };
  const locales = [...new Set(options.compiled.model.regions.map((region) => region.data.locale))];
  const locale = locales.find((known) => normalTag(known) === normalTag(read.targetLanguage!));
  const files = locale === undefined ? [] : options.files(locale);
  if (files.length === 0)
    return {
      ok: false,
      problems: [`${at(1)}: no translated file is in ${read.targetLanguage}: the content's locales are ${locales.join(', ')}`],
    };
  const byId = new Map(files.map((file) => [file.id, file]));
  const { problems, accepted, unchanged, todo } = judgeTexts(read.texts, byId, locale, at);
  if (problems.length > 0) return { ok: false, problems };

  const writes = new Map<string, string>();
  const touched = [...new Set(accepted.map((a) => a.file))];
  for (const file of touched) {
    const mine = accepted.filter((a) => a.file === file);
    const written = writeTexts(options.contentDir, file, mine);
    if (typeof written !== 'string')
      return { ok: false, problems: [`${at(written.line)}: ${file.id}: the text ${written.key} could not be written`] };
    writes.set(file.id, written);
    const sourcesId = sourcesFileId(file.id);
    const fingerprints = { ...readSources(path.join(options.contentDir, sourcesId), file.sourceId) };
    for (const { returned, fingerprint } of mine) fingerprints[returned.key] = fingerprint;
    writes.set(sourcesId, sourcesFileText(file, fingerprints));
  }
  const checked = await checkWrites(options, writes, accepted);
  if (checked.length > 0) return { ok: false, problems: checked };
  if (writes.size > 0) {
    try {
      await commitContentFiles(options.contentDir, writes, options.commit);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, problems: [`${at(1)}: the content could not be written (${reason}); it is as it was`] };
    }
  }
  const olderSource = accepted.filter(
    (a) => a.fingerprint !== textFingerprint(a.file.texts.find((t) => t.key === a.returned.key)!.source),
  ).length;
  return { ok: true, files: [...writes.keys()].sort(), translated: accepted.length - olderSource, olderSource, unchanged, todo };
}

/**
 * Each returned text judged against the content: a problem (unknown file or text, a character
 * or placeholder refused), still to do, unchanged, or accepted with the fingerprint to record.
 */
function judgeTexts(
  texts: readonly ReturnedText[],
  byId: ReadonlyMap<string, FileFreshness>,
  locale: string | undefined,
  at: (line: number) => string,
): { problems: string[]; accepted: Accepted[]; unchanged: number; todo: number } {
  const problems: string[] = [];
  const accepted: Accepted[] = [];
  let unchanged = 0;
  let todo = 0;
  for (const returned of texts) {
    const file = byId.get(returned.file);
    if (!file) {
      problems.push(`${at(returned.line)}: ${returned.file || '(no file)'} is not a translated file of ${locale}`);
      continue;
    }
    const text = file.texts.find((t) => t.key === returned.key);
    if (!text) {
      problems.push(`${at(returned.line)}: ${file.id} has no text ${returned.key} to translate (its source ${file.sourceId} has none)`);
      continue;
    }
    if (returned.target === '' || !isDone(returned.state)) {
      todo++;
      continue;
    }
    const bad = textProblem(returned.target);
    if (bad) {
      problems.push(`${at(returned.line)}: the translation of ${returned.key} ${bad}`);
      continue;
    }
    const want = placeholders(text.source);
    const have = placeholders(returned.target);
    if (want.join() !== have.join()) {
      problems.push(
        `${at(returned.line)}: the translation of ${returned.key} has the placeholders ${have.join(', ') || 'none'}, its source ${want.join(', ') || 'none'}: keep every {name} of the source, unchanged`,
      );
      continue;
    }
    const fromSource = returned.source === undefined || returned.source === text.source ? text.source : returned.source;
    if (text.state === 'current' && text.translation === returned.target && fromSource === text.source) {
      unchanged++;
      continue;
    }
    accepted.push({ file, returned, path: text.path, fingerprint: textFingerprint(fromSource) });
  }
  return { problems, accepted, unchanged, todo };
}

/**
 * A translated file's YAML with the accepted texts written in (the yaml library's Document API:
 * comments, order, quoting and anchors kept), or the first text that did not come out as given.
 */
function writeTexts(contentDir: string, file: FileFreshness, mine: readonly Accepted[]): string | { key: string; line: number } {
  const { parseDocument, isScalar } = require('yaml') as typeof import('yaml');
  const doc = parseDocument(readFileSync(path.join(contentDir, file.id), 'utf8'));
  for (const { returned } of mine) {
    const target = returned.target;
    // A text the translator left as it was is left as it is, byte for byte.
    if (file.texts.find((t) => t.key === returned.key)?.translation === target) continue;
    const segments = returned.key.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    if (file.kind === 'page' && returned.key === 'keywords') {
      // Quoted as the list was.
      const was = doc.getIn(['keywords', 0], true);
      const list = doc.createNode(target.split(/\s*,\s*/).filter(Boolean));
      list.flow = true;
      for (const item of list.items) if (isScalar(item)) item.type = isScalar(was) ? was.type : 'QUOTE_DOUBLE';
      doc.setIn(['keywords'], list);
      continue;
    }
    const node = doc.getIn(segments, true);
    if (isScalar(node)) node.value = target;
    else doc.setIn(segments, target);
  }
  const content = doc.toString({ lineWidth: 0, doubleQuotedAsJSON: true, flowCollectionPadding: false });
  // The texts as the content now has them: every one imported, nothing else changed.
  const after = textUnits(file.kind, parseDocument(content).toJS());
  for (const { returned } of mine)
    if (returned.key !== 'keywords' && after.get(returned.key)?.text !== returned.target) return { key: returned.key, line: returned.line };
  return content;
}

/**
 * Every check `--check` runs, over the content as the import would leave it: a diagnostic the
 * content does not have now is a problem of the text it points into (at that text's line in the
 * translator's file).
 */
async function checkWrites(options: ImportOptions, writes: ReadonlyMap<string, string>, accepted: readonly Accepted[]): Promise<string[]> {
  if (writes.size === 0) return [];
  const sameAs = (d: Diagnostic) => `${d.code}\u0000${d.file}\u0000${d.message}`;
  const before = new Set(options.compiled.diagnostics.map(sameAs));
  const after = await options.recompile(writes);
  // A stale text (W0401) is what a translation of an older source text is meant to be: written, still to do.
  const fresh = after.diagnostics.filter((d) => d.code !== 'W0401' && !before.has(sameAs(d)));
  const files = new Map<string, ReturnType<typeof sourceFile>>();
  const fileOf = (id: string, shown: string) => files.get(id) ?? files.set(id, sourceFile(shown, id, writes.get(id)!)).get(id)!;
  return fresh.map((d) => {
    // The imported text whose node starts last at or before the diagnostic.
    let best: Accepted | undefined;
    let bestLine = 0;
    for (const a of accepted) {
      if (!d.file.endsWith(a.file.id)) continue;
      const line = rangeOfPath(fileOf(a.file.id, d.file), a.path).line;
      if (line <= d.line && line >= bestLine) {
        best = a;
        bestLine = line;
      }
    }
    const where = best ? `${options.name}:${best.returned.line}: the translation of ${best.returned.key}` : `${options.name}:1: the import`;
    return `${where} would give ${d.severity === 'error' ? 'error' : 'warning'} ${d.code} at ${d.file}:${d.line}:${d.column}: ${d.message}`;
  });
}

/** The fingerprints a sources file holds (none when it is missing or records another source). */
function readSources(file: string, sourceId: string): Record<string, string> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { source?: string; texts?: Record<string, string> };
    return data.source === sourceId && data.texts ? data.texts : {};
  } catch {
    return {};
  }
}
