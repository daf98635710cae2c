import { describe, expect, it } from 'vitest';
import { categoriesOf, lengthNote, pluralNotes, pluralsOf } from '../../studio/client/cell-checks.ts';

// What a translation's field says as one types (docs/studio.md, "Translations side by side"):
// a plural in the locale's own categories, and a length against its limit.

describe("a plural in the locale's own categories", () => {
  it('reads each plural argument with its forms, exact values and nested placeholders included', () => {
    const forms = pluralsOf('In {count, plural, =0 {no time} one {# day ({date})} other {# days}}, {name}.');
    expect([...forms.keys()]).toEqual(['count']);
    expect([...forms.get('count')!]).toEqual([
      ['=0', 'no time'],
      ['one', '# day ({date})'],
      ['other', '# days'],
    ]);
  });

  it("names the locale's categories (CLDR, through Intl), and what falls back to other", () => {
    expect(categoriesOf('ja-JP')).toEqual(['other']);
    expect(categoriesOf('fr-FR')).toEqual(['one', 'many', 'other']);
    expect(pluralNotes('{n, plural, one {# robot} other {# robots}}', '{n, plural, one {# robot} other {# robots}}', 'fr-FR')).toEqual({
      lines: ['{n} in fr-FR: one “# robot”; many (shows the other form); other “# robots”.'],
      warnings: [],
    });
  });

  it('warns of a form the locale never uses, and of a plural without its other form', () => {
    expect(pluralNotes('{n, plural, one {# robot} other {# robots}}', '{n, plural, one {# 台} other {# 台}}', 'ja-JP').warnings).toEqual([
      'the plural {n} has a one form that ja-JP never uses: that text never shows.',
    ]);
    expect(pluralNotes('{n, plural, one {# robot} other {# robots}}', '{n, plural, one {# Roboter}}', 'de-DE').warnings).toEqual([
      'the plural {n} lacks its other form, which every plural needs.',
    ]);
    // No plural in the source: nothing to say.
    expect(pluralNotes('Buy now', 'Acheter', 'fr-FR')).toEqual({ lines: [], warnings: [] });
  });
});

describe('a length against its limit', () => {
  it('counts characters as the check does (code points), and says how far over', () => {
    expect(lengthNote('Robots 🤖', 70)).toEqual({ text: '8 of 70 characters.', over: false });
    expect(lengthNote('é'.repeat(71), 70)).toEqual({ text: '71 of 70 characters: 1 over the limit, which the check refuses.', over: true });
    expect(lengthNote('anything', undefined)).toBeUndefined();
  });
});
