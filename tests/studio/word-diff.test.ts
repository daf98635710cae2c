import { describe, expect, it } from 'vitest';
import type { DiffPart } from '../../studio/api.ts';
import { tokens, wordDiff } from '../../studio/server/word-diff.ts';

// The word diff a translator reads beside a stale text (studio/server/word-diff.ts): what the
// source lost and gained since the translation was made, word by word.

/** The diff written as a reviewer reads it: [-removed-] and {+added+}. */
const written = (parts: readonly DiffPart[]) =>
  parts.map((p) => (p.kind === 'same' ? p.text : p.kind === 'removed' ? `[-${p.text}-]` : `{+${p.text}+}`)).join('');

/** Both texts are in the diff: the kept and removed pieces make the old one, the kept and added the new one. */
function expectWhole(before: string, after: string, parts: readonly DiffPart[]): void {
  expect(
    parts
      .filter((p) => p.kind !== 'added')
      .map((p) => p.text)
      .join(''),
  ).toBe(before);
  expect(
    parts
      .filter((p) => p.kind !== 'removed')
      .map((p) => p.text)
      .join(''),
  ).toBe(after);
}

describe('wordDiff', () => {
  it('cuts a text into words, spaces and marks, keeping an apostrophe inside a word and each CJK character apart', () => {
    expect(tokens("Don't wait, buy now!")).toEqual(["Don't", ' ', 'wait', ',', ' ', 'buy', ' ', 'now', '!']);
    expect(tokens('黑色星期五 deals')).toEqual(['黑', '色', '星', '期', '五', ' ', 'deals']);
    expect(tokens('Hello {name}')).toEqual(['Hello', ' ', '{', 'name', '}']);
  });

  it('shows a changed word as that word removed and its replacement added, the rest kept', () => {
    const parts = wordDiff('Black Friday deals', 'Black Friday offers');
    expect(parts).toEqual([
      { kind: 'same', text: 'Black Friday ' },
      { kind: 'removed', text: 'deals' },
      { kind: 'added', text: 'offers' },
    ]);
  });

  it('shows words added and words removed in their places', () => {
    const before = 'Our biggest offers of the year on robots.';
    const after = 'Our biggest and best offers on robots, this year only.';
    const parts = wordDiff(before, after);
    expectWhole(before, after, parts);
    expect(written(parts)).toBe('Our biggest {+and best +}offers [-of the year -]on robots{+, this year only+}.');
  });

  it('joins a replaced run of words into one change, not a word crossed out at every kept space', () => {
    expect(written(wordDiff('one two three', 'four five six'))).toBe('[-one two three-]{+four five six+}');
  });

  it('says nothing changed of equal texts, and all of it of a text from or to nothing', () => {
    expect(wordDiff('Same text.', 'Same text.')).toEqual([{ kind: 'same', text: 'Same text.' }]);
    expect(wordDiff('', 'New')).toEqual([{ kind: 'added', text: 'New' }]);
    expect(wordDiff('Old', '')).toEqual([{ kind: 'removed', text: 'Old' }]);
    expect(wordDiff('', '')).toEqual([]);
  });

  it('keeps placeholders and plural syntax whole where they did not change', () => {
    const before = '{count, plural, one {# robot} other {# robots}} in your cart';
    const after = '{count, plural, one {# robot} other {# robots}} in your basket';
    expect(written(wordDiff(before, after))).toBe('{count, plural, one {# robot} other {# robots}} in your [-cart-]{+basket+}');
  });

  it('diffs Chinese by character', () => {
    expect(written(wordDiff('黑色星期五优惠', '黑色星期五特惠'))).toBe('黑色星期五[-优-]{+特+}惠');
  });

  it('diffs long texts whole and in order', () => {
    const words = Array.from({ length: 800 }, (_, i) => `word${i}`);
    const before = words.join(' ');
    const after = words.map((w, i) => (i % 100 === 0 ? `${w}x` : w)).join(' ');
    const parts = wordDiff(before, after);
    expectWhole(before, after, parts);
    expect(parts.filter((p) => p.kind === 'added')).toHaveLength(8);
    // Too long to compare word by word (some 2,000 words each): shown whole, as replaced.
    const longer = Array.from({ length: 2500 }, (_, i) => `w${i}`);
    const replaced = wordDiff(`a ${longer.join(' ')} z`, `b ${longer.reverse().join(' ')} z`);
    expect(replaced.map((p) => p.kind)).toEqual(['removed', 'added', 'same']);
  });
});
