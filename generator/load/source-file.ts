import { createRequire } from 'node:module';
import type { Document, Node, Pair } from 'yaml';
import type { SourceRange } from '../diagnostics/index.ts';
import { keepAtMost } from '../../core/limit.ts';

/**
 * A content file's text and YAML document, and the 1-based source ranges diagnostics point
 * at: of a node, of the node at a data path, or of a map key (load/index.ts makes the files).
 */

/** Where a content file is, and its text: enough to point a diagnostic at any of its nodes. */
export interface SourceFile {
  /** Path relative to the working directory, forward slashes: what diagnostics print. */
  readonly file: string;
  /** Path relative to the content folder, forward slashes: `regions/us/region.yaml`. */
  readonly id: string;
  readonly text: string;
  /** The YAML document with every node's position; parsed when first read for a file whose data came from the parse cache. */
  readonly doc: Document.Parsed;
  /** Offsets at which each line starts, for positions. */
  readonly lineStarts: readonly number[];
}

/** The yaml package, loaded on first use: a check whose files all come from the parse cache never loads it. */
let yaml: typeof import('yaml') | undefined;
function yamlModule(): typeof import('yaml') {
  yaml ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yaml;
}

/**
 * A YAML text's document, with every node's position. The last few are kept by text: a
 * diagnostic's position and the studio's field for it (pathAt) read one parse of a large file,
 * not one each. The documents are read, never changed (an edit parses its own: yaml-edit.ts).
 */
export function parseYaml(text: string): Document.Parsed {
  const known = recentDocuments.get(text);
  if (known) return known;
  const doc = yamlModule().parseDocument(text, { prettyErrors: false, uniqueKeys: true, merge: false });
  return keepAtMost(recentDocuments, RECENT_DOCUMENTS, text, doc);
}

/** How many documents `parseYaml` keeps (a build never holds every file's tree: load/index.ts). */
const RECENT_DOCUMENTS = 4;
const recentDocuments = new Map<string, Document.Parsed>();

/**
 * The plain data of a YAML text, read quickly (about ten times quicker than `parseYaml`), or
 * undefined when it cannot be read so: the text is then parsed by `parseYaml`, which is the
 * authority (its errors are the diagnostics, its nodes the positions). Read by js-yaml with the
 * YAML 1.2 core schema exactly as the yaml package resolves plain scalars (the same patterns:
 * `1_000`, `0b101` and `+.5` are texts or numbers alike in both); a text with a tag, an alias,
 * more than one document, a duplicate key, a complex or null key or a value that is not plain
 * JSON (`.inf`, `-0`) is left to `parseYaml` (tests/compiler/yaml-read.test.ts).
 */
export function readPlainYaml(text: string): { data: unknown } | undefined {
  // A complex key (`? [a, b]`, `[a]: b`, `{a: 1}: b`): the two read it as different texts.
  if (COMPLEX_KEY.test(text)) return undefined;
  let data: unknown;
  try {
    data = jsYamlModule().load(text, { schema: plainSchema() });
  } catch {
    return undefined;
  }
  return data !== undefined && plainTree(data, new Set()) ? { data } : undefined;
}

/**
 * An explicit key (`?`), or a flow collection as an implicit key (which YAML keeps to one line),
 * where a block or flow mapping's key starts. A text merely like one is left to the yaml package too.
 */
const KEY_START = String.raw`(?:\?(?:[ \t]|$)|[[{][^\n]*[\]}][ \t]*:(?:[ \t]|$))`;
const COMPLEX_KEY = new RegExp(String.raw`^[ \t]*(?:-[ \t]+)*${KEY_START}|[{,][ \t]*${KEY_START}`, 'm');

/**
 * What a null read by plainSchema is until plainTree makes it null: as a key, js-yaml makes it
 * '[object Object]' where the yaml package makes it '' (the text is then left to the yaml package).
 */
const NULL = Object.freeze({});

/**
 * Whether a tree is plain JSON (finite numbers but -0), each object and array met once (no alias
 * shares one) and no key a null or a collection became; its nulls made null on the way.
 */
function plainTree(value: unknown, seen: Set<object>): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (value[i] === NULL) value[i] = null;
      else if (!plainTree(value[i], seen)) return false;
    }
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    // An empty key is js-yaml's 'null' (the yaml package's ''); a null or a collection as a key is '[object Object]'.
    if (key === 'null' || key === '[object Object]') return false;
    if (object[key] === NULL) object[key] = null;
    else if (!plainTree(object[key], seen)) return false;
  }
  return true;
}

/** js-yaml, loaded on first use. */
let jsYaml: typeof import('js-yaml') | undefined;
function jsYamlModule(): typeof import('js-yaml') {
  jsYaml ??= createRequire(import.meta.url)('js-yaml') as typeof import('js-yaml');
  return jsYaml;
}

/**
 * js-yaml's failsafe schema (maps, sequences, strings) with the yaml package's core schema's
 * plain scalars (node_modules/yaml/dist/schema/core): the same patterns, the same values. Its
 * types have tags of their own, so a text that names a tag (`!!int 1`) is not read here.
 */
let schema: import('js-yaml').Schema | undefined;
function plainSchema(): import('js-yaml').Schema {
  if (schema) return schema;
  const { FAILSAFE_SCHEMA, Type } = jsYamlModule();
  const scalar = (name: string, pattern: RegExp, construct: (text: string) => unknown) =>
    new Type(`tag:robot-region-sites,2026:${name}`, {
      kind: 'scalar',
      resolve: (text: string | null) => pattern.test(text ?? ''),
      construct: (text: string | null) => construct(text ?? ''),
    });
  schema = FAILSAFE_SCHEMA.extend({
    implicit: [
      scalar('null', /^(?:~|[Nn]ull|NULL)?$/, () => NULL),
      scalar('bool', /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === 't' || text[0] === 'T'),
      scalar('int-oct', /^0o[0-7]+$/, (text) => parseInt(text.substring(2), 8)),
      scalar('int', /^[-+]?[0-9]+$/, (text) => parseInt(text, 10)),
      scalar('int-hex', /^0x[0-9a-fA-F]+$/, (text) => parseInt(text.substring(2), 16)),
      scalar('float-nan', /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/, (text) =>
        text.slice(-3).toLowerCase() === 'nan' ? Number.NaN : text[0] === '-' ? -Infinity : Infinity,
      ),
      scalar('float-exp', /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, (text) => parseFloat(text)),
      scalar('float', /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, (text) => parseFloat(text)),
    ],
  });
  return schema;
}

/** A source file whose document and line starts are made when first read. */
export function sourceFile(file: string, id: string, text: string, parsed?: Document.Parsed): SourceFile {
  let doc = parsed;
  let starts: number[] | undefined;
  return {
    file,
    id,
    text,
    get doc() {
      doc ??= parseYaml(text);
      return doc;
    },
    get lineStarts() {
      starts ??= lineStarts(text);
      return starts;
    },
  };
}

/** A 1-based source range from character offsets in a loaded file. */
export function rangeAt(file: Pick<SourceFile, 'file' | 'lineStarts' | 'text'>, start: number, end: number): SourceRange {
  const from = linePosition(file.lineStarts, Math.min(Math.max(start, 0), file.text.length));
  const to = linePosition(file.lineStarts, Math.min(Math.max(start, end, 0), file.text.length));
  return { file: file.file, line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

/** Offsets at which each line of a text starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * The 1-based line and column of an offset, from the text itself. (The yaml package's
 * LineCounter misses the line breaks inside a multi-line quoted scalar, which would put a
 * position past the end of its line.)
 */
function linePosition(starts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
}

/** The range of a YAML node (its value, not trailing comments). */
export function rangeOfNode(file: SourceFile, node: Node | null | undefined): SourceRange {
  const range = node?.range;
  if (!range) return rangeAt(file, 0, 0);
  return rangeAt(file, range[0], range[1]);
}

export interface NodeLookup {
  /** The deepest node reached along the path. */
  node: Node | null;
  /** The map pair holding that node, when it is a map value. */
  pair?: Pair<unknown, unknown>;
  /** True when the whole path was found. */
  complete: boolean;
}

/** Walks a JSON-pointer-like path (already split) from the document root. */
export function findNode(doc: Document.Parsed, segments: readonly string[]): NodeLookup {
  const { isMap, isPair, isScalar, isSeq } = yamlModule();
  let node = doc.contents as Node | null;
  let pair: Pair<unknown, unknown> | undefined;
  for (const segment of segments) {
    if (isMap(node)) {
      const found = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment);
      if (!found) return { node, pair, complete: false };
      pair = found;
      node = (found.value as Node | null) ?? (found.key as Node);
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (!item) return { node, pair, complete: false };
      pair = undefined;
      node = item;
    } else {
      return { node, pair, complete: false };
    }
  }
  return { node, pair, complete: true };
}

/** Range of the node at a data path, falling back to the nearest existing parent. */
export function rangeOfPath(file: SourceFile, segments: readonly string[]): SourceRange {
  return rangeOfNode(file, findNode(file.doc, segments).node);
}

/** Range of the key of the pair at a data path (for unknown or misplaced keys). */
export function rangeOfKey(file: SourceFile, segments: readonly string[]): SourceRange {
  const lookup = findNode(file.doc, segments);
  if (lookup.complete && lookup.pair && yamlModule().isScalar(lookup.pair.key)) return rangeOfNode(file, lookup.pair.key);
  return rangeOfNode(file, lookup.node);
}
