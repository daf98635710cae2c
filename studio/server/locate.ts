/**
 * Where a text of the preview comes from (docs/studio.md, "Preview": picking a text). The
 * maintainer clicks a text or a price in the framed page; the page's dev client sends its visible
 * text, and this finds the values of the content that make it, best first:
 *
 * - a value that reads the same (case and runs of spaces aside) before one that holds a part of
 *   it or is a part of it;
 * - a price as visitors read it ("1.299,00 €", "$1,699.00") is the `price` or `activityPrice`
 *   of a product of the region, formatted as the region formats it (the caller gives each
 *   formatted form, `PriceField`), also inside a longer text ("Aktionspreis: 1.299,00 €");
 * - a message with placeholders ("Meet {name}") matches the text it fills in;
 * - among equals, the files the previewed page is made of first, then the region's own files
 *   (region.yaml, products.yaml, its locale's messages), then the rest.
 *
 * The page's head texts (a page file's `title`, `description`, `keywords`) come last: a visitor
 * never sees them in the page, so a click is rarely on them.
 */
import { isMap, isNode, isScalar, isSeq, LineCounter, parseAllDocuments, type Node, type Scalar } from 'yaml';
import type { SearchFile } from './search.ts';

/** One price field of the region's products file, and how the region's visitors read it. */
export interface PriceField {
  readonly id: string;
  /** The field's path in its file (['products', 'miniRobot', 'price']). */
  readonly path: readonly (string | number)[];
  /** The price as formatted for the region ("1.299,00 €"). */
  readonly shown: string;
  /** Lower is likelier: the previewed page's product, the price shown at the preview's clock. */
  readonly rank: number;
}

export interface LocateRequest {
  /** The text clicked, as the page shows it. */
  readonly text: string;
  /** Every content file, with the unsaved texts over the disk's. */
  readonly files: readonly SearchFile[];
  /** The files the previewed page's text is made of. */
  readonly pageFiles?: readonly string[];
  /** The previewed region's own files. */
  readonly regionFiles?: readonly string[];
  readonly prices?: readonly PriceField[];
}

/** How a value matched: read the same, is the price shown, was filled in, or holds a part. */
export type LocateMatch = 'exact' | 'price' | 'template' | 'part';

export interface LocateHit {
  readonly id: string;
  readonly line: number;
  readonly column: number;
  readonly path: readonly (string | number)[];
  readonly value: string;
  readonly match: LocateMatch;
}

/** One scalar of a file, where it is and its text made comparable. */
interface Value {
  readonly id: string;
  readonly line: number;
  readonly column: number;
  readonly path: readonly (string | number)[];
  readonly value: string;
  readonly text: boolean;
  readonly plain: string;
}

/** The longest text looked for (the page sends at most this much of a long paragraph). */
export const MAX_LOCATE_TEXT = 300;
/** The longest value an answer carries. */
const MAX_VALUE = 200;
/** The head's texts of a page file: never in the page's body. */
const HEAD_KEYS = new Set(['title', 'description', 'keywords']);

/**
 * A text made comparable: compatibility forms (a no-break or narrow no-break space is a space),
 * runs of white space as one space, trimmed, lower-cased (a page may show a text in capitals).
 */
export function plainText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, ' ').trim().toLowerCase();
}

/** The values matching the request's text, best first, at most `limit`. */
export function locateText(request: LocateRequest, limit = 10): LocateHit[] {
  const needle = plainText(request.text).slice(0, MAX_LOCATE_TEXT);
  if (needle === '') return [];
  const pageFiles = new Set(request.pageFiles);
  const regionFiles = new Set(request.regionFiles);
  const place = (value: Value) => {
    if (typeof value.path[0] === 'string' && value.id.startsWith('pages/') && HEAD_KEYS.has(value.path[0])) return 3;
    return pageFiles.has(value.id) ? 0 : regionFiles.has(value.id) ? 1 : 2;
  };
  const found: { value: Value; match: LocateMatch; order: number[] }[] = [];
  const values = request.files.flatMap(valuesOf);
  for (const price of request.prices ?? []) {
    const shown = plainText(price.shown);
    const rank = needle === shown ? 0 : holdsPrice(needle, shown) ? 1 : undefined;
    const value = rank === undefined ? undefined : values.find((v) => v.id === price.id && samePath(v.path, price.path));
    if (value) found.push({ value, match: 'price', order: [rank!, place(value), price.rank] });
  }
  for (const value of values) {
    const rank = rankOf(value, needle);
    if (rank) found.push({ value, match: rank.match, order: [rank.rank, place(value), 0] });
  }
  found.sort((a, b) => compareOrder(a.order, b.order) || compareText(a.value.id, b.value.id) || a.value.line - b.value.line);
  const seen = new Set<string>();
  const hits: LocateHit[] = [];
  for (const { value, match } of found) {
    const key = `${value.id}\u0000${value.path.join('\u0000')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const { id, line, column, path } = value;
    hits.push({ id, line, column, path, value: clip(value.value), match });
    if (hits.length >= limit) break;
  }
  return hits;
}

/** How well one value matches the text (undefined: not at all); a price's field is matched as a price only. */
function rankOf(value: Value, needle: string): { rank: number; match: LocateMatch } | undefined {
  const { plain } = value;
  if (plain === needle) return { rank: 0, match: 'exact' };
  if (!value.text) return undefined;
  if (plain.includes('{') && filledIn(plain, needle)) return { rank: 2, match: 'template' };
  // A part of a longer value (a sentence of a paragraph the page split), or a value that is a
  // part of the text clicked (a label beside a value of the code's): words, not a lone digit.
  if (needle.length >= 3 && plain.includes(needle)) return { rank: 3, match: 'part' };
  if (plain.length >= 4 && /\p{L}/u.test(plain) && needle.includes(plain)) return { rank: 4, match: 'part' };
  return undefined;
}

/** Whether the text holds the price whole: "aktionspreis: 1.299,00 €" holds "1.299,00 €", "11.299,00 €" does not. */
function holdsPrice(needle: string, shown: string): boolean {
  for (let at = needle.indexOf(shown); at >= 0; at = needle.indexOf(shown, at + 1)) {
    const before = needle[at - 1] ?? ' ';
    const after = needle[at + shown.length] ?? ' ';
    if (!/[\d.,]/u.test(before) && !/\d/u.test(after)) return true;
  }
  return false;
}

/**
 * Whether a message with placeholders ("meet {name}", "{count, plural, one {# item} other {# items}}")
 * reads as the text once filled in: each placeholder (its nested braces too) stands for any text,
 * and the words around them must be there, at least three letters of them.
 */
function filledIn(template: string, needle: string): boolean {
  const parts: string[] = [];
  let depth = 0;
  let literal = '';
  for (const char of template) {
    if (char === '{' && depth++ === 0) {
      parts.push(literal);
      literal = '';
    } else if (char === '}' && depth > 0) depth--;
    else if (depth === 0 && char !== '{') literal += char;
  }
  if (depth !== 0) return false;
  parts.push(literal);
  if (parts.join('').replace(/\s/gu, '').length < 3) return false;
  const escaped = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.+?')}$`, 'su').test(needle);
}

/** The scalars of each file, parsed once per version of its text. */
const parsed = new Map<string, { text: string; values: Value[] }>();

function valuesOf(file: SearchFile): Value[] {
  const known = parsed.get(file.id);
  if (known?.text === file.text) return known.values;
  const values: Value[] = [];
  const lineCounter = new LineCounter();
  const walk = (node: unknown, path: (string | number)[]) => {
    if (isScalar(node)) {
      const value = scalarText(node);
      if (value === undefined || !node.range) return;
      const { line, col } = lineCounter.linePos(node.range[0]);
      values.push({
        id: file.id,
        line,
        column: col,
        path: [...path],
        value,
        text: typeof node.value === 'string',
        plain: plainText(value),
      });
    } else if (isMap(node)) {
      for (const pair of node.items) {
        const key = isNode(pair.key) && isScalar(pair.key as Node) ? String((pair.key as Scalar).value ?? '') : '';
        walk(pair.value, [...path, key]);
      }
    } else if (isSeq(node)) node.items.forEach((item, index) => walk(item, [...path, index]));
  };
  for (const doc of parseAllDocuments(file.text, { lineCounter })) walk(doc.contents, []);
  parsed.set(file.id, { text: file.text, values });
  return values;
}

/** A scalar's text: a string as it reads, a number as the file writes it; nothing for a null or a boolean. */
function scalarText(scalar: Scalar): string | undefined {
  if (typeof scalar.value === 'string') return scalar.value;
  if (typeof scalar.value === 'number' || typeof scalar.value === 'bigint') return scalar.source ?? String(scalar.value);
  return undefined;
}

function samePath(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  return a.length === b.length && a.every((step, i) => step === b[i]);
}

function compareOrder(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Code-unit order, the same on every machine (not `localeCompare`). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function clip(text: string): string {
  return text.length <= MAX_VALUE ? text : `${text.slice(0, MAX_VALUE - 1)}…`;
}
