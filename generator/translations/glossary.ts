import { formsOf, glossaryProblems } from '../../core/glossary.ts';
import type { GlossaryData } from '../../core/glossary.ts';
import { createDiagnostic } from '../diagnostics/index.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import { suggest } from '../diagnostics/suggest.ts';
import { rangeOfKey, rangeOfPath } from '../load/source-file.ts';
import type { SourceFile } from '../load/source-file.ts';

// The glossary's check of a translated text (docs/translations.md, "Glossary"; core/glossary.ts
// finds the words, which the studio shows with the same functions).

/** W0404 and W0405 at a translated text: the glossary's words its source has and it lacks. */
export function glossaryDiagnostics(
  glossary: GlossaryData,
  key: string,
  locale: string,
  file: SourceFile,
  source: string,
  own: { readonly path: readonly string[]; readonly text: string },
): Diagnostic[] {
  return glossaryProblems(glossary, locale, source, own.text).map((problem) =>
    problem.kind === 'keep'
      ? createDiagnostic('W0405', { key, word: problem.word }, rangeOfPath(file, own.path))
      : createDiagnostic('W0404', { key, term: problem.term, locale: problem.locale, forms: problem.forms }, rangeOfPath(file, own.path)),
  );
}

/**
 * W0406 at a term's locale or language that no translated text is in: its forms are never read
 * (most often a typo, `fqr` for `fr`, or a language whose translations were removed).
 */
export function glossaryLocaleDiagnostics(
  glossary: { readonly data: GlossaryData; readonly source: SourceFile },
  locales: ReadonlySet<string>,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const known = [...locales].sort();
  const candidates = [...new Set([...known, ...known.map((locale) => locale.split('-')[0]!)])];
  for (const [term, { translations }] of Object.entries(glossary.data.terms ?? {}))
    for (const tag of Object.keys(translations)) {
      // Read for a locale when the check would take forms under it there (core/glossary.ts, `formsOf`).
      if (known.some((locale) => formsOf({ [tag]: translations[tag]! }, locale))) continue;
      const guess = suggest(tag, candidates);
      diagnostics.push(
        createDiagnostic(
          'W0406',
          { term, tag, ...(guess !== undefined && { guess }) },
          rangeOfKey(glossary.source, ['terms', term, 'translations', tag]),
        ),
      );
    }
  return diagnostics;
}
