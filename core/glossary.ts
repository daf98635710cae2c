/**
 * The glossary (content/glossary.yaml, docs/translations.md "Glossary"): the brand's words as
 * each language writes them. `--check` reads it for every translated text (W0404, W0405) and the
 * studio shows it beside the texts, both with these functions, so they always agree.
 *
 * - `keep`: words never translated (the brand, product names). A translation of a source text
 *   that has one has it too, letter for letter.
 * - `terms`: by term as the source writes it, the forms each locale (`fr-FR`) or language (`fr`)
 *   accepts. A translation of a source text that has the term has one of its forms.
 *
 * A term is found in a source text as a word, whole and case aside (`robot` is not in
 * `robotics`), or as a stem ending in `*`, which is every word that starts so (`transform*`:
 * transforms, transformable); in Chinese, Japanese or Korean, anywhere (those languages do not set
 * their words apart with spaces). A translation has a form when the form is anywhere in it, case
 * aside: the check is there to catch another word, and a form inside a longer word is one a
 * language builds from it (German `Roboter` in `Spielzeugroboter`, French `transform` in
 * `transforment`). A kept word is found letter for letter.
 */

/** The glossary's data, as the schema has it (schema/glossary.schema.json). */
export interface GlossaryData {
  readonly keep?: readonly string[];
  readonly terms?: Readonly<Record<string, { readonly note?: string; readonly translations: Readonly<Record<string, readonly string[]>> }>>;
}

/** What a translation lacks that the glossary asks for. */
export type GlossaryProblem =
  | { readonly kind: 'term'; readonly term: string; readonly locale: string; readonly forms: readonly string[] }
  | { readonly kind: 'keep'; readonly word: string };

/** A glossary word found in a source text, for the studio to show it: where, and what it asks of a locale. */
export interface GlossaryHit {
  readonly start: number;
  readonly end: number;
  /** The term or kept word as the glossary writes it. */
  readonly entry: string;
  readonly kept: boolean;
  readonly note?: string;
}

const WORD = '[\\p{L}\\p{N}]';
const NO_SPACES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const patterns = new Map<string, RegExp>();

/** The pattern of a term or kept word in a source text (global, so that every place it is found is listed). */
export function wordPattern(word: string, caseSensitive = false): RegExp {
  const key = `${caseSensitive ? 'C' : 'i'}${word}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    const stem = word.endsWith('*');
    const body = (stem ? word.slice(0, -1) : word).trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const source = NO_SPACES.test(word) ? body : `(?<!${WORD})${body}${stem ? `${WORD}*` : ''}(?!${WORD})`;
    patterns.set(key, (pattern = new RegExp(source, caseSensitive ? 'gu' : 'giu')));
  }
  pattern.lastIndex = 0;
  return pattern;
}

function has(text: string, word: string, caseSensitive = false): boolean {
  return wordPattern(word, caseSensitive).test(text);
}

/** Whether a translation has a form: anywhere in it, case aside (the locale's own rules for case: `ß`, `İ`). */
function contains(text: string, form: string): boolean {
  return text.toLocaleLowerCase().includes(form.toLocaleLowerCase());
}

/**
 * The forms a locale accepts for a term: its own (`fr-FR`), else its language's (`fr`); for a
 * language alone (a page file's `fr`), every locale of that language's together. None when the
 * glossary does not say how that locale writes the term (then nothing is checked).
 */
export function formsOf(translations: Readonly<Record<string, readonly string[]>>, locale: string): readonly string[] | undefined {
  const own = translations[locale];
  if (own) return own;
  const language = locale.split('-')[0]!;
  if (language !== locale) return translations[language];
  const same = Object.entries(translations).filter(([tag]) => tag.split('-')[0] === language);
  return same.length > 0 ? same.flatMap(([, forms]) => forms) : undefined;
}

/**
 * The glossary's kept words and terms a source text has: found once per source text (each is
 * translated into several locales), per version of the glossary's data.
 */
const inSources = new WeakMap<GlossaryData, Map<string, { keep: string[]; terms: string[] }>>();

function wordsIn(glossary: GlossaryData, source: string): { keep: string[]; terms: string[] } {
  let bySource = inSources.get(glossary);
  if (!bySource) inSources.set(glossary, (bySource = new Map()));
  let found = bySource.get(source);
  if (!found) {
    found = {
      keep: (glossary.keep ?? []).filter((word) => has(source, word, true)),
      terms: Object.keys(glossary.terms ?? {}).filter((term) => has(source, term)),
    };
    // A long studio session types many versions of a text: the memory stays bounded.
    if (bySource.size >= 50_000) bySource.clear();
    bySource.set(source, found);
  }
  return found;
}

/** What a translation in a locale lacks of the glossary's words that its source text has. */
export function glossaryProblems(glossary: GlossaryData, locale: string, source: string, translation: string): GlossaryProblem[] {
  const problems: GlossaryProblem[] = [];
  const words = wordsIn(glossary, source);
  for (const word of words.keep) if (!translation.includes(word)) problems.push({ kind: 'keep', word });
  for (const term of words.terms) {
    const forms = formsOf(glossary.terms![term]!.translations, locale);
    if (forms && !forms.some((form) => contains(translation, form))) problems.push({ kind: 'term', term, locale, forms });
  }
  return problems;
}

/** The glossary's words in a source text, in order (a kept word before a term at the same place). */
export function glossaryHits(glossary: GlossaryData, source: string): GlossaryHit[] {
  const hits: GlossaryHit[] = [];
  const find = (entry: string, kept: boolean, note?: string) => {
    for (const match of source.matchAll(wordPattern(entry, kept)))
      hits.push({ start: match.index, end: match.index + match[0].length, entry, kept, ...(note !== undefined && { note }) });
  };
  for (const word of glossary.keep ?? []) find(word, true);
  for (const [term, { note }] of Object.entries(glossary.terms ?? {})) find(term, false, note);
  hits.sort((a, b) => a.start - b.start || Number(b.kept) - Number(a.kept));
  // Overlapping hits (a term inside a kept name): the first one stays.
  const kept: GlossaryHit[] = [];
  for (const hit of hits) if (kept.length === 0 || hit.start >= kept[kept.length - 1]!.end) kept.push(hit);
  return kept;
}
