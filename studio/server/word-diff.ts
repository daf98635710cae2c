import type { DiffPart } from '../api.ts';

/**
 * A word diff of two texts, for a translator (docs/studio.md, "Translations side by side"): what
 * a source text lost and gained since a translation was made from it. A text is cut into words,
 * runs of spaces and single marks of punctuation, so a changed word shows as that word, and a
 * Chinese or Japanese character counts as a word of its own (those scripts put no spaces between
 * words). The common part is the common subsequence of the two lists of tokens that keeps the
 * most of their words.
 */

/** Words (letters and digits, with an apostrophe inside: "don't"), a CJK character, a run of spaces, any other character. */
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*|\s+|[^]/gu;

export function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/**
 * Beyond this many cells the table of the longest common subsequence would cost more than the
 * screen is worth (two texts of some 2,000 words each): the whole text shows as replaced.
 */
const MAX_CELLS = 4_000_000;

/** `before` turned into `after`: kept, removed and added pieces, in reading order (a removal before the addition that replaces it). */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  // The common start and end need no table.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  const middleA = a.slice(start, a.length - end);
  const middleB = b.slice(start, b.length - end);
  if ((middleA.length + 1) * (middleB.length + 1) > MAX_CELLS) {
    push(parts, 'removed', middleA.join(''));
    push(parts, 'added', middleB.join(''));
  } else for (const [kind, text] of commonSubsequence(middleA, middleB)) push(parts, kind, text);
  push(parts, 'same', a.slice(a.length - end).join(''));
  return joinChanges(parts);
}

/**
 * What a kept token is worth: a word by its length, a space or a mark little. Of the common
 * subsequences the one that keeps the most words wins, not one that keeps as many spaces.
 */
const weight = (token: string) => (/^[\s\p{P}]/u.test(token) ? 1 : 2 * token.length);

/** The edit script of two token lists by their heaviest common subsequence (a table of suffix weights, walked from the start). */
function commonSubsequence(a: readonly string[], b: readonly string[]): [DiffPart['kind'], string][] {
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i * width + j] =
        a[i] === b[j] ? table[(i + 1) * width + j + 1]! + weight(a[i]!) : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
  const out: [DiffPart['kind'], string][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(['same', a[i]!]);
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && table[(i + 1) * width + j]! >= table[i * width + j + 1]!)) out.push(['removed', a[i++]!]);
    else out.push(['added', b[j++]!]);
  }
  return out;
}

/** Appends a piece, joined to the last one of its kind when they touch. */
function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  if (text === '') return;
  const last = parts.at(-1);
  if (last?.kind === kind) parts[parts.length - 1] = { kind, text: last.text + text };
  else parts.push({ kind, text });
}

/**
 * Pieces in reading order, each change one removal then one addition: a space (or a mark) kept
 * between two changes joins them, so "a b c" replaced by "x y z" reads as one change, not three
 * words crossed out one by one with a kept space between each.
 */
function joinChanges(parts: readonly DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    push(out, 'removed', removed);
    push(out, 'added', added);
    removed = added = '';
  };
  parts.forEach((part, index) => {
    const between = index > 0 && index < parts.length - 1 && parts[index - 1]!.kind !== 'same' && parts[index + 1]!.kind !== 'same';
    if (part.kind === 'same' && between && /^[\s\p{P}]*$/u.test(part.text) && part.text.length <= 2) {
      removed += part.text;
      added += part.text;
    } else if (part.kind === 'removed') removed += part.text;
    else if (part.kind === 'added') added += part.text;
    else {
      flush();
      push(out, 'same', part.text);
    }
  });
  flush();
  return out;
}
