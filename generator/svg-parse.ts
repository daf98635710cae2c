// The one linear pass of generator/svg.ts over a drawing's text: XML well-formedness (tags,
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

/** Checks XML well-formedness (tags, attributes, entities, one root) and that the root is `<svg>`. */
export function parseSvg(text: string): Parsed {
  const declared = new Set<string>();
  const open: { name: string; index: number; prefixes: ReadonlySet<string> }[] = [];
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  const control = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.exec(text);
  if (control)
    throw new Malformed(
      `the character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}, which XML does not allow`,
      control.index,
    );
  const prefixDeclared = (prefix: string, own: ReadonlySet<string>) =>
    prefix === 'xml' || prefix === 'xmlns' || own.has(prefix) || open.some((element) => element.prefixes.has(prefix));
  const checkPrefix = (name: string, own: ReadonlySet<string>, at: number) => {
    const colon = name.indexOf(':');
    if (colon === -1) return;
    const prefix = name.slice(0, colon);
    if (!prefixDeclared(prefix, own)) {
      const known = KNOWN_NAMESPACES[prefix];
      throw new Malformed(
        `the namespace prefix '${prefix}' of ${name} is not declared (add xmlns:${prefix}="${known ?? '…'}" to the <svg>)`,
        at,
      );
    }
  };
  let root: Parsed | undefined;
  let i = 0;
  const readName = (at: number): string | undefined => {
    NAME.lastIndex = at;
    return NAME.exec(text)?.[0];
  };
  const skipSpace = () => {
    SPACE.lastIndex = i;
    SPACE.exec(text);
    i = SPACE.lastIndex;
  };
  const until = (end: string, what: string, from: number): number => {
    const found = text.indexOf(end, i);
    if (found === -1) throw new Malformed(`${what} never ends (no '${end}')`, from);
    return found;
  };
  const checkEntities = (from: number, to: number) => {
    for (let amp = text.indexOf('&', from); amp !== -1 && amp < to; amp = text.indexOf('&', amp + 1)) {
      const match = /^&(#[0-9]+|#x[0-9a-fA-F]+|[A-Za-z_:][\w.:-]*);/.exec(text.slice(amp, Math.min(to, amp + 64)));
      if (!match) throw new Malformed("a '&' that starts no entity (write &amp; for the character)", amp);
      const name = match[1]!;
      if (name.startsWith('#')) {
        const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        const allowed =
          code === 0x9 ||
          code === 0xa ||
          code === 0xd ||
          (code >= 0x20 && code <= 0xd7ff) ||
          (code >= 0xe000 && code <= 0xfffd) ||
          (code >= 0x10000 && code <= 0x10ffff);
        if (!allowed) throw new Malformed(`'&${name};' names no character XML allows`, amp, match[0].length);
      } else if (!PREDEFINED.has(name) && !declared.has(name)) {
        throw new Malformed(
          `undefined entity '&${name};' (XML knows only &amp; &lt; &gt; &quot; &apos; and numeric ones such as &#160;)`,
          amp,
          match[0].length,
        );
      }
    }
  };
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const textEnd = lt === -1 ? text.length : lt;
    if (textEnd > i) {
      if (open.length === 0 && text.slice(i, textEnd).trim() !== '') {
        const at = i + (text.slice(i, textEnd).length - text.slice(i, textEnd).trimStart().length);
        throw new Malformed(root ? `text after the closing </svg>` : 'text before the <svg> element', at);
      }
      checkEntities(i, textEnd);
    }
    if (lt === -1) break;
    i = lt;
    if (text.startsWith('<?', i)) {
      i = until('?>', 'a processing instruction', lt) + 2;
    } else if (text.startsWith('<!--', i)) {
      i = until('-->', 'a comment', lt) + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      if (open.length === 0) throw new Malformed('a CDATA section outside the <svg> element', lt);
      i = until(']]>', 'a CDATA section', lt) + 3;
    } else if (text.startsWith('<!DOCTYPE', i)) {
      if (root) throw new Malformed('a DOCTYPE after the <svg> element', lt);
      const bracket = text.indexOf('[', i);
      const close = until('>', 'the DOCTYPE', lt);
      if (bracket !== -1 && bracket < close) {
        i = bracket;
        const subsetEnd = until(']', "the DOCTYPE's declarations", lt);
        for (const entity of text.slice(bracket, subsetEnd).matchAll(/<!ENTITY\s+([A-Za-z_:][\w.:-]*)\s/g)) declared.add(entity[1]!);
        i = subsetEnd;
      }
      i = until('>', 'the DOCTYPE', lt) + 1;
    } else if (text.startsWith('</', i)) {
      const name = readName(i + 2);
      if (!name) throw new Malformed("a '</' that closes no tag", lt);
      i += 2 + name.length;
      skipSpace();
      if (text[i] !== '>') throw new Malformed(`the closing tag </${name}> has no '>'`, lt);
      i++;
      const top = open.pop();
      if (!top) throw new Malformed(`</${name}> closes nothing`, lt, name.length + 3);
      if (top.name !== name)
        throw new Malformed(
          `</${name}> where <${top.name}> (line ${position(text, top.index).line}) should close first`,
          lt,
          name.length + 3,
        );
    } else {
      const name = readName(i + 1);
      if (!name) throw new Malformed("a '<' that starts no tag (write &lt; for the character)", lt);
      if (open.length === 0 && root) throw new Malformed(`a second element <${name}> after the closing </svg>: a drawing has one root`, lt);
      i += 1 + name.length;
      const attributes = new Map<string, string>();
      const positions = new Map<string, number>();
      for (;;) {
        const before = i;
        skipSpace();
        if (text.startsWith('/>', i) || text[i] === '>') break;
        if (i >= text.length) throw new Malformed(`the tag <${name}> never ends (no '>')`, lt);
        const attribute = readName(i);
        if (!attribute) throw new Malformed(`unexpected '${text[i]}' in the tag <${name}>`, i);
        if (i === before) throw new Malformed(`attributes of <${name}> need a space between them`, i);
        const at = i;
        i += attribute.length;
        skipSpace();
        if (text[i] !== '=') throw new Malformed(`attribute '${attribute}' of <${name}> has no value`, at);
        i++;
        skipSpace();
        const quote = text[i];
        if (quote !== '"' && quote !== "'") throw new Malformed(`the value of attribute '${attribute}' is not in quotes`, i);
        const end = text.indexOf(quote, i + 1);
        if (end === -1) throw new Malformed(`the value of attribute '${attribute}' never ends`, i);
        const lessThan = text.indexOf('<', i + 1);
        if (lessThan !== -1 && lessThan < end) throw new Malformed(`'<' in the value of attribute '${attribute}' (write &lt;)`, lessThan);
        checkEntities(i + 1, end);
        if (attributes.has(attribute)) throw new Malformed(`attribute '${attribute}' appears twice in <${name}>`, at);
        attributes.set(attribute, text.slice(i + 1, end));
        positions.set(attribute, at);
        i = end + 1;
      }
      const prefixes = new Set([...attributes.keys()].filter((key) => key.startsWith('xmlns:')).map((key) => key.slice('xmlns:'.length)));
      checkPrefix(name, prefixes, lt);
      for (const [attribute, at] of positions) checkPrefix(attribute, prefixes, at);
      if (open.length === 0) {
        const local = name.slice(name.indexOf(':') + 1);
        if (local !== 'svg') throw new Malformed(`the root element is <${name}>, not <svg>`, lt, name.length + 1);
        root = { attributes, index: lt };
      }
      if (text.startsWith('/>', i)) i += 2;
      else {
        i++;
        open.push({ name, index: lt, prefixes });
      }
    }
  }
  const unclosed = open.pop();
  if (unclosed) throw new Malformed(`<${unclosed.name}> is never closed (the file ends first)`, unclosed.index, unclosed.name.length + 1);
  if (!root) throw new Malformed('the file holds no <svg> element', 0);
  return root;
}
