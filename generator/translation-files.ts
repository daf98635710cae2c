import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { writeAtomically } from '../files/disk.js';
import { readJson, writeJson } from './exchange/json.ts';
import { readPo, writePo } from './exchange/po.ts';
import type { ExchangeFormat, ExchangeUnit, ReturnedText } from './exchange/unit.ts';
import { readXliff, writeXliff } from './exchange/xliff.ts';
import { SCHEMA_DIR } from './paths.ts';
import { parsePlural } from './resolve/plurals.ts';
import type { SiteModel } from './resolve/index.ts';
import { sourcesFileId, sourcesFileText, textFingerprint, textUnits } from './translations.ts';
import type { FileFreshness } from './translations.ts';

/**
 * Translations out to translators and back (docs/translations.md): the texts of a locale's
 * translated files written as XLIFF 2.0, XLIFF 1.2, gettext PO or JSON, with the source text,
 * the translation there is, and notes (state, where the text shows, its maximum length); and a
 * translator's file read back into the YAML (the yaml library's Document API: comments, order,
 * quoting and anchors kept) with its fingerprints recorded. The formats are written and read by
 * the libraries of each (xliff, gettext-parser), not by a parser of our own: one module per
 * format in generator/exchange/ (xliff.ts, po.ts, json.ts).
 */

export { EXCHANGE_FORMATS } from './exchange/unit.ts';
export type { ExchangeFormat, ExchangeUnit, ReturnedText };

const require = createRequire(import.meta.url);

/** The maximum lengths of a page file's texts, from its schema (a search result's title, description). */
function maxLengths(): Map<string, number> {
  const schema = JSON.parse(readFileSync(path.join(SCHEMA_DIR, 'page.schema.json'), 'utf8')) as {
    properties: Record<string, { maxLength?: number }>;
  };
  return new Map(
    Object.entries(schema.properties).flatMap(([key, property]) => (property.maxLength ? [[key, property.maxLength] as const] : [])),
  );
}

/**
 * The texts of translated files to send a translator: the stale, missing and unrecorded ones,
 * or every one (`all`), in file and key order.
 */
export function exchangeUnits(files: readonly FileFreshness[], model: SiteModel, all: boolean): ExchangeUnit[] {
  const limits = maxLengths();
  // Where a page file shows: the routes whose text it is.
  const shownOn = new Map<string, string[]>();
  for (const region of model.regions)
    for (const [route, text] of region.texts) shownOn.set(`${text.key}.yaml`, [...(shownOn.get(`${text.key}.yaml`) ?? []), route]);
  const units: ExchangeUnit[] = [];
  for (const file of files) {
    for (const text of file.texts) {
      if (!all && text.state === 'current') continue;
      const where =
        file.kind === 'messages' ? 'an interface text of the sites' : `on ${(shownOn.get(file.id) ?? []).join(', ') || 'no page yet'}`;
      const limit = file.kind === 'page' ? limits.get(text.key) : undefined;
      const state = {
        current: 'current',
        stale: 'stale: its source text changed since it was translated',
        missing: 'not translated yet',
        unrecorded: 'translated, not yet recorded as current',
      }[text.state];
      const keywords = text.key === 'keywords' ? '; keywords, separated by commas' : '';
      units.push({
        file: file.id,
        key: text.key,
        source: text.source,
        target: text.translation ?? '',
        state: text.state,
        note: `${state}; ${where}${limit ? `; at most ${limit} characters` : ''}${keywords}`,
      });
    }
  }
  return units;
}

/** The units as a file of the format, from `sourceLanguage` into `targetLanguage`. */
export async function writeExchange(
  units: readonly ExchangeUnit[],
  format: ExchangeFormat,
  languages: { source: string; target: string },
): Promise<string> {
  if (format === 'json') return writeJson(units, languages);
  if (format === 'po') return writePo(units, languages);
  return writeXliff(units, format, languages);
}

/** The format of a translator's file, by its name: .xlf/.xliff (either version), .po, .json. */
export function exchangeFormatOf(fileName: string, text: string): ExchangeFormat | undefined {
  if (/\.(xlf|xliff)$/i.test(fileName)) return /version="1\.2"/.test(text) ? 'xliff1.2' : 'xliff';
  if (/\.po$/i.test(fileName)) return 'po';
  if (/\.json$/i.test(fileName)) return 'json';
  return undefined;
}

/** Reads a translator's file (throws with the parser's message when it is not well-formed). */
export async function readExchange(text: string, format: ExchangeFormat): Promise<{ targetLanguage?: string; texts: ReturnedText[] }> {
  if (format === 'json') return readJson(text);
  if (format === 'po') return readPo(text);
  return readXliff(text, format);
}

/**
 * The placeholders of a text (`{email}`, and a plural's count where it is shown), each once,
 * sorted: a translation has exactly its source's.
 */
export function placeholders(text: string): string[] {
  const named = (part: string) => [...part.matchAll(/\{[A-Za-z0-9_]+\}/g)].map((m) => m[0]);
  let plural: ReturnType<typeof parsePlural>;
  try {
    plural = parsePlural(text);
  } catch {
    plural = undefined;
  }
  // A plural's count is a placeholder where a form shows it (#); a text that only chooses by it
  // ('{count, plural, one {day} other {days}}') may be translated without it ('j').
  const shown = plural && [...plural.forms.values()].some((form) => form.includes('#')) ? [`{${plural.name}}`] : [];
  const all = plural
    ? [...shown, ...named(plural.before), ...named(plural.after), ...[...plural.forms.values()].flatMap(named)]
    : named(text);
  return [...new Set(all)].sort();
}

/** The line of a translator's file where a text's id first appears (1 when not found): where a refusal points. */
function lineOf(text: string, file: string, key: string): number {
  const candidates = [`${file}#${key}`, `id="${key}"`, `"${key}"`];
  for (const needle of candidates) {
    const at = text.indexOf(needle);
    if (at >= 0) return text.slice(0, at).split('\n').length;
  }
  return 1;
}

export type ImportResult = { ok: true; files: string[]; texts: number } | { ok: false; problems: string[] };

/**
 * Writes a translator's file back into the content: each text with a translation into its
 * translated file (the value of an existing text replaced in place; a missing one added), and
 * its fingerprint into the file's sources. Refuses the whole file, writing nothing, when it is
 * not well-formed, is for another locale, names a file or text that is not one of the locale's
 * translations, or changes a text's placeholders; every problem at `fileName:line`.
 */
export async function importTranslations(options: {
  contentDir: string;
  fileName: string;
  text: string;
  /** The locale's translated files (build-region translations mark's selection of the locale). */
  files: (locale: string) => readonly FileFreshness[];
}): Promise<ImportResult> {
  const { fileName, text } = options;
  const format = exchangeFormatOf(fileName, text);
  if (!format) return { ok: false, problems: [`${fileName}:1: not a translation file: expected .xlf, .xliff, .po or .json`] };
  let read: Awaited<ReturnType<typeof readExchange>>;
  try {
    read = await readExchange(text, format);
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    const line = /line[: ]+(\d+)/i.exec(reason)?.[1] ?? '1';
    return {
      ok: false,
      problems: [`${fileName}:${line}: not well-formed ${format === 'po' ? 'PO' : format === 'json' ? 'JSON' : 'XLIFF'}: ${reason}`],
    };
  }
  if (!read.targetLanguage) return { ok: false, problems: [`${fileName}:1: the file names no target language`] };
  const files = options.files(read.targetLanguage);
  if (files.length === 0)
    return { ok: false, problems: [`${fileName}:1: no translated file is in ${read.targetLanguage}: the content has no such locale`] };
  const byId = new Map(files.map((file) => [file.id, file]));
  const problems: string[] = [];
  const accepted: { file: FileFreshness; key: string; target: string }[] = [];
  for (const returned of read.texts) {
    const at = `${fileName}:${lineOf(text, returned.file, returned.key)}`;
    const file = byId.get(returned.file);
    if (!file) {
      problems.push(`${at}: ${returned.file || '(no file)'} is not a translated file of ${read.targetLanguage}`);
      continue;
    }
    const source = file.texts.find((t) => t.key === returned.key);
    if (!source) {
      problems.push(`${at}: ${file.id} has no text ${returned.key} to translate (its source ${file.sourceId} has none)`);
      continue;
    }
    if (returned.target.trim() === '') continue; // not translated yet: left as it is
    const want = placeholders(source.source);
    const have = placeholders(returned.target);
    if (want.join() !== have.join()) {
      problems.push(
        `${at}: the translation of ${returned.key} has the placeholders ${have.join(', ') || 'none'}, its source ${want.join(', ') || 'none'}: keep every {name} of the source, unchanged`,
      );
      continue;
    }
    accepted.push({ file, key: returned.key, target: returned.target });
  }
  if (problems.length > 0) return { ok: false, problems };

  // Everything checked: the new texts of each file, then the writes.
  const { parseDocument, isScalar } = require('yaml') as typeof import('yaml');
  const writes: { target: string; content: string }[] = [];
  const touched = [...new Set(accepted.map((a) => a.file))];
  for (const file of touched) {
    const yamlPath = path.join(options.contentDir, file.id);
    const doc = parseDocument(readFileSync(yamlPath, 'utf8'));
    const mine = accepted.filter((a) => a.file === file);
    for (const { key, target } of mine) {
      // A text the translator left as it was is left as it is, byte for byte.
      if (file.texts.find((t) => t.key === key)?.translation === target) continue;
      const segments = key.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
      if (file.kind === 'page' && key === 'keywords') {
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
    for (const { key, target } of mine)
      if (key !== 'keywords' && after.get(key)?.text !== target)
        return { ok: false, problems: [`${fileName}:1: ${file.id}: the text ${key} could not be written`] };
    writes.push({ target: yamlPath, content });
    // Its sources: the imported texts now translate their source texts as they are.
    const sourcesPath = path.join(options.contentDir, sourcesFileId(file.id));
    const fingerprints = { ...readSources(sourcesPath, file.sourceId) };
    for (const { key } of mine) fingerprints[key] = textFingerprint(file.texts.find((t) => t.key === key)!.source);
    writes.push({ target: sourcesPath, content: sourcesFileText(file, fingerprints) });
  }
  for (const write of writes) await writeAtomically(write.target, write.content);
  return { ok: true, files: touched.map((f) => f.id), texts: accepted.length };
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
