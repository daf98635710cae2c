import { Document, isAlias, isMap, isNode, isPair, isScalar, isSeq, visit } from 'yaml';
import { Pair, parse, parseDocument, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import type { Node, ToStringOptions } from 'yaml';
import { column, isDeepEqual, isRecord, lineEnd, lineStart, reindent, splice } from './yaml-text.ts';
import type { Edit } from './yaml-text.ts';

/**
 * Saving a studio form into its YAML file so that `git diff` shows only the values that changed.
 * The file's node tree (yaml's Document API) is walked beside the form's data, and each difference
 * is a splice of the original text at a node's source range, so comments, blank lines, key order,
 * quoting, anchors and flow or block style keep their bytes. The library writes only the new
 * pieces: its `doc.toString()` of a whole file re-spaces comments, pads flow collections and
 * refolds folded text (94 of the 98 content files changed when saved unchanged).
 */

/** The text does not parse as one YAML document: the caller saves the raw text instead. */
export class YamlEditError extends Error {
  override name = 'YamlEditError';
}

/** What holds a node: the document, a block map or sequence at column `col`, a flow collection (`pad`: `[ a ]`). */
type Place = { kind: 'root' } | { kind: 'map' | 'seq'; col: number } | { kind: 'flow'; col: number; pad: boolean };

/** The walk's state: the splices so far, and each anchor's value after the edit (a symbol once its node is gone). */
type Walk = { readonly text: string; readonly doc: Document; readonly edits: Edit[]; readonly anchors: Map<string, unknown> };

type Collection = YAMLMap<unknown, unknown> | YAMLSeq<unknown>;

/**
 * The file's text with its data replaced by `data`, changing only what differs: the lines of changed values,
 * of removed entries and of new ones (at the end of their map or list); an `undefined` property means absent.
 * Throws YamlEditError when the text does not parse (the caller then saves raw text instead).
 */
export function applyData(text: string, data: unknown): string {
  const doc = parseDocument(text);
  if (doc.errors[0]) throw new YamlEditError(doc.errors[0].message);
  const walk: Walk = { text, doc, edits: [], anchors: new Map() };
  const value = data ?? null;
  if (isNode(doc.contents)) editNode(walk, doc.contents, value, { kind: 'root' });
  else if (value !== null) {
    const written = `${write(toNode(walk, value, false), {})}\n`;
    walk.edits.push({ from: text.length, to: text.length, text: text === '' || text.endsWith('\n') ? written : `\n${written}` });
  }
  const result = splice(text, walk.edits);
  // One parse more: saving an edit that reads back as other data would lose the change unseen.
  if (!isDeepEqual(parse(result), value)) throw new Error('yaml-edit: the edited text reads back as other data (a bug).');
  return result;
}

/** Records the edits that turn `node`'s text into `value`'s, keeping the node wherever it can. */
function editNode(walk: Walk, node: Node, value: unknown, place: Place): void {
  if (isAlias(node)) {
    const target = walk.anchors.has(node.source) ? walk.anchors.get(node.source) : node.resolve(walk.doc)?.toJS(walk.doc);
    return isDeepEqual(target, value) ? undefined : replaceNode(walk, node, value, place);
  }
  if (node.anchor) walk.anchors.set(node.anchor, value);
  if (isScalar(node) && (typeof value !== 'object' || value === null)) return editScalar(walk, node, value, place);
  if (isMap(node) && isRecord(value) && editMap(walk, node, value)) return;
  if (isSeq(node) && Array.isArray(value) && editSeq(walk, node, value)) return;
  replaceNode(walk, node, value, place);
}

/** A changed scalar keeps its node: its comment stays, and a quoted or block string keeps its style. */
function editScalar(walk: Walk, node: Scalar, value: unknown, place: Place): void {
  if (node.value === value || (Number.isNaN(node.value) && Number.isNaN(value))) return;
  const next = new Scalar(value);
  // A plain one's new text is the library's choice (it quotes what must be); a number loses quotes.
  if (typeof value === 'string' && node.type !== Scalar.PLAIN) next.type = node.type;
  // One spread over lines (a folded block, a long string) is refolded at its widest line, to break where it did.
  const [start, end] = rangeOf(node);
  const lines = walk.text.slice(lineStart(walk.text, start), end).replace(/\n$/, '').split('\n');
  const refold = place.kind !== 'flow' && lines.length > 1 && node.type !== Scalar.BLOCK_LITERAL;
  const widest = Math.max(...lines.map((line) => line.trimEnd().length)) - (place.kind === 'root' ? 0 : place.col);
  putNode(walk, node, next, place, { lineWidth: refold ? widest : 0 });
}

/**
 * Edits a map in place: common keys recurse, a renamed key is renamed, keys gone lose their lines, new keys are appended. False,
 * with nothing recorded, when it must be rewritten: a key without a value (`? key`) has no place for
 * one, and a block map cannot be emptied entry by entry.
 */
function editMap(walk: Walk, map: YAMLMap<unknown, unknown>, value: Record<string, unknown>): boolean {
  const wanted = new Map(Object.entries(value).filter(([, item]) => item !== undefined));
  const keys = map.items.map((pair) => keyOf(walk, pair));
  if (!map.items.every((pair) => isNode(pair.value))) return isDeepEqual(map.toJS(walk.doc), value);
  renameKey(walk, map, keys, [...wanted.keys()]);
  if (!keys.some((key) => wanted.has(key))) return keys.length === 0 && wanted.size === 0;
  // Removed first: a later alias of an anchor under a removed key must see it gone.
  const gone = keys.flatMap((key, index) => (wanted.has(key) ? [] : [index]));
  removeItems(walk, map, gone);
  const place = childPlace(walk.text, map);
  for (const [index, pair] of map.items.entries()) {
    const key = keys[index] ?? '';
    if (wanted.has(key) && isNode(pair.value)) editNode(walk, pair.value, wanted.get(key), place);
    wanted.delete(key);
  }
  appendItems(walk, map, [...wanted]);
  return true;
}

/**
 * A key renamed where it stands: the form renames one key at a time and keeps its place, so one
 * key gone and one new at the same place is that key renamed. Its line keeps its comments and the
 * entry its place (removed and appended, it would go to the map's end without its comments).
 * `keys` then names it by its new name.
 */
function renameKey(walk: Walk, map: YAMLMap<unknown, unknown>, keys: string[], wanted: readonly string[]): void {
  const gone = keys.filter((key) => !wanted.includes(key));
  const added = wanted.filter((key) => !keys.includes(key));
  const index = keys.indexOf(gone[0] ?? '');
  const key = map.items[index]?.key;
  if (gone.length !== 1 || added.length !== 1 || wanted.indexOf(added[0]!) !== index) return;
  if (!isScalar(key) || key.anchor || key.tag || typeof key.value !== 'string') return;
  const next = new Scalar(added[0]);
  // A quoted key stays quoted the same way; a plain one is the library's choice (it quotes what must be).
  if (key.type !== Scalar.PLAIN) next.type = key.type;
  const text = write(next, {});
  if (text.includes('\n')) return;
  walk.edits.push({ from: rangeOf(key)[0], to: rangeOf(key)[1], text });
  keys[index] = added[0]!;
}

/**
 * Edits a sequence in place: common items recurse, surplus ones go from the end, new ones are
 * appended. One holding a pair (`[a: 1]`, a map to the data) is rewritten if it changed.
 */
function editSeq(walk: Walk, seq: YAMLSeq<unknown>, value: readonly unknown[]): boolean {
  const count = seq.items.length;
  if (!seq.items.every((item) => isNode(item))) return isDeepEqual(seq.toJS(walk.doc), value);
  if (count === 0 || value.length === 0) return count === value.length;
  const place = childPlace(walk.text, seq);
  for (const [index, item] of seq.items.slice(0, value.length).entries()) editNode(walk, item as Node, value[index] ?? null, place);
  const gone = seq.items.slice(value.length).map((_, offset) => value.length + offset);
  const added = value.slice(count).map((item) => [null, item ?? null] as const);
  removeItems(walk, seq, gone);
  appendItems(walk, seq, added);
  return true;
}

/** A value of another kind (or an alias that no longer fits) replaces the old node's text. */
function replaceNode(walk: Walk, node: Node, value: unknown, place: Place): void {
  forgetAnchors(walk, node);
  if (node.anchor) walk.anchors.set(node.anchor, value);
  const pad = place.kind === 'flow' ? place.pad : isFlow(node) ? walk.text[rangeOf(node)[0] + 1] === ' ' : true;
  putNode(walk, node, toNode(walk, value, isFlow(node)), place, { flowCollectionPadding: pad });
}

/**
 * Records the edit that writes `next` over `old`'s text. An anchor stays (it stands before the
 * range); a value after `key:` or `-` gets the library's separator (a space, or a line break before
 * a block collection), one alone on its line keeps its column, a one-line one keeps its spacing.
 */
function putNode(walk: Walk, old: Node, next: Node, place: Place, options: ToStringOptions): void {
  const { text } = walk;
  let [start, end] = rangeOf(old);
  // An explicit tag typed the old value, so it goes with it; the library writes the anchor again.
  const props = old.tag ? /(?:[!&]\S*[ \t]+)+$/.exec(text.slice(lineStart(text, start), start)) : null;
  if (props) [start, next.anchor] = [start - props[0].length, old.anchor];
  // A block node's range takes its last line's end: what replaces it ends a line too.
  const tail = text[end - 1] === '\n' ? '\n' : '';
  let from = start;
  while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from -= 1;
  let out: string;
  if (place.kind === 'flow') [from, out] = [start, reindent(writeHeld(next, null, true, options), place.col)];
  else if (place.kind === 'root' || from === 0 || text[from - 1] === '\n') {
    const col = column(text, start);
    // A sequence may stand at its key's column (`key:\n- a`); anything else needs more.
    const target = place.kind === 'root' || col > place.col ? col : place.col + 2;
    [from, out] = [start, ' '.repeat(target - col) + reindent(write(next, options), target)];
    // A one-line scalar or flow value goes up beside its `key:`, `-` or anchor, unless a comment stands between.
    const oneLine = !out.includes('\n') && !((isMap(next) || isSeq(next)) && !next.flow && next.items.length > 0);
    const before = text.slice(0, start).trimEnd();
    if (place.kind !== 'root' && oneLine && !before.slice(lineStart(before, before.length)).includes('#'))
      [from, out] = [before.length, ` ${out.trimStart()}`];
  } else {
    // After an anchor or tag, a block collection starts on a line of its own, as in `key:`.
    const key = place.kind === 'map' || text[from - 1] !== '-' ? '_' : null;
    out = reindent(writeHeld(next, key, false, options).slice(key ? 2 : 1), place.col);
    if (/^ [^\n]*$/.test(out) && from < start) [from, out] = [start, out.slice(1)];
  }
  // A comment after the old value cannot follow a block scalar's last line: it goes up to the header.
  const rest = text.slice(end, lineEnd(text, end)).trimEnd();
  const head = out.indexOf('\n');
  if (rest && head >= 0 && /^ ?(?:[|>][-+0-9]*)?$/.test(out.slice(0, head)))
    [out, end] = [out.slice(0, head) + rest + out.slice(head), end + rest.length];
  walk.edits.push({ from, to: end, text: out.endsWith('\n') ? out : out + tail });
}

/**
 * Removes items (indices ascending, not all of them) with their lines. A block item takes the
 * comment lines just above it at its column, except above a document's first key (the file's own).
 */
function removeItems(walk: Walk, coll: Collection, gone: readonly number[]): void {
  const { text, edits } = walk;
  let lead = 0;
  while (gone[lead] === lead) lead += 1;
  // A first item on its holder's line (`- key: v`, `[a, b]`) goes up to the next kept one's start.
  const inline = coll.flow === true || text.slice(lineStart(text, rangeOf(coll)[0]), rangeOf(coll)[0]).trim() !== '';
  if (lead > 0 && inline) edits.push({ from: itemStart(text, coll, 0), to: itemStart(text, coll, lead), text: '' });
  for (const index of gone.slice(inline ? lead : 0)) {
    const [own, end] = [itemStart(text, coll, index), itemEnd(coll.items[index])];
    const floor = index > 0 ? lineEnd(text, itemEnd(coll.items[index - 1])) : coll === walk.doc.contents ? lineStart(text, own) : 0;
    const comment = `${' '.repeat(column(text, own))}#`;
    let from = coll.flow ? itemEnd(coll.items[index - 1]) : lineStart(text, own);
    while (!coll.flow && from > floor && text.slice(lineStart(text, from - 1), from).startsWith(comment)) from = lineStart(text, from - 1);
    edits.push({ from, to: coll.flow ? end : lineEnd(text, end), text: '' });
  }
  for (const index of gone) forgetAnchors(walk, coll.items[index]);
}

/** Appends new entries (a key, or null for a sequence item, and a value) after a collection's last item, styled as it is. */
function appendItems(walk: Walk, coll: Collection, added: ReadonlyArray<readonly [string | null, unknown]>): void {
  if (added.length === 0) return;
  const place = childPlace(walk.text, coll);
  const last = itemEnd(coll.items[coll.items.length - 1]);
  const [flow, asLast] = [place.kind === 'flow', isSeq(coll) && isFlow(coll.items.at(-1))];
  const pad = place.kind === 'flow' ? place.pad : !asLast || walk.text[rangeOf(coll.items.at(-1) as Node)[0] + 1] === ' ';
  const written = added.map(([key, value]) =>
    reindent(writeHeld(toNode(walk, value, asLast), key, flow, { flowCollectionPadding: pad }), place.col),
  );
  if (flow) walk.edits.push({ from: last, to: last, text: written.map((item) => `, ${item}`).join('') });
  else {
    const at = lineEnd(walk.text, last);
    const lines = written.map((item) => ' '.repeat(place.col) + item).join('\n');
    walk.edits.push({ from: at, to: at, text: at === walk.text.length && !walk.text.endsWith('\n') ? `\n${lines}` : `${lines}\n` });
  }
}

/** How a collection's entries are placed; a flow collection's continuation lines go under its line's indentation. */
function childPlace(text: string, coll: Collection): Exclude<Place, { kind: 'root' }> {
  const start = rangeOf(coll)[0];
  if (!coll.flow) return { kind: isMap(coll) ? 'map' : 'seq', col: column(text, start) };
  const line = text.slice(lineStart(text, start));
  return { kind: 'flow', col: line.length - line.trimStart().length + 2, pad: text[start + 1] === ' ' };
}

/** `node` written inside a one-item holder (`key: node`, `- node`, `[node]`, `{key: node}`), a flow holder's brackets taken off. */
function writeHeld(node: Node, key: string | null, flow: boolean, options: ToStringOptions): string {
  const holder = key === null ? new YAMLSeq<unknown>() : new YAMLMap<unknown, unknown>();
  holder.flow = flow;
  if (holder instanceof YAMLSeq) holder.items.push(node);
  else holder.items.push(new Pair(new Scalar(key), node));
  const out = write(holder, options);
  const mark = options.flowCollectionPadding === false ? 1 : 2;
  return flow ? out.slice(mark, out.length - mark) : out;
}

/** A node written as a document of its own, without its last line break; folding off, double quotes and flow collections on one line. */
function write(node: Node, options: ToStringOptions): string {
  visit(node, { Scalar: (_, s, path) => void (String(s.value).includes('\n') && path.some(isFlow) && (s.type = Scalar.QUOTE_DOUBLE)) });
  return new Document(node)
    .toString({ lineWidth: 0, doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER, ...options })
    .replace(/\n$/, '');
}

/** A new node for `value`: no anchors for repeated objects; a flow collection when the old one was. */
function toNode(walk: Walk, value: unknown, flow: boolean): Node {
  const node = walk.doc.createNode(value, { aliasDuplicateObjects: false });
  if (flow && (isMap(node) || isSeq(node))) node.flow = true;
  return node;
}

/** Marks every anchor under a removed or replaced node as gone, so its aliases are rewritten. */
function forgetAnchors(walk: Walk, item: unknown): void {
  for (const node of isPair(item) ? [item.key, item.value] : [item])
    if (isNode(node)) visit(node, { Node: (_, inner) => void (inner.anchor && walk.anchors.set(inner.anchor, Symbol('gone'))) });
}

/** A pair's key as the data names it (what `parse` makes of it: a null key is ''). */
const keyOf = (walk: Walk, { key }: Pair<unknown, unknown>): string =>
  String(isScalar(key) ? (key.value ?? '') : isNode(key) ? key.toJS(walk.doc) : key);

/** Where an item's own text starts: its key or its `-`, past blank and comment lines. */
function itemStart(text: string, coll: Collection, index: number): number {
  const item = coll.items[index];
  if (coll.flow) return rangeOf(isPair(item) ? item.key : item)[0];
  const from = index === 0 ? rangeOf(coll)[0] : lineEnd(text, itemEnd(coll.items[index - 1]));
  return from + (/^(?:\s|#[^\n]*)*/.exec(text.slice(from))?.[0].length ?? 0);
}

/** Where an item's value ends (its key's end when it has no value). */
const itemEnd = (item: unknown): number => rangeOf(isPair(item) ? (isNode(item.value) ? item.value : item.key) : item)[1];

function rangeOf(node: unknown): readonly [number, number] {
  if (isNode(node) && node.range) return [node.range[0], node.range[1]];
  throw new Error('yaml-edit: a parsed node without a source range (a bug).');
}

const isFlow = (node: unknown): boolean => (isMap(node) || isSeq(node)) && node.flow === true;
