import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeJson } from './json.ts';
import { writePo } from './po.ts';
import type { ExchangeFormat, ExchangeUnit, ReturnedText } from './unit.ts';
import { writeXliff } from './xliff.ts';
export { UnrepresentableText } from './xliff.ts';
import { SCHEMA_DIR } from '../../paths.ts';
import { rangeOfPath } from '../../load/source-file.ts';
import type { SiteModel } from '../../resolve/index.ts';
import type { FileFreshness } from '../index.ts';

/**
 * Translations out to translators and back (docs/translations.md): the texts of a locale's
 * translated files written as XLIFF 2.0, XLIFF 1.2, gettext PO or JSON, with the source text,
 * the translation there is, each text's state in the format's own terms, and notes (where the
 * text shows, its maximum length); and a translator's file read back (generator/exchange/
 * import.ts: read as each standard defines it, checked, written all or nothing). One module per
 * format in generator/exchange/: xliff.ts and xliff-read.ts (XLIFF 2.0 and 1.2: a conformant
 * XML parser, saxes, reads them), po.ts (gettext-parser), json.ts.
 */

export { EXCHANGE_FORMATS } from './unit.ts';
export type { ExchangeFormat, ExchangeUnit, ReturnedText };
export { importFormatOf, importTranslations, MAX_IMPORT_BYTES } from './import.ts';
export type { ImportOptions, ImportResult, ImportSummary } from './import.ts';
export { placeholders, textProblem } from './texts.ts';

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
  // Where a page file shows: the routes whose text it is, as paths of their regions.
  const shownOn = new Map<string, string[]>();
  for (const region of model.regions)
    for (const [route, text] of region.texts) {
      const id = `${text.key}.yaml`;
      shownOn.set(id, [...(shownOn.get(id) ?? []), route]);
    }
  const units: ExchangeUnit[] = [];
  for (const file of files) {
    const pages = file.kind === 'page' ? [...new Set(shownOn.get(file.id) ?? [])].sort() : [];
    for (const text of file.texts) {
      if (!all && text.state === 'current') continue;
      const where = file.kind === 'messages' ? 'an interface text of the sites' : `on ${pages.join(', ') || 'no page yet'}`;
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
        shownOn: pages,
        ...(limit !== undefined && { maxLength: limit }),
        line: rangeOfPath(text.state === 'missing' ? file.sourceFile : file.file, text.path).line,
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
  if (format === 'po') return await writePo(units, languages);
  return writeXliff(units, format, languages);
}
