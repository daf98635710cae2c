// The one linear pass of generator/art/svg.ts over a drawing's text: XML well-formedness (tags,
// attributes, entities, namespace prefixes, one root) and an `<svg>` root, each problem at the
// position in the file where it shows.

/** The five entities XML defines; any other must be declared in the file's DOCTYPE. */
const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);
/** Namespaces an SVG may use, for the hint of an undeclared prefix. */
const KNOWN_NAMESPACES: Record<string, string> = { xlink: 'http://www.w3.org/1999/xlink', svg: 'http://www.w3.org/2000/svg' };
const NAME = /[A-Za-z_:][\w.:-]*/y;
const SPACE = /\s*/y;

export class Malformed extends Error {
  constructor(
    readonly problem: string,
    readonly index: number,
    /** How many characters to mark from `index`. */
    readonly length = 1,
  ) {
    super(problem);
  }
}

function position(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: index - start + 1 };
}

/** Where a problem is: from `index`, `length` characters on. */
export function range(text: string, index: number, length: number): { line: number; column: number; endLine: number; endColumn: number } {
  const start = position(text, index);
  const end = position(text, Math.min(text.length, index + length));
  return { ...start, endLine: end.line, endColumn: end.column };
}

/** The root element's attributes and where its tag starts, if the text is a well-formed SVG. */
export interface Parsed {
  readonly attributes: ReadonlyMap<string, string>;
  readonly index: number;
}

/** The pass's state: where it is, the entities the DOCTYPE declares, the elements still open, the root once seen. */
interface Pass {
  readonly text: string;
  i: number;
  readonly declared: Set<string>;
  readonly open: { name: string; index: number; prefixes: ReadonlySet<string> }[];
  root: Parsed | undefined;
}

/** Checks XML well-formedness (tags, attributes, entities, one root) and that the root is `<svg>`. */
export function parseSvg(text: string): Parsed {
  rejectControlCharacters(text);
  const pass: Pass = { text, i: 0, declared: new Set<string>(), open: [], root: undefined };
  while (pass.i < text.length) {
    const lt = text.indexOf('<', pass.i);
    const textEnd = lt === -1 ? text.length : lt;
    if (textEnd > pass.i) checkTextRun(pass, textEnd);
    if (lt === -1) break;
    pass.i = lt;
    readMarkup(pass, lt);
  }
  const unclosed = pass.open.pop();
  if (unclosed) throw new Malformed(`<${unclosed.name}> is never closed (the file ends first)`, unclosed.index, unclosed.name.length + 1);
  if (!pass.root) throw new Malformed('the file holds no <svg> element', 0);
  return pass.root;
}

function rejectControlCharacters(text: string): void {
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  const control = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.exec(text);
  if (control)
    throw new Malformed(
      `the character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}, which XML does not allow`,
      control.index,
    );
}

/** The text from the pass's place to `textEnd`: none outside the root, and its entities known. */
function checkTextRun(pass: Pass, textEnd: number): void {
  const { text, i } = pass;
  if (pass.open.length === 0 && text.slice(i, textEnd).trim() !== '') {
    const at = i + (text.slice(i, textEnd).length - text.slice(i, textEnd).trimStart().length);
    throw new Malformed(pass.root ? `text after the closing </svg>` : 'text before the <svg> element', at);
  }
  checkEntities(pass, i, textEnd);
}

/** One piece of markup from `<` at `lt`: a processing instruction, comment, CDATA, DOCTYPE, closing or opening tag. */
function readMarkup(pass: Pass, lt: number): void {
  const { text } = pass;
  if (text.startsWith('<?', pass.i)) {
    pass.i = until(pass, '?>', 'a processing instruction', lt) + 2;
  } else if (text.startsWith('<!--', pass.i)) {
    pass.i = until(pass, '-->', 'a comment', lt) + 3;
  } else if (text.startsWith('<![CDATA[', pass.i)) {
    if (pass.open.length === 0) throw new Malformed('a CDATA section outside the <svg> element', lt);
    pass.i = until(pass, ']]>', 'a CDATA section', lt) + 3;
  } else if (text.startsWith('<!DOCTYPE', pass.i)) {
    readDoctype(pass, lt);
  } else if (text.startsWith('</', pass.i)) {
    readClosingTag(pass, lt);
  } else {
    readOpeningTag(pass, lt);
  }
}

/** A DOCTYPE, whose internal subset may declare entities the drawing then uses. */
function readDoctype(pass: Pass, lt: number): void {
  const { text } = pass;
  if (pass.root) throw new Malformed('a DOCTYPE after the <svg> element', lt);
  const bracket = text.indexOf('[', pass.i);
  const close = until(pass, '>', 'the DOCTYPE', lt);
  if (bracket !== -1 && bracket < close) {
    pass.i = bracket;
    const subsetEnd = until(pass, ']', "the DOCTYPE's declarations", lt);
    for (const entity of text.slice(bracket, subsetEnd).matchAll(/<!ENTITY\s+([A-Za-z_:][\w.:-]*)\s/g)) pass.declared.add(entity[1]!);
    pass.i = subsetEnd;
  }
  pass.i = until(pass, '>', 'the DOCTYPE', lt) + 1;
}

function readClosingTag(pass: Pass, lt: number): void {
  const { text } = pass;
  const name = readName(text, pass.i + 2);
  if (!name) throw new Malformed("a '</' that closes no tag", lt);
  pass.i += 2 + name.length;
  skipSpace(pass);
  if (text[pass.i] !== '>') throw new Malformed(`the closing tag </${name}> has no '>'`, lt);
  pass.i++;
  const top = pass.open.pop();
  if (!top) throw new Malformed(`</${name}> closes nothing`, lt, name.length + 3);
  if (top.name !== name)
    throw new Malformed(`</${name}> where <${top.name}> (line ${position(text, top.index).line}) should close first`, lt, name.length + 3);
}

function readOpeningTag(pass: Pass, lt: number): void {
  const { text } = pass;
  const name = readName(text, pass.i + 1);
  if (!name) throw new Malformed("a '<' that starts no tag (write &lt; for the character)", lt);
  if (pass.open.length === 0 && pass.root)
    throw new Malformed(`a second element <${name}> after the closing </svg>: a drawing has one root`, lt);
  pass.i += 1 + name.length;
  const { attributes, positions } = readAttributes(pass, name, lt);
  const prefixes = new Set([...attributes.keys()].filter((key) => key.startsWith('xmlns:')).map((key) => key.slice('xmlns:'.length)));
  checkPrefix(pass, name, prefixes, lt);
  for (const [attribute, at] of positions) checkPrefix(pass, attribute, prefixes, at);
  if (pass.open.length === 0) {
    const local = name.slice(name.indexOf(':') + 1);
    if (local !== 'svg') throw new Malformed(`the root element is <${name}>, not <svg>`, lt, name.length + 1);
    pass.root = { attributes, index: lt };
  }
  if (text.startsWith('/>', pass.i)) pass.i += 2;
  else {
    pass.i++;
    pass.open.push({ name, index: lt, prefixes });
  }
}

/** The attributes of the tag `name` (and where each starts), up to its `>` or `/>`, where the pass stops. */
function readAttributes(pass: Pass, name: string, lt: number): { attributes: Map<string, string>; positions: Map<string, number> } {
  const { text } = pass;
  const attributes = new Map<string, string>();
  const positions = new Map<string, number>();
  for (;;) {
    const before = pass.i;
    skipSpace(pass);
    if (text.startsWith('/>', pass.i) || text[pass.i] === '>') break;
    if (pass.i >= text.length) throw new Malformed(`the tag <${name}> never ends (no '>')`, lt);
    const attribute = readName(text, pass.i);
    if (!attribute) throw new Malformed(`unexpected '${text[pass.i]}' in the tag <${name}>`, pass.i);
    if (pass.i === before) throw new Malformed(`attributes of <${name}> need a space between them`, pass.i);
    const at = pass.i;
    pass.i += attribute.length;
    skipSpace(pass);
    if (text[pass.i] !== '=') throw new Malformed(`attribute '${attribute}' of <${name}> has no value`, at);
    pass.i++;
    skipSpace(pass);
    const i = pass.i;
    const quote = text[i];
    if (quote !== '"' && quote !== "'") throw new Malformed(`the value of attribute '${attribute}' is not in quotes`, i);
    const end = text.indexOf(quote, i + 1);
    if (end === -1) throw new Malformed(`the value of attribute '${attribute}' never ends`, i);
    const lessThan = text.indexOf('<', i + 1);
    if (lessThan !== -1 && lessThan < end) throw new Malformed(`'<' in the value of attribute '${attribute}' (write &lt;)`, lessThan);
    checkEntities(pass, i + 1, end);
    if (attributes.has(attribute)) throw new Malformed(`attribute '${attribute}' appears twice in <${name}>`, at);
    attributes.set(attribute, text.slice(i + 1, end));
    positions.set(attribute, at);
    pass.i = end + 1;
  }
  return { attributes, positions };
}

/** A prefixed name's prefix must be declared on its element (`own`) or an open ancestor. */
function checkPrefix(pass: Pass, name: string, own: ReadonlySet<string>, at: number): void {
  const colon = name.indexOf(':');
  if (colon === -1) return;
  const prefix = name.slice(0, colon);
  const declared = prefix === 'xml' || prefix === 'xmlns' || own.has(prefix) || pass.open.some((element) => element.prefixes.has(prefix));
  if (!declared) {
    const known = KNOWN_NAMESPACES[prefix];
    throw new Malformed(
      `the namespace prefix '${prefix}' of ${name} is not declared (add xmlns:${prefix}="${known ?? '…'}" to the <svg>)`,
      at,
    );
  }
}

function readName(text: string, at: number): string | undefined {
  NAME.lastIndex = at;
  return NAME.exec(text)?.[0];
}

function skipSpace(pass: Pass): void {
  SPACE.lastIndex = pass.i;
  SPACE.exec(pass.text);
  pass.i = SPACE.lastIndex;
}

/** Where the next `end` is from the pass's place; `what` never ends without one. */
function until(pass: Pass, end: string, what: string, from: number): number {
  const found = pass.text.indexOf(end, pass.i);
  if (found === -1) throw new Malformed(`${what} never ends (no '${end}')`, from);
  return found;
}

/** Every `&` from `from` to `to` starts a character reference XML allows or a known entity. */
function checkEntities(pass: Pass, from: number, to: number): void {
  const { text } = pass;
  for (let amp = text.indexOf('&', from); amp !== -1 && amp < to; amp = text.indexOf('&', amp + 1)) {
    const match = /^&(#[0-9]+|#x[0-9a-fA-F]+|[A-Za-z_:][\w.:-]*);/.exec(text.slice(amp, Math.min(to, amp + 64)));
    if (!match) throw new Malformed("a '&' that starts no entity (write &amp; for the character)", amp);
    const name = match[1]!;
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      if (!isXmlCharacter(code)) throw new Malformed(`'&${name};' names no character XML allows`, amp, match[0].length);
    } else if (!PREDEFINED.has(name) && !pass.declared.has(name)) {
      throw new Malformed(
        `undefined entity '&${name};' (XML knows only &amp; &lt; &gt; &quot; &apos; and numeric ones such as &#160;)`,
        amp,
        match[0].length,
      );
    }
  }
}

/** XML's Char production. */
function isXmlCharacter(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}
