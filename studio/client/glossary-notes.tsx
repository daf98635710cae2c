import { formsOf, glossaryHits, glossaryProblems } from '../../core/glossary.ts';
import type { GlossaryData, GlossaryHit, GlossaryProblem } from '../../core/glossary.ts';
import { textPieces } from '../../core/placeholders.ts';

/**
 * The glossary beside the texts (docs/studio.md, "Translations side by side"): its words marked
 * in the source, what each locale writes for them under its field, and a warning as one types
 * where the text lacks one. The same functions (core/glossary.ts) as `--check`'s W0404 and W0405,
 * so the warning shown is the one the check will give.
 */

/** A piece of a source text: words, a placeholder (a code token), or a glossary word. */
interface Mark {
  readonly text: string;
  readonly code?: boolean;
  readonly hit?: GlossaryHit;
}

/** The text cut into its placeholders and its glossary words (a word inside a placeholder is no word of the text). */
export function markedPieces(text: string, hits: readonly GlossaryHit[]): Mark[] {
  const marks: Mark[] = [];
  let at = 0;
  for (const piece of textPieces(text)) {
    const end = at + piece.text.length;
    if (piece.code) marks.push({ text: piece.text, code: true });
    else {
      let from = at;
      for (const hit of hits.filter((h) => h.start >= at && h.end <= end)) {
        if (hit.start > from) marks.push({ text: text.slice(from, hit.start) });
        marks.push({ text: text.slice(hit.start, hit.end), hit });
        from = hit.end;
      }
      if (from < end) marks.push({ text: text.slice(from, end) });
    }
    at = end;
  }
  return marks;
}

/** A source text, its placeholders as code tokens and its glossary words marked, with what each is. */
export function SourceWithGlossary({ text, lang, glossary }: { text: string; lang: string; glossary: GlossaryData | undefined }) {
  const hits = glossary ? glossaryHits(glossary, text) : [];
  const entries = [...new Map(hits.map((hit) => [hit.entry, hit])).values()];
  return (
    <>
      <p className="translation-text" lang={lang}>
        {markedPieces(text, hits).map((piece, index) =>
          piece.code ? (
            <code key={index}>{piece.text}</code>
          ) : piece.hit ? (
            <mark key={index} className="glossary-word">
              {piece.text}
            </mark>
          ) : (
            piece.text
          ),
        )}
      </p>
      {entries.length > 0 && (
        <ul className="glossary-words" aria-label="Glossary words in this text">
          {entries.map((hit) => (
            <li key={hit.entry}>
              <strong>{hit.entry}</strong>
              {hit.kept ? ': never translated, written as the source writes it.' : hit.note ? `: ${hit.note}` : ': a glossary term.'}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A problem in words, with the check's code. */
function problemWords(problem: GlossaryProblem): string {
  return problem.kind === 'keep'
    ? `W0405: the text leaves out '${problem.word}', which the glossary keeps as written in every language.`
    : `W0404: the text does not say '${problem.term}' as the glossary's ${problem.locale} does: use one of ${problem.forms.map((form) => `'${form}'`).join(', ')}.`;
}

/** What the glossary asks of one locale's text of a source: its forms, and a warning for each it lacks. */
export function glossaryOfCell(
  glossary: GlossaryData | undefined,
  locale: string,
  source: string,
  value: string,
): { asks: string[]; warnings: string[] } {
  if (!glossary) return { asks: [], warnings: [] };
  const asks = [...new Set(glossaryHits(glossary, source).map((hit) => hit.entry))].flatMap((entry) => {
    if ((glossary.keep ?? []).includes(entry)) return [`${entry} (as written)`];
    const forms = formsOf(glossary.terms?.[entry]?.translations ?? {}, locale);
    return forms ? [`${entry} → ${forms.join(', ')}`] : [];
  });
  return { asks, warnings: value ? glossaryProblems(glossary, locale, source, value).map(problemWords) : [] };
}
