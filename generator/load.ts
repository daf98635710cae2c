import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document, Node, Pair } from 'yaml';
import { createDiagnostic, compareStrings } from './diagnostics.ts';
import type { Diagnostic, SourceRange } from './diagnostics.ts';
import { readSourceArt } from './images.ts';
import type { SourceArt } from './images.ts';
import type { ContentKind } from './schemas.ts';

export type { ContentKind };

/** Where a content file is, and its text: enough to point a diagnostic at any of its nodes. */
export interface SourceFile {
  /** Path relative to the working directory, forward slashes: what diagnostics print. */
  readonly file: string;
  /** Path relative to the content folder, forward slashes: `regions/us/region.yaml`. */
  readonly id: string;
  readonly text: string;
  readonly doc: Document.Parsed;
  /** Offsets at which each line starts, for positions. */
  readonly lineStarts: readonly number[];
}

/** One YAML file, parsed: its plain data is not checked yet (that is `validate`'s work). */
export interface LoadedFile extends SourceFile {
  readonly kind: ContentKind;
  /** The plain data (undefined when the file did not parse). */
  readonly data: unknown;
  /** Parse problems of this file. */
  readonly parseDiagnostics: readonly Diagnostic[];
}

/** What `load` returns: every file parsed, nothing checked against a schema. Never changed later. */
export interface LoadedContent {
  readonly root: string;
  readonly files: readonly LoadedFile[];
  readonly diagnostics: readonly Diagnostic[];
  /** Source art of `assets/*.svg` (none when the content has no such folder). */
  readonly art: readonly SourceArt[];
}

/** Where each kind of content file lives, relative to the content folder. */
export function classify(id: string): ContentKind | undefined {
  if (/^regions\/[^/]+\/region\.yaml$/.test(id)) return 'region';
  if (/^regions\/[^/]+\/products\.yaml$/.test(id)) return 'products';
  if (/^messages\/[^/]+\.yaml$/.test(id)) return 'messages';
  if (/^pages\/.+\/[^/]+\.yaml$/.test(id)) return 'page';
  if (id === 'stages.yaml') return 'stages';
  if (id === 'constants.yaml') return 'constants';
  return undefined;
}

async function listYamlFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => compareStrings(a.name, b.name))) {
    const id = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== 'assets') out.push(...(await listYamlFiles(path.join(dir, entry.name), id)));
    } else if (/\.ya?ml$/.test(entry.name)) {
      out.push(id);
    }
  }
  return out;
}

export function toDisplayPath(absPath: string, cwd = process.cwd()): string {
  return path.relative(cwd, absPath).split(path.sep).join('/');
}

/** One content file as text: its id relative to the content folder, and its text. */
export interface ContentSource {
  id: string;
  text: string;
}

/** Reads every YAML file under the content folder, sorted by id. */
export async function readContentSources(root: string): Promise<ContentSource[]> {
  const ids = await listYamlFiles(root);
  return Promise.all(ids.map(async (id) => ({ id, text: await readFile(path.join(root, id), 'utf8') })));
}

/**
 * Parses content files given as text (no disk access), keeping each node's position.
 * `root` is the content folder the ids are relative to; paths are printed relative to `cwd`.
 */
export function parseContent(root: string, sources: readonly ContentSource[], cwd = process.cwd(), cache?: Map<string, LoadedFile>, art: readonly SourceArt[] = []): LoadedContent {
  const diagnostics: Diagnostic[] = [];
  const files: LoadedFile[] = [];
  for (const { id, text } of [...sources].sort((a, b) => compareStrings(a.id, b.id))) {
    const file = toDisplayPath(path.join(root, id), cwd);
    const kind = classify(id);
    if (!kind) {
      diagnostics.push(createDiagnostic('E0003', { id }, { file, line: 1, column: 1 }));
      continue;
    }
    const key = `${file}\u0000${text}`;
    const loaded = cache?.get(key) ?? parseFile(kind, file, id, text);
    cache?.set(key, loaded);
    diagnostics.push(...loaded.parseDiagnostics);
    files.push(loaded);
  }
  return { root, files, diagnostics, art };
}

function parseFile(kind: ContentKind, file: string, id: string, text: string): LoadedFile {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, merge: false });
  const source: SourceFile = { file, id, text, doc, lineStarts: lineStarts(text) };
  const parseDiagnostics: Diagnostic[] = [];
  for (const error of doc.errors) {
    const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    const at = rangeAt(source, error.pos[0], error.pos[1]);
    parseDiagnostics.push(error.code === 'DUPLICATE_KEY' ? createDiagnostic('E0004', { reason }, at) : createDiagnostic('E0001', { reason }, at));
  }
  let data: unknown;
  if (doc.errors.length === 0) {
    try {
      data = doc.toJS({ maxAliasCount: 100 });
    } catch (error) {
      // toJS refuses alias bombs and similar; that is a content error, not a crash.
      parseDiagnostics.push(createDiagnostic('E0001', { reason: error instanceof Error ? error.message : String(error) }, rangeAt(source, 0, 0)));
    }
  }
  return { ...source, kind, data, parseDiagnostics };
}

/** Loads every YAML file under the content folder, keeping each node's position. */
export async function loadContent(contentDir: string, cwd = process.cwd()): Promise<LoadedContent> {
  const root = path.resolve(cwd, contentDir);
  const rootStat = await stat(root).catch(() => undefined);
  if (!rootStat?.isDirectory()) {
    const shown = toDisplayPath(root, cwd) || '.';
    const diagnostic = createDiagnostic('E0002', { folder: shown }, { file: shown, line: 1, column: 1 });
    return { root, files: [], diagnostics: [diagnostic], art: [] };
  }
  const [sources, art] = await Promise.all([readContentSources(root), readSourceArt(root)]);
  return parseContent(root, sources, cwd, undefined, art);
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
  if (lookup.complete && lookup.pair && isScalar(lookup.pair.key)) return rangeOfNode(file, lookup.pair.key);
  return rangeOfNode(file, lookup.node);
}
