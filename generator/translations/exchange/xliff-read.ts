import { createRequire } from 'node:module';
import { decodeXml } from './decode.ts';
import { ExchangeReadError, UNIT_STATES } from './unit.ts';
import type { ReadResult, ReturnedText, UnitState } from './unit.ts';
import { XLIFF12_NS, XLIFF2_NS } from './xliff.ts';
import { attribute, finishUnit, isPlaceholder } from './xliff-units.ts';
import type { Piece, Tag, UnitDraft } from './xliff-units.ts';

/**
 * A translator's XLIFF 2.0 or 1.2 file read as the standards define it. The XML is parsed by
 * saxes, a conformant non-validating XML 1.0 parser: anything not well-formed (an undefined
 * entity such as `&nbsp;`, a document cut off, a stray `<`) is refused at its line, and a
 * document type declaration is refused outright (no entity is ever expanded). Then, per unit:
 * the text it goes to (2.0 `<file original>` and `<unit name>`; 1.2 `<file original>` and
 * `<trans-unit resname>`, each falling back to its `id`), its target with every inline element
 * mapped to the placeholder it stands for or refused with a reason, and its state in the
 * format's own attribute (2.0 `<segment state>`, default `initial`; 1.2 `<target state>`). A
 * unit given twice is refused. Nothing is dropped without a message. docs/translations.md.
 */

const require = createRequire(import.meta.url);

/**
 * XLIFF 1.2's states in 2.0's words; `new`, `needs-*` and `x-` states are not done yet, nor is
 * a target without a state unless its trans-unit is `approved="yes"`.
 */
const FROM_12: Readonly<Record<string, UnitState>> = {
  translated: 'translated',
  'signed-off': 'reviewed',
  final: 'final',
};

/** What the reader knows as the events come: where it is, and what it has read. */
interface Reader {
  readonly line: () => number;
  readonly fail: (reason: string, line?: number) => never;
  version?: '2.0' | '1.2';
  targetLanguage?: string;
  readonly stack: Tag[];
  file?: string;
  unit?: UnitDraft;
  /** Where text now goes: a target's or a source's pieces. */
  sink?: { pieces: Piece[] };
  /** An original data element being read (2.0 `<data id>`), and its text so far. */
  dataId?: string;
  dataText: string;
  /** XLIFF 1.2: the trans-unit's `approved`, and a `<ph>` whose text is taken as it closes. */
  approved: boolean;
  placeholder?: { outer: { pieces: Piece[] }; tag: Tag };
  readonly texts: ReturnedText[];
  /** The line of each text read, by `<file>#<key>`. */
  readonly seen: Map<string, number>;
}

const inUnit = (r: Reader) => r.unit ?? r.fail('a translation outside a unit');

/** Refuses an inline element of a target, saying why. */
function refuseCode(r: Reader, tag: Tag, why: string): never {
  const id = attribute(tag, 'id');
  return r.fail(
    `the translation of ${inUnit(r).key} holds the inline code <${tag.local}${id ? ` id="${id}"` : ''}>: ${why}; the texts are plain text with {placeholders}`,
  );
}

/** The root element: which XLIFF, and (2.0) the target language. */
function openRoot(r: Reader, tag: Tag): void {
  if (tag.local === 'xliff' && tag.uri === XLIFF2_NS) {
    const given = attribute(tag, 'version');
    if (given !== '2.0' && given !== '2.1') r.fail(`XLIFF version ${given ?? '(none)'} is not read: export as XLIFF 2.0 or 1.2`);
    r.version = '2.0';
    r.targetLanguage = attribute(tag, 'trgLang');
  } else if (tag.local === 'xliff' && tag.uri === XLIFF12_NS) r.version = '1.2';
  else r.fail(`not an XLIFF 2.0 or 1.2 document: its root is <${tag.name}>${tag.uri ? ` in ${tag.uri}` : ' in no namespace'}`);
}

/** An XLIFF 2.0 inline element in a target or source: a placeholder, a code point, an annotation; formatting is refused. */
function openInline20(r: Reader, tag: Tag, sink: { pieces: Piece[] }): void {
  if (tag.local === 'ph') {
    const ref = attribute(tag, 'dataRef');
    const said = [attribute(tag, 'equiv'), attribute(tag, 'disp')].find(isPlaceholder);
    if (ref !== undefined) sink.pieces.push({ dataRef: ref, line: r.line() });
    else if (said) sink.pieces.push(said);
    else refuseCode(r, tag, 'it names no original data nor a {placeholder} it stands for');
  } else if (tag.local === 'cp') {
    const hex = attribute(tag, 'hex') ?? '';
    const point = /^[0-9A-Fa-f]{1,6}$/.test(hex) ? Number.parseInt(hex, 16) : Number.NaN;
    if (!(point <= 0x10ffff)) r.fail(`the translation of ${inUnit(r).key} has <cp hex="${hex}">, which is no code point`);
    sink.pieces.push(String.fromCodePoint(point));
  } else if (tag.local === 'pc' || tag.local === 'sc' || tag.local === 'ec') refuseCode(r, tag, 'formatting the source does not have');
  else if (tag.local !== 'mrk' && tag.local !== 'sm' && tag.local !== 'em') refuseCode(r, tag, 'an element XLIFF does not allow there');
}

/** An XLIFF 1.2 inline element: `<x equiv-text>` and `<ph>` standing for a placeholder, `<mrk>`; formatting is refused. */
function openInline12(r: Reader, tag: Tag, sink: { pieces: Piece[] }): void {
  if (tag.local === 'mrk') return;
  if (tag.local === 'x') {
    const said = attribute(tag, 'equiv-text');
    if (isPlaceholder(said)) sink.pieces.push(said);
    else refuseCode(r, tag, 'it says no {placeholder} it stands for (equiv-text)');
  } else if (tag.local === 'ph') {
    // Its content, the native code, is the placeholder: taken as it closes.
    r.placeholder = { outer: sink, tag };
    r.sink = { pieces: [] };
  } else refuseCode(r, tag, 'formatting the source does not have');
}

function startUnit(r: Reader, tag: Tag, key: string | undefined): void {
  if (r.file === undefined) r.fail(`a <${tag.local}> outside a <file>`);
  if (!key) r.fail(`a <${tag.local}> with neither a name nor an id`);
  r.unit = { file: r.file!, key: key!, line: r.line(), data: new Map(), parts: [] };
}

/** An XLIFF 2.0 structural element. */
function open20(r: Reader, tag: Tag, parent: Tag): void {
  const inSegment = parent.local === 'segment' || parent.local === 'ignorable';
  switch (tag.local) {
    case 'file':
      r.file = attribute(tag, 'original') ?? attribute(tag, 'id');
      break;
    case 'unit':
      startUnit(r, tag, attribute(tag, 'name') ?? attribute(tag, 'id'));
      break;
    case 'segment':
    case 'ignorable': {
      const state = attribute(tag, 'state') ?? 'initial';
      if (!(UNIT_STATES as readonly string[]).includes(state))
        r.fail(`the segment of ${inUnit(r).key} has state="${state}": XLIFF 2.0's states are ${UNIT_STATES.join(', ')}`);
      inUnit(r).parts.push({ pieces: undefined, state: state as UnitState, ignorable: tag.local === 'ignorable', source: [] });
      break;
    }
    case 'target':
      if (inSegment) {
        const part = inUnit(r).parts.at(-1)!;
        part.pieces = [];
        r.sink = { pieces: part.pieces };
      }
      break;
    case 'source':
      // The source the translation was made from (and an ignorable's, the text between segments).
      if (inSegment) r.sink = { pieces: inUnit(r).parts.at(-1)!.source };
      break;
    case 'data':
      if (parent.local === 'originalData') {
        r.dataId = attribute(tag, 'id');
        r.dataText = '';
      }
      break;
    case 'cp':
      if (r.dataId !== undefined) r.dataText += String.fromCodePoint(Number.parseInt(attribute(tag, 'hex') ?? '0', 16));
      break;
  }
}

/** An XLIFF 1.2 structural element. */
function open12(r: Reader, tag: Tag, parent: Tag): void {
  switch (tag.local) {
    case 'file': {
      r.file = attribute(tag, 'original');
      const language = attribute(tag, 'target-language');
      if (r.targetLanguage !== undefined && language !== undefined && language.toLowerCase() !== r.targetLanguage.toLowerCase())
        r.fail(`the file's <file> elements name two target languages, ${r.targetLanguage} and ${language}`);
      r.targetLanguage ??= language;
      break;
    }
    case 'trans-unit':
      startUnit(r, tag, attribute(tag, 'resname') ?? attribute(tag, 'id'));
      r.approved = attribute(tag, 'approved') === 'yes';
      break;
    case 'source':
      if (parent.local === 'trans-unit') {
        const part = { pieces: undefined as Piece[] | undefined, state: 'initial' as UnitState, ignorable: false, source: [] as Piece[] };
        inUnit(r).parts.push(part);
        r.sink = { pieces: part.source };
      }
      break;
    case 'target':
      // A target in <alt-trans> is a suggestion, not the translation.
      if (parent.local === 'trans-unit') {
        const part = inUnit(r).parts.at(-1) ?? r.fail(`the trans-unit ${inUnit(r).key} has a target and no source`);
        // No state: done only when the unit says it passed review (1.2 `approved="yes"`).
        const state = attribute(tag, 'state');
        part.state = state === undefined ? (r.approved ? 'reviewed' : 'initial') : (FROM_12[state] ?? 'initial');
        part.pieces = [];
        r.sink = { pieces: part.pieces };
      }
      break;
  }
}

function open(r: Reader, tag: Tag): void {
  const parent = r.stack.at(-1);
  r.stack.push(tag);
  if (!parent) return openRoot(r, tag);
  if (r.sink) {
    // Inline content of a target or a source.
    if (r.version === '2.0' && tag.uri === XLIFF2_NS) return openInline20(r, tag, r.sink);
    if (r.version === '1.2' && tag.uri === XLIFF12_NS) return openInline12(r, tag, r.sink);
    refuseCode(r, tag, 'an element of another vocabulary');
  }
  if (r.version === '2.0' && tag.uri === XLIFF2_NS) open20(r, tag, parent);
  else if (r.version === '1.2' && tag.uri === XLIFF12_NS) open12(r, tag, parent);
}

function close(r: Reader): void {
  const tag = r.stack.pop()!;
  if (r.placeholder && tag === r.placeholder.tag) {
    const inner = (r.sink?.pieces ?? []).join('');
    if (!isPlaceholder(inner)) refuseCode(r, tag, `it holds '${inner}', which is no {placeholder}`);
    r.placeholder.outer.pieces.push(inner);
    r.sink = r.placeholder.outer;
    r.placeholder = undefined;
    return;
  }
  if (r.sink && (tag.local === 'target' || tag.local === 'source') && (tag.uri === XLIFF2_NS || tag.uri === XLIFF12_NS)) {
    r.sink = undefined;
    return;
  }
  if (r.dataId !== undefined && tag.local === 'data') {
    inUnit(r).data.set(r.dataId, r.dataText);
    r.dataId = undefined;
    return;
  }
  if (tag.local === 'file') r.file = undefined;
  const unit = r.unit;
  if ((tag.local === 'unit' || tag.local === 'trans-unit') && unit) {
    r.texts.push(finishUnit(unit, r.fail));
    const id = `${unit.file}#${unit.key}`;
    const first = r.seen.get(id);
    if (first !== undefined)
      r.fail(`the text ${unit.key} of ${unit.file} is in the file twice (lines ${first} and ${unit.line})`, unit.line);
    r.seen.set(id, unit.line);
    r.unit = undefined;
  }
}

/** Reads an XLIFF 2.0 or 1.2 document (its version from its root element's namespace). */
export function readXliff(bytes: Uint8Array): ReadResult & { version: '2.0' | '1.2' } {
  const text = decodeXml(bytes);
  const { SaxesParser } = require('saxes') as typeof import('saxes');
  const parser = new SaxesParser({ xmlns: true, position: true });
  const r: Reader = {
    line: () => parser.line,
    fail: (reason, line = parser.line) => {
      throw new ExchangeReadError(line, reason);
    },
    stack: [],
    dataText: '',
    approved: false,
    texts: [],
    seen: new Map(),
  };
  parser.on('error', (error) => r.fail(`not well-formed XML: ${error.message.replace(/^\d+:\d+: /, '')}`));
  parser.on('doctype', () =>
    r.fail('the file has a document type declaration (<!DOCTYPE ...>): an XLIFF file has none, and no entity it declares is read'),
  );
  parser.on('opentag', (node) => open(r, node as unknown as Tag));
  parser.on('closetag', () => close(r));
  const onText = (chunk: string) => {
    if (r.sink) r.sink.pieces.push(chunk);
    else if (r.dataId !== undefined) r.dataText += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(text).close();
  if (!r.version) r.fail('the file has no XLIFF document in it', 1);
  return { version: r.version!, ...(r.targetLanguage !== undefined && { targetLanguage: r.targetLanguage }), texts: r.texts };
}
