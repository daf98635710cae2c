import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../generator/index.ts';
import { compareNumbers, numbersDiagnostic, numbersOf, spelledNumbers } from '../../generator/translations/numbers.ts';

// W0403 (docs/translations.md, "Numbers and units"): a translation says the numbers and units of
// its source. Each case pairs a source text with a translation; `same` is what agrees.
const same = (source: string, translation: string) =>
  expect(compareNumbers(source, translation), `${source} | ${translation}`).toBeUndefined();

describe('the numbers of a translation against its source', () => {
  it('warns where a number changed, naming both sides as written', () => {
    expect(compareNumbers('The Mini Robot is just 12 cm tall and weighs 1.5 kg.', 'Le Mini Robot mesure 18 cm et pèse 2 kg.')).toEqual({
      source: ['12 cm', '1.5 kg'],
      translation: ['18 cm', '2 kg'],
    });
    // A number left out, a number added.
    expect(compareNumbers('27 servos, 30+ voice commands', '27 Servomotoren, Licht und Sound')).toEqual({
      source: ['30'],
      translation: [],
    });
    expect(compareNumbers('Check the recommended age.', 'Dès 8 ans.')).toEqual({ source: [], translation: ['8'] });
    // Said twice in the source, once in the translation: the numbers are a multiset.
    expect(compareNumbers('about 90 minutes of play, charged in about 90 minutes', 'environ 90 min de jeu')).toEqual({
      source: ['90'],
      translation: [],
    });
    // In any order, and the same: nothing.
    same('12 cm tall, 180 g', '180 g, 12 cm de haut');
    same('A 600 mAh battery gives about 45 minutes of play.', 'Sa batterie de 600 mAh offre environ 45 min de jeu.');
  });

  it('reads a decimal comma as the decimal point: 1,5 kg is 1.5 kg', () => {
    same('1.5 kg', '1,5 kg');
    same('At 2.6 kg, Megatron is heavy.', 'Mit 2,6 kg ist Megatron schwer.');
    expect(compareNumbers('1.5 kg', '1,6 kg')).toEqual({ source: ['1.5 kg'], translation: ['1,6 kg'] });
  });

  it('reads thousands in every locale’s way: 1 299, 1,299, 1.299, 1 299 (narrow no-break space) and 1299 are one number', () => {
    for (const written of ['1 299', '1\u00A0299', '1\u202F299', '1.299', '1299', "1'299"]) same('1,299 robots', `${written} robots`);
    same('A 2,200 mAh battery', 'Der 2.200-mAh-Akku');
    same('A 2,200 mAh battery', '2200 mAh 电池');
    same('1,299.99', '1.299,99');
    expect(compareNumbers('1,299 robots', '1 399 robots')).toEqual({ source: ['1,299'], translation: ['1 399'] });
    // A plain space between numbers that are apart on the other side keeps them apart.
    same('Call +1 (408) 555-0100', 'Appelez le +1 408 555 0100');
  });

  it('reads full-width digits and units as ASCII', () => {
    same('12 cm', '１２ cm');
    same('12 cm', '高さ１２ｃｍ');
    expect(numbersOf('２０２６年')).toEqual([{ value: '2026', written: '2026' }]);
    expect(compareNumbers('12 cm', '１３ cm')).toEqual({ source: ['12 cm'], translation: ['13 cm'] });
  });

  it('warns where a unit symbol changed (cm -> mm), not where a unit is a word of the language', () => {
    expect(compareNumbers('12 cm', '12 mm')).toEqual({ source: ['12 cm'], translation: ['12 mm'] });
    expect(compareNumbers('about 60 min', 'environ 60 s')).toEqual({ source: ['60 min'], translation: ['60 s'] });
    expect(numbersOf('2.200-mAh-Akku, 30 %, 38cm')).toEqual([
      { value: '2200', unit: 'mAh', written: '2.200-mAh' },
      { value: '30', unit: '%', written: '30 %' },
      { value: '38', unit: 'cm', written: '38cm' },
    ]);
    same('USB-C, about 60 min', 'USB-C, ca. 60 Min.');
    same('about 60 minutes', 'environ 60 min');
    same('about 60 min', '约 60 分钟');
  });

  it('takes no placeholder and no plural # for a number, and counts a plural by its other form', () => {
    expect(numbersOf('Sent to {email2} in {seconds, plural, one {# second} other {# seconds}}.')).toEqual([]);
    same('Too many attempts. Please try again in {seconds, plural, one {# second} other {# seconds}}.', '请 {seconds} 秒后重试。');
    same('Includes {count, plural, one {# item} other {# items}}: {items}.', 'セット内容（{count, plural, other {#点}}）：{items}');
    // The one form may write its count out; the other form's constants count.
    same('{count, plural, one {1 item} other {# items}}', '{count, plural, other {#点}}');
    expect(compareNumbers('{count, plural, other {# items in 30 days}}', '{count, plural, other {60 日間で#点}}')).toEqual({
      source: ['30'],
      translation: ['60'],
    });
  });

  it('reads ASCII digits inside CJK text, with or without spaces, and a unit before a kana', () => {
    same('A 600 mAh battery gives about 45 minutes of play.', '600 mAhのバッテリーで約45分遊べます。');
    same('At 2.1 kg', '重さ2.1 kgの堂々としたボディ');
    same('a 38 cm robot', '38 cm 高的机器人');
    same('ages 8 and up', '8세 이상');
    same('8 to 20 letters and numbers', '영문·숫자 8~20자');
    expect(compareNumbers('about 60 minutes', '約45分')).toEqual({ source: ['60'], translation: ['45'] });
  });

  it('takes the digits of a name (K1, G1, MP3) for no number', () => {
    expect(numbersOf('K1 Pro, Bumblebee G1, MP3')).toEqual([]);
    same('Robots that children can program', 'Les robots de la famille K1');
  });

  it('lets a number written in words answer its digits on the other side', () => {
    same('Eight servos fold the car', '8個のサーボモーター');
    same('within two working days', '2 営業日以内');
    same('It works once, for 10 minutes', '1 回限り、10 分間有効です');
    same('tops it up in about an hour', 'in ca. 60 Min. wieder voll');
    same('tops it up in about an hour', '约 1 小时即可充满');
    same('Over a hundred lines', 'Plus de 100 répliques');
    same('Three-stage illustration', '3段階のイラスト');
    same('8 servos', '八个舵机');
    same('3 robots', 'trois robots');
    same('starts a series', 'ミニシリーズの第1弾');
    expect(spelledNumbers('twenty-five, a hundred, 二十五')).toEqual(new Set(['20', '5', '25', '100', '2']));
    // Words only answer: a word the other side does not write as digits is no number.
    same('one robot at a time', 'un robot après l’autre');
    expect(compareNumbers('three robots', '4 robots')).toEqual({ source: [], translation: ['4'] });
    // An article is one, never one kilogram.
    expect(compareNumbers('a robot', '1 kg')).toEqual({ source: [], translation: ['1 kg'] });
  });

  it('compares no prices (each market its own), and reads dates and times however they are written', () => {
    same('up to $278 off', 'jusqu’à 250 € de remise');
    same('Only ¥1,299', '仅需 1299 元');
    same('Only $1,299.99', 'Nur 1.299,99 €');
    same('from 129,000원', 'ab 119 €');
    same('Last updated: November 24, 2026.', 'Dernière mise à jour : 24 novembre 2026.');
    same('Last updated: November 24, 2026.', 'Stand: 24.11.2026');
    same('Last updated: November 24, 2026.', '最終更新日：2026年11月24日');
    same('Last updated: November 24, 2026.', '최종 업데이트: 2026년 11월 24일');
    same('Open 9:00–18:00', 'Ouvert de 9 h à 18 h');
    same('Open 9 am to 6 pm', '营业时间 9:00–18:00');
    same('Open 9 am to 6 pm', '午前9時から午後6時まで');
    same('Mon–Fri, 9:00–17:30', 'Mo–Fr, 9–17.30 Uhr');
    // `may` is a verb; only a month name next to a number is a month.
    same('You may return it within 30 days.', 'Vous pouvez le retourner sous 30 jours.');
    expect(compareNumbers('Last updated: November 24, 2026.', 'Stand: 24.10.2026')).toEqual({ source: ['November'], translation: ['10'] });
  });
});

describe('W0403', () => {
  const range = () => ({ file: 'content/pages/mini-robot/fr.yaml', line: 1, column: 1, endLine: 1, endColumn: 2 });

  it('says both sides', () => {
    const warning = numbersDiagnostic(
      'sections.2.text',
      'pages/mini-robot/en.yaml',
      'Just 12 cm tall, 1.5 kg',
      'Haut de 18 cm, 2 kg',
      range,
    );
    expect(warning).toMatchObject({
      code: 'W0403',
      message: 'the translation of sections.2.text says 18 cm, 2 kg where its source pages/mini-robot/en.yaml says 12 cm, 1.5 kg',
    });
    expect(numbersDiagnostic('lead', 'pages/mini-robot/en.yaml', 'Just 12 cm tall', 'Tout petit', range)?.message).toBe(
      'the translation of lead leaves out 12 cm, which its source pages/mini-robot/en.yaml says',
    );
    expect(numbersDiagnostic('lead', 'pages/mini-robot/en.yaml', 'Tiny', 'Dès 8 ans', range)?.message).toBe(
      'the translation of lead says 8, which its source pages/mini-robot/en.yaml does not say',
    );
    expect(numbersDiagnostic('lead', 'pages/mini-robot/en.yaml', 'Just 12 cm tall', 'Haut de 12 cm', range)).toBeUndefined();
    expect(ERRORS.W0403.hint).toMatch(/build-region translations mark/);
  });
});
