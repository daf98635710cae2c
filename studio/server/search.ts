/**
 * The studio's search: "where does 'Buy now' appear?", "every price of miniRobot". It looks
 * through the YAML of the content folder and answers with the place of every matching value
 * (file, line, column, path of keys), so the studio can list them and open each one.
 *
 * A value matches when every word of the query is found, case-insensitively, in the value's text
 * or in one of the keys above it. A phrase ("buy now" in "Buy now!") is the case where the whole
 * query is found in the value itself; a word found in a key narrows to a part of the tree
 * ("miniRobot price" is every value under a `miniRobot` key and a key containing "price", nested
 * ones included).
 *
 * Each file is parsed once per search, with the yaml Document API, so positions are the parser's
 * own (never found again by searching the text), and a file with a syntax error is still searched
 * as far as the parser understood it.
 */
import { isMap, isNode, isScalar, isSeq, LineCounter, parseAllDocuments, type Node, type Pair, type Scalar } from 'yaml';

/** One content file to search. */
export interface SearchFile {
  /** The file's path relative to the content folder, with forward slashes (`regions/us/products.yaml`). */
  readonly id: string;
  /** The file's text, as read from disk. */
  readonly text: string;
}

/** One matching value. */
export interface SearchHit {
  /** The file's id, as given in {@link SearchFile}. */
  readonly id: string;
  /**
   * 1-based line and column of the matched scalar: the value itself when its text holds every word
   * of the query; when a word was found only in the keys above it, the value's own key (for a
   * value in a sequence, which has no key, still the value).
   */
  readonly line: number;
  readonly column: number;
  /** The path of keys and indexes from the document's root to the value, e.g. ['products', 'miniRobot', 'price']. */
  readonly path: readonly (string | number)[];
  /** The value as text (numbers and booleans as the file writes them), at most 200 characters. */
  readonly value: string;
}

/** The answer to one search. */
export interface SearchResult {
  /** The hits, sorted by file id (code-unit order), then line, then column. */
  readonly hits: readonly SearchHit[];
  /** More hits than the limit were found. */
  readonly truncated: boolean;
}

/** The longest value a hit carries: enough to recognise it in a list, not a whole page of legal text. */
const MAX_VALUE_LENGTH = 200;

/**
 * Finds every scalar value (string, number or boolean) of the files that matches `query`.
 * Matching is case-insensitive, after trimming and collapsing the query's whitespace; an empty
 * query finds nothing. Map keys are not hits of their own (the values under them are), and an
 * alias is skipped (its anchor's node is found once, where it is written).
 *
 * @param limit the most hits returned; `truncated` says whether more were found.
 */
export function searchContent(files: readonly SearchFile[], query: string, limit = 200): SearchResult {
  const words = splitQuery(query);
  if (words.length === 0) return { hits: [], truncated: false };
  const cap = Math.max(0, Math.floor(limit));
  const sorted = [...files].sort((a, b) => compareText(a.id, b.id));
  const hits: SearchHit[] = [];
  // Files go in id order and each file's hits are sorted, so the first `cap` hits are final as
  // soon as one more is known: the rest of the files need not be parsed.
  for (const file of sorted) {
    if (hits.length > cap) break;
    if (!mayMatch(file.text, words)) continue;
    // One push at a time: a spread of a large file's hits would overflow the call's arguments.
    for (const hit of searchFile(file, words)) hits.push(hit);
  }
  return { hits: hits.slice(0, cap), truncated: hits.length > cap };
}

/** The query's words, lower-cased: split on any run of whitespace, empty ones dropped. */
function splitQuery(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/u)
    .filter((word) => word !== '');
}

/**
 * Whether the file can hold a match, by a scan of its text (a fraction of a millisecond, where
 * parsing takes one or two): every word of a match is in a value or key, and every character of
 * those is in the text, lower-cased alike, unless an escape wrote it (`\u00e9` in a double-quoted
 * string, `''` in a single-quoted one). A file with an escape is always parsed.
 */
function mayMatch(text: string, words: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return words.every((word) => lower.includes(word)) || text.includes('\\') || text.includes("''");
}

/** Code-unit order, the same on every machine and locale (not `localeCompare`). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What the walk over one file carries: the query, where to find positions, and the hits so far. */
interface Walk {
  readonly file: SearchFile;
  readonly words: readonly string[];
  readonly lineCounter: LineCounter;
  /** The keys and indexes from the root to the node being walked (pushed and popped as it goes). */
  readonly path: (string | number)[];
  readonly hits: SearchHit[];
}

/** The hits of one file, in line and column order. */
function searchFile(file: SearchFile, words: readonly string[]): SearchHit[] {
  const lineCounter = new LineCounter();
  const walk: Walk = { file, words, lineCounter, path: [], hits: [] };
  // Every document of the stream: a stray `---` does not hide the rest of the file. A document
  // with errors still holds the nodes read before (and around) each error.
  for (const doc of parseAllDocuments(file.text, { lineCounter })) {
    walkNode(walk, doc.contents, null, noKeyWords(words));
  }
  return walk.hits.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Which of the query's words a key on the current path holds: none yet. */
function noKeyWords(words: readonly string[]): readonly boolean[] {
  return words.map(() => false);
}

/**
 * Walks one node: a scalar is tested, a map or sequence walked item by item. `key` is the key
 * node of the pair whose value this is (null for a sequence item or a document's root), and
 * `inKeys[i]` says whether word i was found in a key on the path.
 */
function walkNode(walk: Walk, node: unknown, key: Node | null, inKeys: readonly boolean[]): void {
  if (isScalar(node)) {
    testScalar(walk, node, key, inKeys);
  } else if (isMap(node)) {
    for (const pair of node.items) walkPair(walk, pair as Pair<unknown, unknown>, inKeys);
  } else if (isSeq(node)) {
    node.items.forEach((item, index) => {
      walk.path.push(index);
      walkNode(walk, item, null, inKeys);
      walk.path.pop();
    });
  }
  // An alias (or nothing, in a document cut short by an error) is not walked: its anchor's node
  // is found where it is written.
}

/** Walks a map's pair: its key joins the path, and the words it holds count for every value below. */
function walkPair(walk: Walk, pair: Pair<unknown, unknown>, inKeys: readonly boolean[]): void {
  // A missing key (`: value`, or an error) is null: it joins the path as ''.
  const keyNode = isNode(pair.key) ? pair.key : null;
  const keyText = keyNode ? nodeText(walk.file.text, keyNode) : '';
  const lowerKey = keyText.toLowerCase();
  // A new array only when this key holds a word no key above it held: most keys hold none.
  const adds = walk.words.some((word, i) => !inKeys[i] && lowerKey.includes(word));
  const below = adds ? walk.words.map((word, i) => inKeys[i] || lowerKey.includes(word)) : inKeys;
  walk.path.push(keyText);
  walkNode(walk, pair.value, keyNode, below);
  walk.path.pop();
}

/** Records a hit when the scalar is a string, number or boolean holding every word not found in the keys. */
function testScalar(walk: Walk, scalar: Scalar, key: Node | null, inKeys: readonly boolean[]): void {
  const { value } = scalar;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'bigint') return;
  const text = scalarText(scalar);
  const lower = text.toLowerCase();
  let inValue = true;
  for (const [i, word] of walk.words.entries()) {
    if (lower.includes(word)) continue;
    if (!inKeys[i]) return;
    inValue = false;
  }
  // When the value alone does not answer the query, a key did: point at the value's own key (the
  // line a maintainer reads as "price: 199"), if it has one.
  const at = !inValue && key?.range ? key : scalar;
  const offset = at.range?.[0] ?? 0;
  const { line, col } = walk.lineCounter.linePos(offset);
  walk.hits.push({ id: walk.file.id, line, column: col, path: [...walk.path], value: clip(text) });
}

/** A scalar's text: a string as it reads, a number or boolean as the file writes it (`0x1F`, `1.50`, `True`). */
function scalarText(scalar: Scalar): string {
  if (typeof scalar.value === 'string') return scalar.value;
  return scalar.source ?? String(scalar.value);
}

/** A key's text: a scalar key's value, or the source of a complex key (`? [a, b]`). */
function nodeText(source: string, node: Node): string {
  if (isScalar(node)) return node.value === null || node.value === undefined ? '' : scalarText(node);
  return node.range ? source.slice(node.range[0], node.range[1]).trim() : '';
}

/** The value cut to {@link MAX_VALUE_LENGTH} characters, ending with "…" when cut, never inside a surrogate pair. */
function clip(text: string): string {
  if (text.length <= MAX_VALUE_LENGTH) return text;
  let end = MAX_VALUE_LENGTH - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
