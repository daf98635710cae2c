import { describe, expect, it } from 'vitest';
import { formsOf, glossaryHits, glossaryProblems } from '../../core/glossary.ts';
import type { GlossaryData } from '../../core/glossary.ts';

// The glossary (docs/translations.md, "Glossary"): what `--check` (W0404, W0405) and the studio
// read of it, both through these functions.
const glossary: GlossaryData = {
  keep: ['Axlebot', 'Mini Robot'],
  terms: {
    'transform*': {
      note: 'What the robots do.',
      translations: { fr: ['transform'], 'de-DE': ['verwandel', 'Verwandlung'], ja: ['変形'], ko: ['변신'] },
    },
    robot: { translations: { 'de-DE': ['Roboter'], 'de-AT': ['Robot'] } },
  },
};

describe('a translation against the glossary', () => {
  it("warns where the source has a term and the translation none of its locale's forms", () => {
    expect(glossaryProblems(glossary, 'fr-FR', 'Robots that transform.', 'Des robots qui changent de forme.')).toEqual([
      { kind: 'term', term: 'transform*', locale: 'fr-FR', forms: ['transform'] },
    ]);
    // A form anywhere in a word, case aside: French endings, German compounds and capitals.
    expect(glossaryProblems(glossary, 'fr-FR', 'Robots that transform.', 'Des robots qui se transforment.')).toEqual([]);
    expect(glossaryProblems(glossary, 'de-DE', 'A transforming robot', 'Ein Spielzeugroboter mit Selbstverwandlung')).toEqual([]);
    expect(glossaryProblems(glossary, 'de-DE', 'A transforming robot', 'Ein Spielzeug, das sich wandelt')).toEqual([
      { kind: 'term', term: 'transform*', locale: 'de-DE', forms: ['verwandel', 'Verwandlung'] },
      { kind: 'term', term: 'robot', locale: 'de-DE', forms: ['Roboter'] },
    ]);
  });

  it('finds a term in the source as a whole word, or as a stem when it ends in *, case aside', () => {
    // "robot" is a word: not in "robotics"; "transform*" is a stem: in "Self-Transformation".
    expect(glossaryProblems(glossary, 'de-DE', 'Axlebot Robotics', 'Axlebot Robotik')).toEqual([]);
    expect(glossaryProblems(glossary, 'fr-FR', 'Full Self-Transformation', 'Changement de forme')).toHaveLength(1);
    expect(glossaryProblems(glossary, 'fr-FR', 'A new platform', 'Une nouvelle plateforme')).toEqual([]);
  });

  it('matches Japanese and Korean forms anywhere, their words not being set apart by spaces', () => {
    expect(glossaryProblems(glossary, 'ja-JP', 'It transforms by itself.', 'ひとりで変形します。')).toEqual([]);
    expect(glossaryProblems(glossary, 'ko-KR', 'It transforms by itself.', '스스로 변신합니다.')).toEqual([]);
    expect(glossaryProblems(glossary, 'ko-KR', 'It transforms by itself.', '스스로 바뀝니다.')).toHaveLength(1);
  });

  it('asks a kept word letter for letter: another case or a transliteration is a warning', () => {
    expect(glossaryProblems(glossary, 'ja-JP', 'Where to buy Axlebot robots', 'Axlebot 販売店')).toEqual([]);
    expect(glossaryProblems(glossary, 'ja-JP', 'Where to buy Axlebot robots', 'アクスルボット販売店')).toEqual([
      { kind: 'keep', word: 'Axlebot' },
    ]);
    expect(glossaryProblems(glossary, 'fr-FR', 'The Mini Robot', 'Le mini robot')).toEqual([{ kind: 'keep', word: 'Mini Robot' }]);
    // Only where the source has it.
    expect(glossaryProblems(glossary, 'fr-FR', 'Our robots', 'Nos robots')).toEqual([]);
  });

  it("reads a locale's own forms, else its language's; a language alone (a page file's) takes every locale of it", () => {
    const translations = glossary.terms!.robot!.translations;
    expect(formsOf(translations, 'de-DE')).toEqual(['Roboter']);
    expect(formsOf(translations, 'de')).toEqual(['Roboter', 'Robot']);
    expect(formsOf(glossary.terms!['transform*']!.translations, 'fr-CA')).toEqual(['transform']);
    // A locale the glossary does not name: nothing to check.
    expect(formsOf(translations, 'fr-FR')).toBeUndefined();
    expect(glossaryProblems(glossary, 'zh-CN', 'A transforming robot', '一个机器人')).toEqual([]);
  });
});

describe("the glossary's words in a source text, for the studio", () => {
  it('finds each where it stands, a kept name first where a term is inside it', () => {
    const text = 'The Mini Robot transforms; every robot of Axlebot does.';
    expect(glossaryHits(glossary, text).map(({ entry, kept, start, end }) => [text.slice(start, end), entry, kept])).toEqual([
      ['Mini Robot', 'Mini Robot', true],
      ['transforms', 'transform*', false],
      ['robot', 'robot', false],
      ['Axlebot', 'Axlebot', true],
    ]);
    expect(glossaryHits(glossary, text)[1]!.note).toBe('What the robots do.');
  });
});
