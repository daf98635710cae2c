import { ExchangeReadError, splitId } from './unit.ts';

/**
 * The strict PO line scanner po.ts runs before gettext-parser reads a file: `scanPo` checks the
 * text against the PO grammar and finds each entry, its offset and its line. One token is read
 * at a time (a line break, a space, a comment, a string or a keyword) into a ScanState.
 */

/** One entry as scanPo found it. */
export interface ScannedEntry {
  /** Where its first token (a comment or its msgctxt) is in the text, and the line of that offset. */
  readonly start: number;
  readonly startLine: number;
  /** Its msgctxt as the file spells it, and the line of its msgctxt. */
  readonly context: string;
  readonly line: number;
}

export interface Scan {
  readonly entries: readonly ScannedEntry[];
  /** The header entry's offset (it is the first entry), or none. */
  readonly header?: { readonly start: number; readonly startLine: number };
}

/** An entry being scanned. */
interface Draft {
  start: number;
  startLine: number;
  context?: string;
  contextLine: number;
  idLine: number;
  idEmpty: boolean;
}

/** Where scanPo is in the text, and what it has found so far. */
interface ScanState {
  readonly text: string;
  readonly entries: ScannedEntry[];
  /** Each msgctxt found, and the line it is first at. */
  readonly seen: Map<string, number>;
  header?: Scan['header'];
  /** Where the entry being read is: between entries, after its msgctxt, its msgid, its msgstr. */
  phase: 'none' | 'context' | 'id' | 'str';
  draft?: Draft;
  /** A keyword whose first string has not come yet. */
  pending?: { keyword: string; line: number };
  /** Whether the last token was a string, which a string after it continues. */
  afterString: boolean;
  line: number;
  /** The offset of the next token (or space) to read. */
  offset: number;
}

const CUT_OFF = ': the file looks cut off';

/** The escapes gettext-parser reads as gettext does (a backslash before a line break continues the string, for both). */
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"' };

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0c || c === 0x0b;
const isKeywordChar = (c: number) =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x5b || c === 0x5d;

/**
 * Checks the text against the PO grammar (the gettext manual, "The Format of PO Files"; what
 * msgfmt reads), refusing at its line what gettext-parser would read otherwise than the file
 * says or take for a whole file when it is cut off, and finds the entries. Every entry but the
 * header has a msgctxt `<file>#<key>`, once; obsolete entries (`#~`) are comments here, as they
 * are no translations (they are not counted either: ReadResult has no place for them).
 */
export function scanPo(text: string): Scan {
  const state: ScanState = { text, entries: [], seen: new Map(), phase: 'none', afterString: false, line: 1, offset: 0 };
  while (state.offset < text.length) readToken(state);
  refuseUnfinished(state, true);
  if (state.phase === 'str') finishEntry(state);
  // msgfmt reads a last line without its line break; a translator's file that ends so was cut
  // off more often than not (a transfer, a disk full), and whether it lost a string is unknowable.
  if (text.length > 0 && text.charCodeAt(text.length - 1) !== 0x0a)
    throw new ExchangeReadError(state.line, 'the file ends mid-line: it looks cut off');
  return { entries: state.entries, ...(state.header && { header: state.header }) };
}

/** Reads the token (or the line break or space) at the offset, and moves past it; a character that starts none is refused. */
function readToken(state: ScanState): void {
  const c = state.text.charCodeAt(state.offset);
  if (c === 0x0a) {
    state.line++;
    state.offset++;
  } else if (isSpace(c)) {
    state.offset++;
  } else if (c === 0x23 /* # */) {
    readComment(state);
  } else if (c === 0x22 /* " */) {
    readString(state);
  } else if (isKeywordChar(c)) {
    readKeyword(state);
  } else {
    throw new ExchangeReadError(
      state.line,
      `unexpected ${JSON.stringify(state.text.charAt(state.offset))}: a PO line holds a comment (#), a keyword (msgctxt, msgid, msgstr) or a "string"`,
    );
  }
}

/** Refuses an entry left unfinished: a keyword with no string, or no msgstr after its msgctxt or msgid; `atEnd`, the file ends there. */
function refuseUnfinished(state: ScanState, atEnd: boolean): void {
  const suffix = atEnd ? CUT_OFF : '';
  if (state.pending) throw new ExchangeReadError(state.pending.line, `${state.pending.keyword} has no string after it${suffix}`);
  if (state.phase === 'context')
    throw new ExchangeReadError(state.draft!.contextLine, `the msgctxt has no msgid and msgstr after it${suffix}`);
  if (state.phase === 'id') throw new ExchangeReadError(state.draft!.idLine, `the msgid has no msgstr after it${suffix}`);
}

/** Ends the entry being read: the header (the first entry, with no msgctxt and an empty msgid) or an entry with a new msgctxt `<file>#<key>`. */
function finishEntry(state: ScanState): void {
  const entry = state.draft!;
  state.draft = undefined;
  state.phase = 'none';
  if (entry.context === undefined) {
    if (state.entries.length === 0 && state.header === undefined && entry.idEmpty) {
      state.header = { start: entry.start, startLine: entry.startLine };
      return;
    }
    throw new ExchangeReadError(entry.idLine, 'this entry has no msgctxt: each text of the export is an entry with msgctxt "<file>#<key>"');
  }
  const { file, key } = splitId(entry.context);
  if (file === '' || key === '')
    throw new ExchangeReadError(entry.contextLine, `msgctxt "${entry.context}" is no text's id: the export writes "<file>#<key>"`);
  const first = state.seen.get(entry.context);
  if (first !== undefined)
    throw new ExchangeReadError(
      entry.contextLine,
      `msgctxt "${entry.context}" is here a second time (first at line ${first}): each text is one entry`,
    );
  state.seen.set(entry.context, entry.contextLine);
  state.entries.push({ start: entry.start, startLine: entry.startLine, context: entry.context, line: entry.contextLine });
}

/** Opens the entry the token at the offset belongs to, starting one after a complete entry; returns it. */
function openEntry(state: ScanState): Draft {
  if (state.phase === 'str') finishEntry(state);
  state.draft ??= { start: state.offset, startLine: state.line, contextLine: 0, idLine: 0, idEmpty: true };
  return state.draft;
}

/**
 * Reads a comment, to the end of its line: before an entry it is the entry's; inside one (before
 * its msgstr) gettext refuses it, as the entry has no msgstr there. An obsolete one (`#~`) ends
 * the entry before it and belongs to none.
 */
function readComment(state: ScanState): void {
  refuseUnfinished(state, false);
  if (state.text.charCodeAt(state.offset + 1) !== 0x7e /* ~ */) openEntry(state);
  else if (state.phase === 'str') finishEntry(state);
  state.afterString = false;
  const end = state.text.indexOf('\n', state.offset);
  state.offset = end < 0 ? state.text.length : end;
}

/** Reads a string, which follows its keyword or continues the string before it, into the entry: its msgctxt, or whether its msgid is empty. */
function readString(state: ScanState): void {
  if (!state.pending && !state.afterString) throw new ExchangeReadError(state.line, 'a string with no keyword before it');
  const value = readQuoted(state);
  if (state.pending?.keyword === 'msgctxt') state.draft!.context = value;
  else if (state.afterString && state.phase === 'context') state.draft!.context += value;
  else if (state.phase === 'id' && value !== '') state.draft!.idEmpty = false;
  state.pending = undefined;
  state.afterString = true;
}

/**
 * Reads the quoted string at the offset, closed with `"` on its line (or on the line a backslash
 * before a line break continues it to), and returns its value, its escapes read; the offset
 * moves past its closing quote.
 */
function readQuoted(state: ScanState): string {
  const { text } = state;
  const startLine = state.line;
  let value = '';
  let j = state.offset + 1;
  let from = j;
  for (;;) {
    if (j >= text.length) throw new ExchangeReadError(startLine, `the file ends inside a string${CUT_OFF}`);
    const d = text.charCodeAt(j);
    if (d === 0x22) break;
    if (d === 0x0a)
      throw new ExchangeReadError(
        state.line,
        'a string is not closed on its line (a PO string closes with " on its line; a line break in it is written \\n)',
      );
    if (d === 0x5c /* \ */) {
      const escaped = text.charAt(j + 1);
      value += text.slice(from, j) + readEscape(escaped, state.line);
      if (escaped === '\n') state.line++;
      j += 2;
      from = j;
      continue;
    }
    j++;
  }
  state.offset = j + 1;
  return value + text.slice(from, j);
}

/**
 * Returns what the character after a backslash stands for: nothing for a line break (a backslash
 * at the end of a line continues the string on the next, as msgfmt reads it). The end of the
 * file, and an escape gettext-parser misreads, are refused at `line`.
 */
function readEscape(escaped: string, line: number): string {
  if (escaped === '\n') return '';
  if (escaped === '') throw new ExchangeReadError(line, `the file ends inside a string${CUT_OFF}`);
  const value = ESCAPES[escaped];
  if (value !== undefined) return value;
  const shown = escaped === '\r' ? '\\ before a carriage return' : `\\${escaped}`;
  throw new ExchangeReadError(
    line,
    `the escape ${shown} cannot be read faithfully: this reader takes \\n, \\t, \\r, \\\\ and \\" (write any other character as itself)`,
  );
}

/** Reads a keyword (msgctxt, msgid or msgstr) and moves the entry on to it; plural forms and any other word are refused. */
function readKeyword(state: ScanState): void {
  const { text, line } = state;
  let j = state.offset + 1;
  while (j < text.length && isKeywordChar(text.charCodeAt(j))) j++;
  const keyword = text.slice(state.offset, j);
  if (keyword === 'msgid_plural' || /^msgstr\[\d+\]$/.test(keyword))
    throw new ExchangeReadError(
      line,
      `${keyword}: this file's texts have no plural forms (the export writes one msgstr per text, a count in ICU's plural syntax), so this entry cannot be read back`,
    );
  if (keyword !== 'msgctxt' && keyword !== 'msgid' && keyword !== 'msgstr')
    throw new ExchangeReadError(line, `'${keyword}' is no PO keyword (msgctxt, msgid, msgstr)`);
  if (state.pending) throw new ExchangeReadError(state.pending.line, `${state.pending.keyword} has no string after it`);
  if (keyword === 'msgctxt') {
    refuseUnfinished(state, false);
    openEntry(state).contextLine = line;
    state.phase = 'context';
  } else if (keyword === 'msgid') {
    if (state.phase === 'id') refuseUnfinished(state, false);
    openEntry(state).idLine = line;
    state.phase = 'id';
  } else {
    if (state.phase !== 'id') throw new ExchangeReadError(line, 'msgstr with no msgid before it');
    state.phase = 'str';
  }
  state.pending = { keyword, line };
  state.afterString = false;
  state.offset = j;
}
