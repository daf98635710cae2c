import { glossaryProblems } from '../../core/glossary.ts';
import type { GlossaryData } from '../../core/glossary.ts';
import { createDiagnostic } from '../diagnostics/index.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import { rangeOfPath } from '../load/source-file.ts';
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
