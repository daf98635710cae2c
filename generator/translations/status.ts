import type { SiteModel } from '../resolve/index.ts';
import type { FileFreshness, TextFreshness } from './index.ts';

// The translations' status (`build-region translations`, docs/translations.md): per region and
// per translated file, how many texts are current, stale, missing or unrecorded, and the words
// still to translate; as a table, or markdown for a job summary.

let words: Intl.Segmenter | undefined;

/** Words of a text, as translation vendors count them (a CJK character is a word). */
export function wordCount(text: string): number {
  // Made on first use: a check counts no words.
  words ??= new Intl.Segmenter('en', { granularity: 'word' });
  let count = 0;
  for (const segment of words.segment(text))
    if (segment.isWordLike) count += /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(segment.segment) ? [...segment.segment].length : 1;
  return count;
}

/** Counts of a set of translated texts: each state, and the words of the source texts still to translate (stale and missing). */
export interface FreshnessCounts {
  current: number;
  stale: number;
  missing: number;
  unrecorded: number;
  words: number;
}

export function countTexts(texts: readonly TextFreshness[]): FreshnessCounts {
  const counts: FreshnessCounts = { current: 0, stale: 0, missing: 0, unrecorded: 0, words: 0 };
  for (const text of texts) {
    counts[text.state]++;
    if (text.state === 'stale' || text.state === 'missing') counts.words += wordCount(text.source);
  }
  return counts;
}

export interface TranslationStatus {
  /** Per region: the translated files its pages use (its catalogue, its page files). */
  readonly regions: readonly { code: string; locale: string; files: number; counts: FreshnessCounts }[];
  /** Per translated file, with the texts that are not current. */
  readonly files: readonly {
    id: string;
    source: string;
    counts: FreshnessCounts;
    texts: readonly { key: string; state: string; source: string }[];
  }[];
}

/** The status of the compiled content's translations. */
export function translationStatus(compiled: {
  readonly model: SiteModel;
  readonly translations: readonly FileFreshness[];
}): TranslationStatus {
  const byId = new Map(compiled.translations.map((file) => [file.id, file]));
  const regions = compiled.model.regions.map((region) => {
    const files = region.inputs.map((id) => byId.get(id)).filter((file): file is FileFreshness => file !== undefined);
    return {
      code: region.data.code,
      locale: region.data.locale,
      files: files.length,
      counts: countTexts(files.flatMap((file) => file.texts)),
    };
  });
  const files = compiled.translations.map((file) => ({
    id: file.id,
    source: file.sourceId,
    counts: countTexts(file.texts),
    texts: file.texts.filter((text) => text.state !== 'current').map(({ key, state, source }) => ({ key, state, source })),
  }));
  return { regions, files };
}

/** The status as a table per region, then the files with texts to translate or record (markdown: the table, for a job summary). */
export function formatTranslationStatus(status: TranslationStatus, format: 'text' | 'markdown' = 'text'): string {
  const header = ['region', 'locale', 'files', 'current', 'stale', 'missing', 'unrecorded', 'words to translate'];
  const rows = status.regions.map((r) => [
    r.code,
    r.locale,
    String(r.files),
    String(r.counts.current),
    String(r.counts.stale),
    String(r.counts.missing),
    String(r.counts.unrecorded),
    String(r.counts.words),
  ]);
  if (format === 'markdown') {
    const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
    return ['### Translations', '', row(header), row(header.map((_, column) => (column < 2 ? '---' : '---:'))), ...rows.map(row), ''].join(
      '\n',
    );
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  const behind = status.files.filter((file) => file.texts.length > 0);
  const lines = [line(header), ...rows.map(line), ''];
  if (behind.length === 0) lines.push(`Every translated text is current (${status.files.length} translated files).`, '');
  else {
    lines.push(`${behind.length} of ${status.files.length} translated files have texts that are not current:`);
    for (const file of behind) {
      const { stale, missing, unrecorded } = file.counts;
      const parts = [stale && `${stale} stale`, missing && `${missing} missing`, unrecorded && `${unrecorded} unrecorded`]
        .filter(Boolean)
        .join(', ');
      lines.push(`  ${file.id} (translates ${file.source}): ${parts}`);
      for (const text of file.texts.slice(0, 5)) lines.push(`    ${text.state.padEnd(10)} ${text.key}`);
      if (file.texts.length > 5) lines.push(`    … and ${file.texts.length - 5} more (--format json lists them all)`);
    }
    lines.push(
      '',
      "Translate the stale and missing texts; record a translation as current with 'build-region translations mark <locale or file>'.",
      '',
    );
  }
  return lines.join('\n');
}

/**
 * What an import did, as one line: `Imported 12 texts into 4 files (translated 10, unchanged 2);
 * 3 still to do (not translated in the file), 1 translated from an older source (still stale).`
 */
export function describeImport(result: {
  files: readonly string[];
  translated: number;
  olderSource: number;
  unchanged: number;
  todo: number;
}): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [
    `${plural(result.translated, 'text')} translated and recorded as current`,
    result.olderSource > 0 && `${plural(result.olderSource, 'text')} translated from an older source text (written, still stale)`,
    `${result.unchanged} unchanged`,
    `${result.todo} still to do (not translated or not confirmed in the file)`,
  ].filter(Boolean);
  const files =
    result.files.length === 0 ? 'nothing written' : `${plural(result.files.length, 'file')} written: ${result.files.join(', ')}`;
  return `Imported: ${parts.join('; ')}. ${files[0]!.toUpperCase()}${files.slice(1)}.`;
}
