import { createRequire } from 'node:module';
import { decodePo } from './po-charset.ts';
import { scanPo } from './po-scan.ts';
import { ExchangeReadError, exportState, splitId, unitId } from './unit.ts';
import type { ExchangeUnit, ReadResult, ReturnedText } from './unit.ts';

/**
 * Translations as GNU gettext PO (the gettext manual, "The Format of PO Files"), written and
 * read by gettext-parser: one entry per text, its `msgctxt` the text's id (`<file>#<key>`),
 * `msgid` the source, `msgstr` the translation, `#.` the note, `#:` where the text is in the
 * content, and a translation to check (stale, unrecorded) flagged `fuzzy`.
 *
 * Reading is strict where gettext-parser 10 is lenient. Given the text, it takes a file cut off
 * in a string, after a keyword (an empty string), after a msgid (an entry with no msgstr) or
 * after a msgctxt (nothing), and one without its final newline; a duplicate msgctxt (the last
 * one wins), `'` as a string quote, and escapes it does not know (`\a`, `\x41`, `\101` read as
 * `a`, `x41`, `101`); an obsolete `#~ msgctxt` alone gives the next entry its context. Given the
 * bytes, it reads them as ISO-8859-1 when the header names no charset, lets invalid UTF-8 become
 * U+FFFD, passes an unknown charset's bytes through undecoded, and cannot read UTF-16. So the
 * bytes are decoded first (po-charset.ts, with decode.ts), then `scanPo` (po-scan.ts) checks
 * the text against the PO grammar (the one msgfmt reads, stricter only in refusing a last line
 * without its newline and the escapes gettext-parser misreads) and finds each entry's line,
 * which gettext-parser does not give, and only then does gettext-parser read the entries
 * (tests/compiler/exchange-po.test.ts shows each refusal). It reads them 8 KB at a time: on a
 * whole 20 MB file it builds each string a character at a time and peaks at about 35 times the
 * file (700 MB, 12 s); a slice at a time the reading holds the decoded text, the texts read and
 * one slice's work (under 100 MB of heap, 3 s for 20 MB).
 */

interface PoComments {
  extracted?: string;
  reference?: string;
  flag?: string;
  translator?: string;
}
interface PoEntry {
  msgctxt?: string;
  msgid: string;
  msgid_plural?: string;
  msgstr: string[];
  comments?: PoComments;
}
interface PoData {
  charset: string;
  headers?: Record<string, string>;
  translations: Record<string, Record<string, PoEntry>>;
}
interface GettextModule {
  po: {
    compile(data: PoData, options?: { foldLength?: number; sort?: boolean }): Buffer;
    parse(text: string, options?: { validation?: boolean }): PoData;
  };
}

const require = createRequire(import.meta.url);
// Loaded on first use: `--check` and the other commands never need it.
const gettext = (): GettextModule => {
  const loaded = require('gettext-parser') as GettextModule & { default?: GettextModule };
  return loaded.default ?? loaded;
};

/** The project, as the header's Project-Id-Version names it (there is no version: the texts are the content's as it is). */
const PROJECT = 'robot-region-sites';

/**
 * A BCP 47 tag as gettext's Language header writes one (the gettext manual, "Filling in the
 * Header Entry": `ll` or `ll_CC`, POSIX's form): `fr-FR` is `fr_FR`. gettext has no place for a
 * script subtag (its `@variant` is free text), so any other tag is written as it is; the import
 * compares tags case-insensitively and reads `_` as `-` either way.
 */
function gettextLanguage(tag: string): string {
  const match = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}|\d{3}))?$/.exec(tag.trim());
  if (!match) return tag;
  return match[2] === undefined ? match[1]!.toLowerCase() : `${match[1]!.toLowerCase()}_${match[2].toUpperCase()}`;
}

/** Whether a translation begins and ends with a line break where its source does (`msgfmt -c` checks both on every entry it compiles). */
const lineBreaksAgree = (source: string, target: string) =>
  source.startsWith('\n') === target.startsWith('\n') && source.endsWith('\n') === target.endsWith('\n');

/**
 * The texts as a PO file, for a translator's tool; `msgfmt -c` (gettext 0.21) passes it with no
 * warning. The same units give the same bytes: nothing in the file depends on when it is written.
 */
export function writePo(units: readonly ExchangeUnit[], languages: { source: string; target: string }): string {
  // The header entry (the gettext manual, "Filling in the Header Entry"). `msgfmt -c` warns when
  // Project-Id-Version, PO-Revision-Date, Last-Translator, Language-Team, MIME-Version,
  // Content-Type or Content-Transfer-Encoding is missing or still holds the template's
  // placeholder (`YEAR-MO-DA HO:MI+ZONE`, `FULL NAME <EMAIL@ADDRESS>`, `LANGUAGE <LL@li.org>`,
  // `charset=CHARSET`); an empty value it takes, and it checks no date's format (gettext 0.21,
  // tried). The dates are left empty: the export knows
  // no honest date (its wall-clock time would make two exports of the same content differ, and
  // no translator revised the file yet: the translator's PO editor fills PO-Revision-Date when
  // it saves), and so are Last-Translator and Language-Team, who are not known yet, and
  // Report-Msgid-Bugs-To, as xgettext leaves it without an address. Plural-Forms is needed
  // only by a file with plural entries, which the export never writes (a text with a count is
  // one ICU plural text). X-Source-Language is Poedit's header for the source's language.
  const headers: Record<string, string> = {
    'Project-Id-Version': PROJECT,
    'Report-Msgid-Bugs-To': '',
    'POT-Creation-Date': '',
    'PO-Revision-Date': '',
    'Last-Translator': '',
    'Language-Team': '',
    Language: gettextLanguage(languages.target),
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=UTF-8',
    'Content-Transfer-Encoding': '8bit',
    'X-Source-Language': gettextLanguage(languages.source),
  };
  const translations: PoData['translations'] = { '': { '': { msgid: '', msgstr: [''] } } };
  for (const unit of units) {
    const context = unitId(unit);
    const translated = unit.target !== '';
    // `msgfmt -c` refuses an entry whose msgid and msgstr disagree on a leading or trailing line
    // break, and skips fuzzy ones: a current translation that disagrees is flagged to be checked.
    const breaksDisagree = translated && !lineBreaksAgree(unit.source, unit.target);
    // gettext's states: an empty msgstr is untranslated; a translation to check (stale,
    // unrecorded) is `fuzzy`; a current one is plain.
    const fuzzy = translated && (exportState(unit.state) === 'initial' || breaksDisagree);
    const extracted = [
      unit.note,
      // gettext has no field for a length: a comment the translator reads.
      ...(unit.maxLength === undefined ? [] : [`max length: ${unit.maxLength} characters`]),
      ...(breaksDisagree ? ['the translation does not begin or end with a line break where the source does'] : []),
    ].filter((line) => line !== '');
    const comments: PoComments = {
      reference: `content/${unit.file}:${unit.line}`,
      ...(extracted.length > 0 && { extracted: extracted.join('\n') }),
      ...(fuzzy && { flag: 'fuzzy' }),
    };
    translations[context] = { [unit.source]: { msgctxt: context, msgid: unit.source, msgstr: [unit.target], comments } };
  }
  const written = gettext().po.compile({ charset: 'utf-8', headers, translations }, { foldLength: 0, sort: false }).toString('utf8');
  // gettext-parser writes the charset in lower case (`charset=utf-8`); gettext's own tools, and
  // the header above, write `UTF-8` (msgfmt takes either).
  return written.replace('"Content-Type: text/plain; charset=utf-8\\n"', '"Content-Type: text/plain; charset=UTF-8\\n"');
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The size of the slices of the file gettext-parser reads one at a time. */
const SLICE = 8 * 1024;

/** A slice of the file for gettext-parser: obsolete lines (`#~`) left out, as their keywords would join the entries around them. */
const withoutObsolete = (slice: string) => (slice.includes('#~') ? slice.replace(/^[ \t]*#~.*$/gm, '') : slice);

/** gettext-parser's reading of a slice, its errors refused at their line in the file. */
function parseSlice(slice: string, firstLine: number): PoData {
  try {
    return gettext().po.parse(withoutObsolete(slice), { validation: true });
  } catch (error) {
    const at = (error as { lineNumber?: number }).lineNumber;
    throw new ExchangeReadError(firstLine + (at === undefined ? 0 : at - 1), `not PO: ${(error as Error).message}`);
  }
}

/**
 * A string in one piece. gettext-parser builds each string a character at a time, and V8 keeps
 * such a string as a tree of its pieces (about 14 bytes a character) for as long as it is held:
 * the texts read are copied out of it. Also a msgctxt, which is otherwise a slice of the whole file.
 */
const copy = (text: string) => Buffer.from(text, 'utf16le').toString('utf16le');

const isFuzzy = (entry: PoEntry) => (entry.comments?.flag ?? '').split(/[\s,]+/).includes('fuzzy');

/**
 * A translator's PO file: its target language (the header's Language, as written) and its texts,
 * each with its line (its msgctxt's). Synchronous. Throws ExchangeReadError, at the line, for a
 * file it cannot read as the standard defines it or as the export wrote it.
 */
export function readPo(bytes: Uint8Array): ReadResult {
  const text = decodePo(bytes);
  const { entries, header } = scanPo(text);
  let targetLanguage: string | undefined;
  if (header) {
    const end = entries[0]?.start ?? text.length;
    const language = parseSlice(text.slice(header.start, end), header.startLine).headers?.Language;
    if (language) targetLanguage = language;
  }
  const texts: ReturnedText[] = [];
  for (let first = 0; first < entries.length; ) {
    let last = first + 1;
    while (last < entries.length && entries[last]!.start - entries[first]!.start < SLICE) last++;
    const end = entries[last]?.start ?? text.length;
    const data = parseSlice(text.slice(entries[first]!.start, end), entries[first]!.startLine);
    for (const scanned of entries.slice(first, last)) {
      // The scan and gettext-parser read the same entries; should they ever differ, the file is refused, not half read.
      const read = Object.hasOwn(data.translations, scanned.context) ? Object.values(data.translations[scanned.context]!) : [];
      const entry = read[0];
      if (read.length !== 1 || entry === undefined || entry.msgstr.length !== 1)
        throw new ExchangeReadError(
          scanned.line,
          `gettext-parser did not read the entry of msgctxt "${scanned.context}" as one msgid and one msgstr`,
        );
      const { file, key } = splitId(copy(scanned.context));
      const target = copy(entry.msgstr[0]!);
      const state = target === '' || isFuzzy(entry) ? 'initial' : 'translated';
      texts.push({ file, key, source: copy(entry.msgid), target, state, line: scanned.line });
    }
    if (Object.keys(data.translations).filter((context) => context !== '').length !== last - first)
      throw new ExchangeReadError(entries[first]!.line, 'gettext-parser read more entries than the file has');
    first = last;
  }
  return { ...(targetLanguage !== undefined && { targetLanguage }), texts };
}
