/**
 * The words a number may be written as, for the numbers check (translations/numbers.ts): month
 * names, English, French and German number words, durations, articles, Chinese, Japanese and
 * Korean numerals.
 */

/** `word:value word:value`, as a map. */
const table = (pairs: string) => new Map(pairs.split(' ').map((pair) => [pair.split(':')[0]!, Number(pair.split(':')[1])] as const));

/** Month names, in order: English and German ones capitalised (`may` is a verb, `May` a month), French ones in lower case or capitalised. */
export const MONTHS = new Map<string, number>();
const MONTH_NAMES =
  'January Jan Januar Jänner/janvier janv;February Feb Februar/février févr fevrier;March Mar März/mars;April Apr/avril avr;May Mai/mai;' +
  'June Jun Juni/juin;July Jul Juli/juillet juil;August Aug/août aout;September Sep Sept/septembre sept;October Oct Oktober Okt/octobre oct;' +
  'November Nov/novembre nov;December Dec Dezember Dez/décembre déc';
for (const [index, month] of MONTH_NAMES.split(';').entries())
  for (const name of month.split(/[ /]/)) MONTHS.set(name, index + 1).set(name[0]!.toUpperCase() + name.slice(1), index + 1);

/** Number words (English, French, German; no articles), each with its value. */
export const WORDS = table(
  'once:1 single:1 twice:2 both:2 thrice:3 dozen:12 hundred:100 thousand:1000 premier:1 première:1 deuxième:2 troisième:3 quinze:15 ' +
    'vingt:20 trente:30 quarante:40 cinquante:50 soixante:60 cent:100 mille:1000 einmal:1 erste:1 ersten:1 erster:1 zweimal:2 zweite:2 ' +
    'dritte:3 zwanzig:20 dreißig:30 vierzig:40 fünfzig:50 sechzig:60 hundert:100 tausend:1000',
);
const words = (list: string, value: (index: number) => number) => list.split(' ').forEach((word, index) => WORDS.set(word, value(index)));
words('zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen', (i) => i);
words('nineteen twenty thirty forty fifty sixty seventy eighty ninety', (i) => (i < 2 ? 19 + i : 10 * i + 10));
words('first second third fourth fifth sixth seventh eighth ninth tenth', (i) => i + 1);
words('zéro deux trois quatre cinq six sept huit neuf dix onze douze', (i) => (i === 0 ? 0 : i + 1));
words('null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf', (i) => i);
/** A duration in words is its number, and that many of the next smaller unit (`an hour`: 1 and 60). */
export const DURATIONS = table('minute:60 hour:60 day:24 week:7 heure:60 jour:24 semaine:7 stunde:60 tag:24 tage:24 woche:7');
export const ARTICLES = new Set(['a', 'an', 'un', 'une', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines']);
export const CJK = /[〇零一二两兩三四五六七八九十百千]+/gu;
export const KO = table('한:1 하나:1 두:2 둘:2 세:3 셋:3 네:4 넷:4 다섯:5 여섯:6 일곱:7 여덟:8 아홉:9 열:10 스무:20');
const COUNTERS = '번|개|가지|시간|분|초|일|주|달|살|명|대|장|권|점|자리|째';
export const KO_NUMERALS = new RegExp(`(?<!\\p{Script=Hangul})(${[...KO.keys()].join('|')})\\s?(?=${COUNTERS})`, 'gu');
