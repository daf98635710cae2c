import { createRequire } from 'node:module';
import type { Document, Node, Pair } from 'yaml';
import type { SourceRange } from './diagnostics.ts';

/**
 * A content file's text and YAML document, and the 1-based source ranges diagnostics point
 * at: of a node, of the node at a data path, or of a map key (load.ts makes the files).
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

export function parseYaml(text: string): Document.Parsed {
  return yamlModule().parseDocument(text, { prettyErrors: false, uniqueKeys: true, merge: false });
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
