import type { FileFreshness } from '../../generator/index.ts';
import type { SuggestionsAnswer } from '../api.ts';
import { Refusal } from './security.ts';
import { tokens, wordDiff } from './word-diff.ts';
import type { Workspace } from './workspace.ts';

/**
 * Suggestions for a translator (docs/studio.md, "Suggestions"): for a text of a translation, the
 * translations the content already has of the same or a close source text, in the same
 * language, taken only where they are current (reviewed against the source they translate). Each
 * says where it is, how alike its source is, and what differs between the two sources.
 */

/** The least likeness shown: half the words of the longer source the same, in order. */
export const LEAST_ALIKE = 0.5;
const MOST = 5;

const wordsOf = new Map<string, string[]>();

/** A text's words, lower case (spaces and marks left out): what likeness counts. */
function words(text: string): string[] {
  let found = wordsOf.get(text);
  if (!found) {
    if (wordsOf.size > 20_000) wordsOf.clear();
    wordsOf.set(text, (found = tokens(text.toLocaleLowerCase()).filter((token) => /[\p{L}\p{N}]/u.test(token))));
  }
  return found;
}

/**
 * How alike two source texts are, from 0 to 1: one less the word edit distance over the longer
 * one's words. The same text is 1; one word changed in ten is 0.9. Undefined below `least`,
 * found without the table where the lengths alone rule it out.
 */
export function likeness(a: string, b: string, least = LEAST_ALIKE): number | undefined {
  if (a === b) return 1;
  const x = words(a);
  const y = words(b);
  const longest = Math.max(x.length, y.length);
  if (longest === 0 || Math.min(x.length, y.length) / longest < least) return undefined;
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    row = next;
  }
  const alike = 1 - row[y.length]! / longest;
  return alike >= least ? alike : undefined;
}

const languageOf = (locale: string) => locale.split('-')[0]!;

/** GET /api/translation/suggestions?id=&key=: the suggestions for one text of a translated file, best first. */
export async function suggestionsFor(workspace: Workspace, id: string, key: string): Promise<SuggestionsAnswer> {
  const compiled = await workspace.compileWith(new Map());
  const file = compiled.translations.find((f) => f.id === id);
  if (!file) throw new Refusal(404, `'${id.slice(0, 120)}' is no translated file (one that says what it translates).`);
  const text = file.texts.find((t) => t.key === key);
  if (!text) throw new Refusal(404, `${id} has no text '${key.slice(0, 120)}' to translate.`);
  const found: { alike: number; sameLocale: boolean; file: FileFreshness; key: string; source: string; translation: string }[] = [];
  for (const other of compiled.translations) {
    if (languageOf(other.locale) !== languageOf(file.locale)) continue;
    for (const candidate of other.texts) {
      if (candidate.state !== 'current' || candidate.translation === undefined) continue;
      if (other.id === id && candidate.key === key) continue;
      const alike = likeness(text.source, candidate.source);
      if (alike === undefined) continue;
      found.push({
        alike,
        sameLocale: other.locale === file.locale,
        file: other,
        key: candidate.key,
        source: candidate.source,
        translation: candidate.translation,
      });
    }
  }
  found.sort(
    (a, b) =>
      b.alike - a.alike ||
      Number(b.sameLocale) - Number(a.sameLocale) ||
      (a.file.id < b.file.id ? -1 : a.file.id > b.file.id ? 1 : 0) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  const seen = new Set<string>();
  const suggestions = found
    .filter((s) => !seen.has(s.translation) && seen.add(s.translation))
    .slice(0, MOST)
    .map((s) => ({
      text: s.translation,
      from: { id: s.file.id, key: s.key, locale: s.file.locale },
      alike: Math.round(s.alike * 100),
      source: s.source,
      ...(s.source !== text.source && { diff: wordDiff(s.source, text.source) }),
    }));
  return { source: text.source, suggestions };
}
