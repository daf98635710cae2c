import path from 'node:path';
import { writeAtomically } from '../../files/disk.js';
import type { CompileResult } from '../compile.ts';
import { markedSources, sourcesFileId } from '../translations.ts';
import type { FileFreshness, TranslationStatus } from '../translations.ts';

/**
 * `build-region translations`: how far each region's translations are in step with their
 * sources (docs/translations.md), and `translations mark`, which records translations as
 * current. Flags in, a library call, printed out: the work is in generator/translations.ts.
 */
export { translationStatus } from '../translations.ts';

/** The status as a table per region, then the files with texts to translate or record (markdown: the table, for a job summary). */
export function formatTranslationStatus(status: TranslationStatus, format: 'text' | 'markdown' = 'text'): string {
  const header = ['region', 'locale', 'files', 'current', 'stale', 'missing', 'unrecorded', 'words to translate'];
  const rows = status.regions.map((r) => [r.code, r.locale, String(r.files), String(r.counts.current), String(r.counts.stale), String(r.counts.missing), String(r.counts.unrecorded), String(r.counts.words)]);
  if (format === 'markdown') {
    const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
    return ['### Translations', '', row(header), row(header.map((_, column) => (column < 2 ? '---' : '---:'))), ...rows.map(row), ''].join('\n');
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd();
  const behind = status.files.filter((file) => file.texts.length > 0);
  const lines = [line(header), ...rows.map(line), ''];
  if (behind.length === 0) lines.push(`Every translated text is current (${status.files.length} translated files).`, '');
  else {
    lines.push(`${behind.length} of ${status.files.length} translated files have texts that are not current:`);
    for (const file of behind) {
      const { stale, missing, unrecorded } = file.counts;
      const parts = [stale && `${stale} stale`, missing && `${missing} missing`, unrecorded && `${unrecorded} unrecorded`].filter(Boolean).join(', ');
      lines.push(`  ${file.id} (translates ${file.source}): ${parts}`);
      for (const text of file.texts.slice(0, 5)) lines.push(`    ${text.state.padEnd(10)} ${text.key}`);
      if (file.texts.length > 5) lines.push(`    … and ${file.texts.length - 5} more (--format json lists them all)`);
    }
    lines.push('', "Translate the stale and missing texts; record a translation as current with 'build-region translations mark <locale or file>'.", '');
  }
  return lines.join('\n');
}

/**
 * The translated files `targets` name: a file's id (pages/faq/fr.yaml), or a locale (its
 * catalogue, and the page files of the regions in that locale); every file when none.
 */
export function selectTranslations(compiled: Pick<CompileResult, 'model' | 'translations'>, targets: readonly string[]): { files: FileFreshness[]; unknown: string[] } {
  if (targets.length === 0) return { files: [...compiled.translations], unknown: [] };
  const chosen = new Set<FileFreshness>();
  const unknown: string[] = [];
  for (const target of targets) {
    const byFile = compiled.translations.filter((file) => file.id === target || file.id === target.replace(/^content\//, ''));
    const regionsOfLocale = compiled.model.regions.filter((region) => region.data.locale === target);
    const byLocale = compiled.translations.filter((file) => (file.kind === 'messages' ? file.id === `messages/${target}.yaml` : regionsOfLocale.some((region) => region.inputs.includes(file.id))));
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
