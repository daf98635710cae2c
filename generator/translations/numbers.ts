import { createDiagnostic } from '../diagnostics/index.ts';
import type { Diagnostic, SourceRange } from '../diagnostics/index.ts';
import { parsePlural } from '../resolve/plurals.ts';
import { ARTICLES, CJK, DURATIONS, KO, KO_NUMERALS, MONTHS, WORDS } from './number-words.ts';

/**
 * Numbers and units of a translation against its source (docs/translations.md, "Numbers and
 * units", which says what counts): `--check` warns (W0403) where a translated text says other
 * numbers than its source text, or a number in another unit symbol, so a translation that drifted
 * from its source (a size, a weight, a battery's capacity) shows. Modelled on Translate Toolkit's
 * pofilter `numbers` test: the numbers are a multiset, read in each locale's way of writing them
 * (separators, full-width digits, dates, times), without names, placeholders, a plural's `#` or
 * prices, and a number one side writes in words answers the other side's digits.
 */

/** A number a text says: its value (canonical: `1299`, `1.5`), its unit symbol, and both as written (`2 200 mAh`, `1,5 kg`). */
export interface NumberMention {
  readonly value: string;
  readonly unit?: string;
  readonly written: string;
}
/** What differs between the numbers of a source text and its translation: each side's, as written. */
export type NumbersDifference = { readonly source: readonly string[]; readonly translation: readonly string[] };
/** `soft`: the numbers a plain space may have joined (`408 555`), kept apart where the other side has them apart. */
type Found = NumberMention & { readonly soft?: readonly string[] };

/** Unit symbols, the same in every language (SI's and the tech sheets'). */
const UNITS = [
  ...'mAh mWh kWh Wh Ah mA mV kV V kW mW W GHz MHz kHz Hz TB GB MB KB kB Gbps Mbps kbps km/h km cm mm μm nm m'.split(' '),
  ...'kg mg g ms min h s rpm fps dpi px dB lm lx °C °F ° % ‰'.split(' '),
];
/** A unit right after a number (read from where the number ends: sticky). */
const UNIT = new RegExp(`[ \\u00A0\\u202F\\u2009-]?(${UNITS.join('|')})(?![\\p{Script=Latin}\\p{N}])`, 'uy');

/**
 * A price: an amount with its currency before it (`$278`, `EUR 9,99`) or after it (`9,99 €`,
 * `1,299円`, `129,000원`, `1万円`); the CJK ones only after an amount (`지원 2` is no price).
 */
const CODES = String.raw`\b(?:USD|EUR|GBP|JPY|CNY|RMB|KRW|HKD|TWD|CHF|CAD|AUD|SGD)\b`;
const SYMBOLS = String.raw`US\$|HK\$|NT\$|C\$|A\$|S\$|R\$|[$€£¥₩₹₽]`;
const AMOUNT = String.raw`\d[\d.,'’ \u00A0\u202F\u2009]*\d|\d`;
const GAP = '[ \\u00A0\\u202F]?';
const PRICE = new RegExp(
  `(?:${SYMBOLS}|${CODES})${GAP}(?:${AMOUNT})(?:[.,]-)?|(?:${AMOUNT})${GAP}[万萬만억億]?${GAP}(?:${SYMBOLS}|${CODES}|[元円원圆])`,
  'gu',
);
const SEPARATOR = /[.,'’ \u00A0\u202F\u2009]/;
const SEPARATORS = new RegExp(SEPARATOR, 'g');
const RUN = /\uE002(\d+):([^\uE003]*)\uE003|\d+(?:[.,'’ \u00A0\u202F\u2009]\d+)*/gu;

/**
 * The text whose numbers count: the `other` form of a plural with the text around it, without
 * placeholders, `#`, prices, web and mail addresses; full-width characters and other scripts'
 * digits as ASCII (NFKC, keeping the no-break spaces, which separate thousands).
 */
function comparableText(text: string): string {
  let plain = text;
  try {
    const plural = parsePlural(text);
    if (plural) plain = `${plural.before} ${plural.forms.get('other') ?? [...plural.forms.values()].join(' ')} ${plural.after}`;
  } catch {
    // Not well-formed (E0241 says so): its selectors are no numbers.
    plain = text.replace(/(^|[\s,{])(=\d+|offset:\s*\d+)(?=\s*\{)/g, '$1');
  }
  plain = plain
    .replace(/[\u00A0\u202F\u2009]/g, (space) => `\uE000${space.charCodeAt(0)}\uE001`)
    .replace(/[^²³]+/g, (part) => part.normalize('NFKC'))
    .replace(/\uE000(\d+)\uE001/g, (_, code: string) => String.fromCharCode(Number(code)))
    // Any script's decimal digits come in runs from zero to nine.
    .replace(/[^\P{Nd}0-9]/gu, (digit) => {
      let zero = digit.codePointAt(0)!;
      while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
      return String((digit.codePointAt(0)! - zero) % 10);
    });
  for (let before = ''; before !== plain; ) [before, plain] = [plain, plain.replace(/\{[^{}]*\}/g, ' ')];
  return plain
    .replace(/#/g, ' ')
    .replace(/\b(?:https?:\/\/|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu, ' ')
    .replace(PRICE, ' ');
}

/**
 * A time as its hour on the 24-hour clock and its minutes unless `00`: `18:30`, `6:30 pm`,
 * `18 h 30`, `18.30 Uhr` say 18 and 30, `午後6時` 18. (`am` changes nothing: German writes `am`.)
 */
function times(text: string): string {
  const afternoon = /午後|下午|오후/;
  const clock = (hour: string, pm: boolean, ...rest: (string | undefined)[]) =>
    ` ${[String(Number(hour) + (pm && Number(hour) < 12 ? 12 : 0)), ...rest.filter((part) => part && part !== '00')].join(' ')} `;
  return text
    .replace(
      /(午後|下午|오후|午前|上午|오전)?\s?(?<![\d.,:])(\d{1,2}):(\d{2})(?::(\d{2}))?(?!\d)(?:\s?([ap])\.?m\.?(?!\p{L}))?/giu,
      (_, before?: string, hour = '', minutes?: string, seconds?: string, half?: string) =>
        clock(hour, half ? half.toLowerCase() === 'p' : afternoon.test(before ?? ''), minutes, seconds),
    )
    .replace(/(?<![\d.,:])(\d{1,2})\.(\d{2})(?=\s?Uhr(?!\p{L}))/gu, (_, hour: string, minutes: string) => clock(hour, false, minutes))
    .replace(/(?<![\d.,:])(\d{1,2})\s?([ap])\.?m\.?(?!\p{L})/giu, (_, hour: string, ap: string) => clock(hour, ap.toLowerCase() === 'p'))
    .replace(/(午後|下午|오후|午前|上午|오전)\s?(\d{1,2})(?=\s?[時时시点點])/gu, (_, half: string, hour: string) =>
      clock(hour, afternoon.test(half)),
    );
}

/** A run of digits and separators as one number (`2 200`, `1.299,99`), or several (`24.11.2026`). */
function readRun(run: string): { value: string; soft?: string[] }[] {
  const groups = run.split(SEPARATOR);
  const separators = run.match(SEPARATORS) ?? [];
  const canonical = (whole: string, fraction = '') =>
    `${whole.replace(/^0+(?=\d)/, '')}${fraction.replace(/0+$/, '') ? `.${fraction.replace(/0+$/, '')}` : ''}`;
  if (groups.length === 1) return [{ value: canonical(run) }];
  // Thousands: 1 to 3 digits, then groups of three after one separator, then perhaps decimals after another.
  const thousands = separators[0]!;
  const last =
    separators.length > 1 && separators.at(-1) !== thousands && /[.,]/.test(separators.at(-1)!) ? groups.length - 1 : groups.length;
  if (
    /^[1-9]\d{0,2}$/.test(groups[0]!) &&
    last > 1 &&
    groups.slice(1, last).every((group) => /^\d{3}$/.test(group)) &&
    separators.slice(0, last - 1).every((separator) => separator === thousands)
  ) {
    const value = canonical(groups.slice(0, last).join(''), last < groups.length ? groups.at(-1) : '');
    return [thousands === ' ' ? { value, soft: groups.slice(0, last).map((group) => canonical(group)) } : { value }];
  }
  if (groups.length === 2 && /[.,]/.test(thousands)) return [{ value: canonical(groups[0]!, groups[1]) }];
  return groups.map((group) => ({ value: canonical(group) }));
}

/** The numbers of each text read (a source text is read once, however many translate it). */
const read = new Map<string, readonly Found[]>();

function found(text: string): readonly Found[] {
  if (read.size > 10_000) read.clear();
  if (!read.has(text)) read.set(text, readNumbers(text));
  return read.get(text)!;
}

function readNumbers(text: string): Found[] {
  const month = (whole: string, name: string, at: (marker: string) => string) => {
    const number = MONTHS.get(name);
    return number === undefined ? whole : at(`\uE002${number}:${name}\uE003`);
  };
  const plain = times(
    comparableText(text)
      .replace(/(\d)(\.?[ \u00A0])(\p{L}+)\.?/gu, (whole, digit: string, gap: string, name: string) =>
        month(whole, name, (marker) => `${digit}${gap}${marker}`),
      )
      .replace(/(\p{L}+)\.?([ \u00A0])(?=\d)/gu, (whole, name: string, gap: string) => month(whole, name, (marker) => `${marker}${gap}`)),
  );
  const mentions: Found[] = [];
  for (const match of plain.matchAll(RUN)) {
    if (match[1] !== undefined) {
      mentions.push({ value: match[1], written: match[2]! });
      continue;
    }
    // Part of a name (K1, G1, MP3).
    if (/[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}_]/u.test(plain[match.index - 1] ?? '')) continue;
    UNIT.lastIndex = match.index + match[0].length;
    const unit = UNIT.exec(plain);
    const numbers = readRun(match[0]);
    numbers.forEach((number, index) => {
      const last = unit && index === numbers.length - 1;
      const written = numbers.length === 1 ? match[0] : number.value;
      mentions.push({
        value: number.value,
        written: last ? `${written}${unit[0]}` : written,
        ...(last && { unit: unit[1] }),
        ...(number.soft && { soft: number.soft }),
      });
    });
  }
  return mentions;
}

/** The numbers a text says, as it writes them (`12 cm`, `1,5 kg`). */
export function numbersOf(text: string): NumberMention[] {
  return found(text).map(({ value, unit, written }) => (unit === undefined ? { value, written } : { value, unit, written }));
}

/** The numbers a text writes in words: they answer the other side's digits, and never ask for any. */
export function spelledNumbers(text: string): Set<string> {
  return wordNumbers(text).numbers;
}

/** Numbers in words, and whether the text has an indefinite article (one: `a series` for `第1弾`; never `1 kg`). */
function wordNumbers(text: string): { numbers: Set<string>; article: boolean } {
  const said = new Set<string>();
  const say = (value: number) => said.add(String(value));
  const plain = comparableText(text).toLowerCase();
  const list = plain.match(/\p{L}+(?:-\p{L}+)*/gu) ?? [];
  list.forEach((phrase, index) => {
    // twenty-five; three-stage (each word alone too).
    const parts = phrase.split('-').map((part) => WORDS.get(part));
    for (const part of parts) if (part !== undefined) say(part);
    if (parts.length === 2 && parts.every((part) => part !== undefined)) say(parts[0]! + parts[1]!);
    const value = WORDS.get(phrase);
    const next = list[index + 1]?.replace(/[sn]$/, '');
    // two hundred, a hundred; an hour, one day, half an hour, eine Stunde, une demi-heure.
    if (next === 'hundred' || next === 'thousand') say((value ?? 1) * (next === 'hundred' ? 100 : 1000));
    const count = value ?? (ARTICLES.has(phrase) ? 1 : undefined);
    const per = next === undefined ? undefined : DURATIONS.get(next);
    if (count !== undefined && per !== undefined) for (const value of [count, count * per]) say(value);
    if (per !== undefined && [list[index - 1], phrase].some((word) => /^(half|demi|halbe)$/.test(word ?? ''))) say(per / 2);
    if (/^demi-/.test(phrase) && DURATIONS.has(phrase.slice(5))) say(DURATIONS.get(phrase.slice(5))! / 2);
  });
  for (const [numeral] of plain.matchAll(CJK)) {
    // 二十五: 25, and each digit alone.
    let total = 0;
    let digit: number | undefined;
    for (const character of numeral) {
      const d = '两兩'.includes(character) ? 2 : character === '〇' ? 0 : '零一二三四五六七八九'.indexOf(character);
      if (d >= 0) say((digit = d));
      else {
        total += (digit ?? 1) * ({ 十: 10, 百: 100, 千: 1000 }[character] ?? 0);
        digit = undefined;
      }
    }
    say(total + (digit ?? 0));
  }
  for (const [, word] of plain.matchAll(KO_NUMERALS)) say(KO.get(word!)!);
  return { numbers: said, article: list.some((word) => ARTICLES.has(word)) };
}

/**
 * The numbers and units a translation says that its source does not, and those of the source it
 * does not say; undefined when they agree (as multisets, a unit word matching any unit symbol, a
 * number in words answering its digits).
 */
export function compareNumbers(source: string, translation: string): NumbersDifference | undefined {
  // Most texts say no number: nothing to read.
  if (source === translation || !/\p{Nd}/u.test(source + translation)) return undefined;
  // Each compile compares every translated text with its source: a pair is read once a process.
  const key = `${source}\u0000${translation}`;
  if (compared.has(key)) return compared.get(key);
  if (compared.size >= MAX_COMPARED) compared.clear();
  const difference = differenceOf(source, translation);
  compared.set(key, difference);
  return difference;
}

/** The pairs compared so far, with their difference (bounded: cleared when full). */
const compared = new Map<string, NumbersDifference | undefined>();
const MAX_COMPARED = 20_000;

function differenceOf(source: string, translation: string): NumbersDifference | undefined {
  const has = (side: readonly Found[], value: string) => side.some((mention) => mention.value === value);
  const apart = (side: readonly Found[], other: readonly Found[]) =>
    side.flatMap((mention) =>
      mention.soft && !has(other, mention.value) && mention.soft.every((value) => has(other, value))
        ? mention.soft.map((value) => ({ value, written: value }))
        : [mention],
    );
  const left = apart(found(source), found(translation));
  const right = apart(found(translation), found(source));
  const pair = (same: (a: Found, b: Found) => boolean) => {
    for (let i = left.length - 1; i >= 0; i--) {
      const j = right.findIndex((b) => same(left[i]!, b));
      if (j >= 0) {
        left.splice(i, 1);
        right.splice(j, 1);
      }
    }
  };
  pair((a, b) => a.value === b.value && a.unit === b.unit);
  pair((a, b) => a.value === b.value && (a.unit === undefined || b.unit === undefined));
  if (left.length === 0 && right.length === 0) return undefined;
  const answered =
    ({ numbers, article }: ReturnType<typeof wordNumbers>) =>
    (mention: Found) =>
      numbers.has(mention.value) || (article && mention.value === '1' && mention.unit === undefined);
  const inSource = answered(wordNumbers(source));
  const inTranslation = answered(wordNumbers(translation));
  const missing = left.filter((mention) => !inTranslation(mention));
  const added = right.filter((mention) => !inSource(mention));
  return missing.length === 0 && added.length === 0
    ? undefined
    : { source: missing.map((mention) => mention.written), translation: added.map((mention) => mention.written) };
}

/** W0403 at a translated text whose numbers differ (`at` asked only then: a range parses its file with positions). */
export function numbersDiagnostic(
  key: string,
  sourceId: string,
  source: string,
  text: string,
  at: () => SourceRange,
): Diagnostic | undefined {
  const differ = compareNumbers(source, text);
  return differ && createDiagnostic('W0403', { key, source: sourceId, translation: differ.translation, sourceSays: differ.source }, at());
}
