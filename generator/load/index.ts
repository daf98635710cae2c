import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { listTree } from '../../files/disk.js';
import { readEntry, sha256, writeEntry, cacheKey } from '../cache.ts';
import { createDiagnostic, compareStrings } from '../diagnostics/index.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import { readSourceArt } from '../art/images.ts';
import type { SourceArt } from '../art/images.ts';
import type { ContentKind } from './kinds.ts';
import { parseYaml, rangeAt, readPlainYaml, sourceFile } from './source-file.ts';
import type { SourceFile } from './source-file.ts';

export type { ContentKind };

/**
 * Plain data of files parsed before, by the hash of their text: a file that parsed without a
 * problem, and whose data is plain JSON, need not be parsed again until it changes.
 */
export interface ParseCache {
  get(text: string): unknown;
  set(text: string, data: unknown): void;
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
  if (/^(messages|pages\/.+)\/[^/]+\.sources\.json$/.test(id)) return 'sources';
  if (/^pages\/.+\/[^/]+\.yaml$/.test(id)) return 'page';
  if (id === 'stages.yaml') return 'stages';
  if (id === 'constants.yaml') return 'constants';
  if (id === 'glossary.yaml') return 'glossary';
  return undefined;
}

/**
 * Every YAML file under a folder (source art in assets/ aside), and every translation's sources
 * file (`*.sources.json`, JSON being YAML), by id, sorted. Read with the
 * synchronous calls: for hundreds of small files they are several times faster than as many
 * promises, and nothing else is waiting meanwhile.
 */
function listYamlFiles(dir: string): string[] {
  return listTree(dir, { skip: (name) => name === 'assets' }).filter((id) => /\.ya?ml$|\.sources\.json$/.test(id));
}

export function toDisplayPath(absPath: string, cwd = process.cwd()): string {
  return path.relative(cwd, absPath).split(path.sep).join('/');
}

/** One content file as text: its id relative to the content folder, and its text. */
export interface ContentSource {
  id: string;
  text: string;
}

/** A file's stamp: its size, modification and change times and inode. */
function stampOf(file: string): string {
  const info = statSync(file, { bigint: true });
  return `${info.size}\0${info.mtimeNs}\0${info.ctimeNs}\0${info.ino}`;
}

/**
 * The state of every file under the content folder (YAML and art): each one's path and stamp,
 * hashed. The same hash means no file was changed, added or removed since (the change time moves
 * on any write and cannot be set back): `--check`'s cache judges a folder by it (check.ts), and
 * the studio whether its last compile still shows the disk. Undefined when there is no such folder.
 */
export function contentStamps(root: string): string | undefined {
  let files: string[];
  try {
    files = listTree(root);
  } catch {
    return undefined;
  }
  const hash = createHash('sha256');
  for (const id of files) hash.update(`${id}\0${stampOf(path.join(root, id))}\n`);
  return hash.digest('hex');
}

/** A file's text as last read, with the stamp of the file it was read from (size, times, inode). */
export type KnownTexts = Map<string, { readonly stamp: string; readonly text: string }>;

/**
 * Reads every YAML file under the content folder, sorted by id. With `known` (a compile
 * memory's), a file whose size, modification and change times and inode are those of the last
 * read is not read again: its text is the same string (as `--check`'s cache judges a folder
 * unchanged, check.ts); `known` is left holding this read's files.
 */
export async function readContentSources(root: string, known?: KnownTexts): Promise<ContentSource[]> {
  const ids = listYamlFiles(root);
  if (!known) return ids.map((id) => ({ id, text: readFileSync(path.join(root, id), 'utf8') }));
  const sources = ids.map((id) => {
    const stamp = stampOf(path.join(root, id));
    const last = known.get(id);
    if (last?.stamp === stamp) return { id, text: last.text };
    const text = readFileSync(path.join(root, id), 'utf8');
    known.set(id, { stamp, text });
    return { id, text };
  });
  const listed = new Set(ids);
  for (const id of [...known.keys()]) if (!listed.has(id)) known.delete(id);
  return sources;
}

/**
 * Parses content files given as text (no disk access), keeping each node's position.
 * `root` is the content folder the ids are relative to; paths are printed relative to `cwd`.
 */
export function parseContent(
  root: string,
  sources: readonly ContentSource[],
  cwd = process.cwd(),
  cache?: Map<string, LoadedFile>,
  art: readonly SourceArt[] = [],
  parsed?: ParseCache,
): LoadedContent {
  const diagnostics: Diagnostic[] = [];
  const files: LoadedFile[] = [];
  for (const { id, text } of [...sources].sort((a, b) => compareStrings(a.id, b.id))) {
    const file = toDisplayPath(path.join(root, id), cwd);
    const kind = classify(id);
    if (!kind) {
      diagnostics.push(createDiagnostic('E0003', { id }, { file, line: 1, column: 1 }));
      continue;
    }
    // The last load's file when its text is this one (the same string, as a read of an unchanged file gives: no compare).
    const last = cache?.get(file);
    const loaded = last !== undefined && last.text === text ? last : parseFile(kind, file, id, text, parsed);
    cache?.set(file, loaded);
    diagnostics.push(...loaded.parseDiagnostics);
    files.push(loaded);
  }
  return { root, files, diagnostics, art };
}

function parseFile(kind: ContentKind, file: string, id: string, text: string, parsed?: ParseCache): LoadedFile {
  const known = parsed?.get(text);
  if (known !== undefined) return Object.assign(sourceFile(file, id, text), { kind, data: known, parseDiagnostics: [] });
  // Most files are read quickly; the others (and any file a later check points into) are parsed
  // with every node's position (source-file.ts).
  const plain = readPlainYaml(text);
  if (plain) {
    parsed?.set(text, plain.data);
    return Object.assign(sourceFile(file, id, text), { kind, data: plain.data, parseDiagnostics: [] });
  }
  const doc = parseYaml(text);
  // The document (every node with its position) is kept only for a file with problems: for the
  // others it is parsed again should a later check point into them. A large catalogue does not
  // hold every file's syntax tree in memory through the build.
  const source = sourceFile(file, id, text, doc.errors.length ? doc : undefined);
  const parseDiagnostics: Diagnostic[] = [];
  for (const error of doc.errors) {
    const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    const at = rangeAt(source, error.pos[0], error.pos[1]);
    parseDiagnostics.push(
      error.code === 'DUPLICATE_KEY' ? createDiagnostic('E0004', { reason }, at) : createDiagnostic('E0001', { reason }, at),
    );
  }
  let data: unknown;
  if (doc.errors.length === 0) {
    try {
      data = doc.toJS({ maxAliasCount: 100 });
      if (isPlainJson(data)) parsed?.set(text, data);
    } catch (error) {
      // toJS refuses alias bombs and similar; that is a content error, not a crash.
      parseDiagnostics.push(
        createDiagnostic('E0001', { reason: error instanceof Error ? error.message : String(error) }, rangeAt(source, 0, 0)),
      );
    }
  }
  // Assigned, not spread: the source keeps its lazy fields.
  return Object.assign(source, { kind, data, parseDiagnostics });
}

/** Whether data survives a trip through JSON unchanged (no Infinity, NaN, -0, dates or other objects). */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value as object).every(isPlainJson);
  return false;
}

/** Options of loadContent. */
export interface LoadOptions {
  /** The cache folder for parsed data (docs/cache.md); undefined: parse every file. */
  cacheDir?: string;
  /**
   * The content folder whose parsed data to use, when this content is another version of it
   * written elsewhere (a revision's, in a temporary folder): its files that are unchanged are not
   * parsed again, and its entry is left as it is (no entry is written for the temporary folder).
   */
  versionOf?: string;
  /**
   * The files loaded by the last compile of this folder in this process, by printed path (the
   * live preview's): those whose text is unchanged are taken as they are; the map is left
   * holding this load's files only.
   */
  memory?: Map<string, LoadedFile>;
  /** The texts the last load read, with their files' stamps (`readContentSources`). */
  texts?: KnownTexts;
  /** Texts that replace the disk's, by id (the studio's unsaved edits); an id not on disk is added. */
  overlay?: ReadonlyMap<string, string>;
}

/** Loads every YAML file under the content folder, keeping each node's position. */
export async function loadContent(contentDir: string, cwd = process.cwd(), options: LoadOptions = {}): Promise<LoadedContent> {
  const root = path.resolve(cwd, contentDir);
  const rootStat = await stat(root).catch(() => undefined);
  if (!rootStat?.isDirectory()) {
    const shown = toDisplayPath(root, cwd) || '.';
    const diagnostic = createDiagnostic('E0002', { folder: shown }, { file: shown, line: 1, column: 1 });
    return { root, files: [], diagnostics: [diagnostic], art: [] };
  }
  const other = options.versionOf !== undefined && path.resolve(options.versionOf) !== root;
  const key = cacheKey('parsed content', other ? path.resolve(options.versionOf!) : root);
  const memory = options.memory;
  const [read, art] = await Promise.all([readContentSources(root, options.texts), readSourceArt(root)]);
  const sources = options.overlay ? withOverlay(read, options.overlay) : read;
  // Warm (a load since the start): only the files changed since the last load are parsed;
  // reading the whole parse cache from disk for them took longer than parsing them (the
  // studio's keystroke).
  if (memory && memory.size > 0) {
    const loaded = parseContent(root, sources, cwd, memory, art);
    const keep = new Set(loaded.files.map((f) => f.file));
    for (const k of [...memory.keys()]) if (!keep.has(k)) memory.delete(k);
    return loaded;
  }
  const known = await readParseCache(options.cacheDir, key);
  const used = new Map<string, unknown>();
  let added = false;
  const cache: ParseCache = {
    get(text) {
      const key = sha256(text);
      const data = known.get(key);
      if (data !== undefined) used.set(key, data);
      return data;
    },
    set(text, data) {
      used.set(sha256(text), data);
      added = true;
    },
  };
  const loaded = parseContent(root, sources, cwd, memory, art, cache);
  if (memory) {
    const keep = new Set(loaded.files.map((f) => f.file));
    for (const k of [...memory.keys()]) if (!keep.has(k)) memory.delete(k);
  }
  // The cache keeps exactly the files of this content: what changed since is dropped (an
  // overlay's texts are not the folder's).
  if (!other && !options.overlay && (added || used.size !== known.size))
    await writeEntry(options.cacheDir, 'parse', key, JSON.stringify(Object.fromEntries(used)));
  return loaded;
}

/** The sources with some texts replaced or added, by id, in id order (as readContentSources gives them). */
function withOverlay(read: readonly ContentSource[], overlay: ReadonlyMap<string, string>): ContentSource[] {
  const ids = new Set(read.map((source) => source.id));
  const added = [...overlay].filter(([id]) => !ids.has(id)).map(([id, text]) => ({ id, text }));
  const sources = [...read.map((source) => ({ ...source, text: overlay.get(source.id) ?? source.text })), ...added];
  return added.length === 0 ? sources : sources.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The parsed data of one content folder's files (each folder has its own entry). */
async function readParseCache(cacheDir: string | undefined, key: string): Promise<Map<string, unknown>> {
  const stored = await readEntry(cacheDir, 'parse', key);
  if (!stored) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(stored.toString('utf8')) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}
