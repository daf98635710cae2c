import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { compileContent, compileOverlay } from '../compile.ts';
import type { CompileResult } from '../options.ts';
import { hasErrors } from '../diagnostics/index.ts';
import { describeImport, formatTranslationStatus, translationStatus } from '../translations/status.ts';
import { markTranslations, selectTranslations } from '../translations/index.ts';
import type { CliIO, Run } from './shared.ts';
import { contentOption, finish, formatOption, printDiagnostics, usage, UsageError } from './shared.ts';

/**
 * `build-region translations`: how far each region's translations are in step with their
 * sources (docs/translations.md); `mark` records translations as current; `export` and
 * `import` exchange a locale's texts with a translator's tool. The work is in
 * generator/translations/index.ts and generator/translations/exchange/files.ts.
 */

interface ExportOptions {
  locale: string;
  format: 'xliff' | 'xliff1.2' | 'po' | 'json';
  all?: boolean;
  out?: string;
  content: string;
}

export function register(parent: Command, io: CliIO, run: Run): void {
  const translations = parent
    .command('translations')
    .description(
      "How far each region's translations are in step with their sources: per region its current, stale, missing and unrecorded texts, and the words to translate (docs/translations.md).",
    )
    .addOption(contentOption())
    .addOption(formatOption(['text', 'json', 'markdown']))
    .action((options: { content: string; format: 'text' | 'json' | 'markdown' }) => run(() => executeStatus(options, io)));
  finish(translations, io, [
    'Examples:',
    '  $ build-region translations                   the table, and the files behind',
    '  $ build-region translations --format json     every text that is not current',
    '  $ build-region translations mark fr-FR        record the French texts as current',
  ]);
  const mark = translations
    .command('mark')
    .description(
      'Record translations as current: each text of the files named translates its source text as it is now (writes their .sources.json files).',
    )
    .argument(
      '[targets...]',
      'locales (fr-FR: its catalogue and the page files of its regions) or translated files (pages/faq/fr.yaml); default every translated file',
    )
    .addOption(contentOption())
    .action((targets: string[], options: { content: string }) => run(() => executeMark(targets, options, io)));
  finish(mark, io);
  const exporting = translations
    .command('export')
    .description(
      "Write a locale's texts to translate for a translator's tool: the stale, missing and unrecorded ones (--all: every one), with the source text, the translation there is, and notes (state, where it shows, maximum length).",
    )
    .requiredOption('--locale <locale>', 'the locale to translate into (fr-FR)')
    .addOption(formatOption(['xliff', 'xliff1.2', 'po', 'json'], 'file format: XLIFF 2.0, XLIFF 1.2, gettext PO or JSON').default('xliff'))
    .option('--all', 'every text of the locale, current ones too')
    .option('--out <file>', 'write there instead of to standard output')
    .addOption(contentOption())
    .action((options: ExportOptions) => run(() => executeExport(options, io)));
  finish(exporting, io);
  const importing = translations
    .command('import')
    .description(
      "Write a translator's file (XLIFF 2.0 or 1.2, PO or JSON) back into the content: the texts its states say are translated (or reviewed), recorded as current; untranslated and fuzzy ones stay as they are. Refuses the whole file, writing nothing, when it is not as its standard defines it, names texts the locale does not have, changes a text's {placeholders}, or holds a text --check would refuse; writes every file or none.",
    )
    .argument('<file>', 'the translated file')
    .addOption(contentOption())
    .action((file: string, options: { content: string }) => run(() => executeImport(file, options, io)));
  finish(importing, io);
}

/** The content compiled for a translations command, or undefined once its errors are printed (exit 1). */
async function compileForTranslations(
  content: string,
  io: CliIO,
  format: 'text' | 'json' = 'text',
  now?: number,
): Promise<CompileResult | undefined> {
  const compiled = await compileContent({ content, cwd: io.cwd, ...(now !== undefined && { now }) });
  if (!hasErrors(compiled.diagnostics)) return compiled;
  printDiagnostics(compiled.diagnostics, compiled.sources, format, io);
  if (format === 'json') io.stdout(`${JSON.stringify({ ok: false, diagnostics: compiled.diagnostics }, null, 2)}\n`);
  return undefined;
}

/** `build-region translations`: the content's translations against their sources. */
async function executeStatus(options: { content: string; format: 'text' | 'json' | 'markdown' }, io: CliIO): Promise<number> {
  const compiled = await compileForTranslations(options.content, io, options.format === 'json' ? 'json' : 'text');
  if (!compiled) return 1;
  const status = translationStatus(compiled);
  io.stdout(
    options.format === 'json' ? `${JSON.stringify({ ok: true, ...status }, null, 2)}\n` : formatTranslationStatus(status, options.format),
  );
  return 0;
}

/** `build-region translations mark`: records the named translations as current. */
async function executeMark(targets: string[], options: { content: string }, io: CliIO): Promise<number> {
  const compiled = await compileForTranslations(options.content, io);
  if (!compiled) return 1;
  const { files, unknown } = selectTranslations(compiled, targets);
  if (unknown.length > 0)
    return usage(
      new UsageError(
        `no translated file or locale ${unknown.map((t) => `'${t}'`).join(', ')} (a locale such as fr-FR, or a file such as pages/faq/fr.yaml that says translates)`,
      ),
      io,
      'translations mark ',
    );
  const written = await markTranslations(path.resolve(io.cwd, options.content), files);
  io.stdout(`Recorded ${written.length} translated file${written.length === 1 ? '' : 's'} as current.\n`);
  return 0;
}

/** `build-region translations export`: a locale's texts to translate, as a translator's file. */
async function executeExport(options: ExportOptions, io: CliIO): Promise<number> {
  const compiled = await compileForTranslations(options.content, io);
  if (!compiled) return 1;
  const { exchangeUnits, UnrepresentableText, writeExchange } = await import('../translations/exchange/files.ts');
  const { files } = selectTranslations(compiled, [options.locale]);
  if (files.length === 0)
    return usage(
      new UsageError(
        `no translated file is in '${options.locale}' (the locales: ${[...new Set(compiled.model.regions.map((r) => r.data.locale))].join(', ')})`,
      ),
      io,
      'translations export ',
    );
  const catalogue = files.find((file) => file.kind === 'messages');
  const source = catalogue ? catalogue.sourceId.replace(/^messages\/|\.yaml$/g, '') : 'en';
  const units = exchangeUnits(files, compiled.model, options.all === true);
  if (units.length === 0) {
    io.stderr(`Nothing to translate in ${options.locale}: every text is current (--all exports every text). Nothing was written.\n`);
    return 0;
  }
  let text: string;
  try {
    text = await writeExchange(units, options.format, { source, target: options.locale });
  } catch (error) {
    if (!(error instanceof UnrepresentableText)) throw error;
    io.stderr(`Cannot export ${options.locale} as ${options.format}: ${error.message}. Nothing was written.\n`);
    return 1;
  }
  if (options.out) {
    await writeFile(path.resolve(io.cwd, options.out), text);
    io.stderr(`Wrote ${units.length} text${units.length === 1 ? '' : 's'} of ${options.locale} to translate into ${options.out}.\n`);
  } else io.stdout(text);
  return 0;
}

/** `build-region translations import`: a translator's file back into the content. */
async function executeImport(file: string, options: { content: string }, io: CliIO): Promise<number> {
  // Texts are checked at the instant the content is compiled; the import's own compile uses the same.
  const now = Date.now();
  const compiled = await compileForTranslations(options.content, io, 'text', now);
  if (!compiled) return 1;
  const { importTranslations } = await import('../translations/exchange/files.ts');
  const result = await importTranslations({
    contentDir: path.resolve(io.cwd, options.content),
    path: path.resolve(io.cwd, file),
    name: file,
    compiled,
    files: (locale) => selectTranslations(compiled, [locale]).files,
    recompile: (overlay) => compileOverlay({ content: options.content, cwd: io.cwd, now }, overlay),
  });
  if (!result.ok) {
    // A wrong file can have a problem a text: the first hundred say what is wrong.
    for (const problem of result.problems.slice(0, 100)) io.stderr(`${problem}\n`);
    if (result.problems.length > 100) io.stderr(`… and ${result.problems.length - 100} more.\n`);
    io.stderr(`Nothing was written: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} in ${file}.\n`);
    return 1;
  }
  io.stdout(`${describeImport(result)}\n`);
  return 0;
}
