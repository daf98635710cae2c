import { createHash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listTree, writeAtomically, writeAtomicallySync } from '../files/disk.js';
import { sourceKey as computeSourceKey } from '../files/source-key.js';
import { PACKAGE_ROOT } from './paths.ts';

/**
 * The build cache (docs/cache.md): what build-region can reuse from one run to the next, kept
 * under node_modules/.cache/build-region/ by default. Every entry is named by a key that hashes
 * everything it was made from (its inputs, the compiler's sources and the lock file), so a
 * changed input is a different key, never a stale hit; every entry carries the hash of its own
 * bytes and is checked when read, so a damaged entry is a miss. Writes are atomic. Nothing in
 * the cache is needed: deleting it only makes the next build cold.
 */

/** The default cache folder: BUILD_REGION_CACHE_DIR when set (a CI job's kept folder), else node_modules/.cache/build-region. */
export function defaultCacheDir(): string {
  return path.resolve(process.env.BUILD_REGION_CACHE_DIR || path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'build-region'));
}

let sources: string | undefined;

/** A hash of the compiler's and runtime's sources, the lock file and the Node version: part of every key. */
export function sourceKey(): string {
  sources ??= process.env.BUILD_REGION_SOURCE_KEY ?? computeSourceKey();
  return sources;
}

/** A key from parts: sha-256 of each part in order, with the source key first. */
export function cacheKey(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256').update(sourceKey());
  for (const part of parts) hash.update('\0').update(part);
  return hash.digest('hex').slice(0, 32);
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

const HEADER = 67; // `//` + 64 hex digits + newline: a line comment, so an entry can be a module too

function seal(data: string | Uint8Array): Buffer {
  const body = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data);
  return Buffer.concat([Buffer.from(`//${sha256(body)}\n`), body]);
}

function unseal(stored: Buffer): Buffer | undefined {
  if (stored.length < HEADER || stored[0] !== 0x2f || stored[1] !== 0x2f || stored[HEADER - 1] !== 0x0a) return undefined;
  const body = stored.subarray(HEADER);
  return stored.subarray(2, HEADER - 1).toString('latin1') === sha256(body) ? body : undefined;
}

/** How often each kind of entry was found and missed, per cache folder, in this process. */
const counts = new Map<string, Record<string, { hits: number; misses: number }>>();

function count(dir: string, kind: string, hit: boolean): void {
  const byKind = counts.get(dir) ?? {};
  const entry = (byKind[kind] ??= { hits: 0, misses: 0 });
  if (hit) entry.hits++;
  else entry.misses++;
  counts.set(dir, byKind);
}

/** Hits and misses per kind of entry (images, ssr, client, declarations, parse...) of a cache folder so far. */
export function cacheStats(dir: string | undefined): Record<string, { hits: number; misses: number }> {
  return structuredClone(counts.get(dir ?? '') ?? {});
}

/** The file of an entry. */
export function entryPath(dir: string, kind: string, key: string, extension = ''): string {
  return path.join(dir, kind, `${key}${extension}`);
}

/** An entry's bytes, or undefined when it is missing or damaged. */
export async function readEntry(dir: string | undefined, kind: string, key: string, extension = ''): Promise<Buffer | undefined> {
  if (!dir) return undefined;
  const stored = await readFile(entryPath(dir, kind, key, extension)).catch(() => undefined);
  const body = stored && unseal(stored);
  if (kind !== 'objects') count(dir, kind, body !== undefined);
  return body;
}

export function readEntrySync(dir: string | undefined, kind: string, key: string, extension = ''): Buffer | undefined {
  if (!dir) return undefined;
  let body: Buffer | undefined;
  try {
    body = unseal(readFileSync(entryPath(dir, kind, key, extension)));
  } catch {
    body = undefined;
  }
  count(dir, kind, body !== undefined);
  return body;
}

/** Stores an entry atomically (a cache that cannot be written is no error: the build goes on). */
export async function writeEntry(
  dir: string | undefined,
  kind: string,
  key: string,
  data: string | Uint8Array,
  extension = '',
): Promise<void> {
  if (!dir) return;
  const target = entryPath(dir, kind, key, extension);
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await writeAtomically(target, seal(data));
  } catch {
    // A read-only or full disk: the next run is cold, nothing else.
  }
}

export function writeEntrySync(dir: string | undefined, kind: string, key: string, data: string | Uint8Array, extension = ''): void {
  if (!dir) return;
  const target = entryPath(dir, kind, key, extension);
  try {
    mkdirSync(path.dirname(target), { recursive: true });
    writeAtomicallySync(target, seal(data));
  } catch {
    // See writeEntry.
  }
}

/**
 * Stores a file's bytes as they are (an output file, e.g. a share card), so that a build can link
 * it into its output instead of writing it again: the entry names them by their sha-256, and
 * they are kept under that name beside it.
 */
export async function writeFileEntry(
  dir: string | undefined,
  kind: string,
  key: string,
  data: Uint8Array,
  extension: string,
): Promise<void> {
  if (!dir) return;
  const hash = sha256(data);
  try {
    await mkdir(path.join(dir, kind), { recursive: true });
    await writeAtomically(entryPath(dir, kind, hash, extension), data);
  } catch {
    return; // See writeEntry.
  }
  await writeEntry(dir, kind, key, hash);
}

/**
 * Puts a file stored by writeFileEntry at `target` (whose folder exists): a hard link to the
 * cache's copy where the two share a disk (no bytes written: the cards of a large catalogue were
 * a third of its build's writes), else a copy. False, and nothing written, when the entry is
 * missing or its bytes are not those it names.
 */
export function linkFileEntry(dir: string | undefined, kind: string, key: string, extension: string, target: string): boolean {
  const hash = readEntrySync(dir, kind, key)?.toString('latin1');
  if (!dir || !hash) return false;
  const stored = entryPath(dir, kind, hash, extension);
  try {
    if (sha256(readFileSync(stored)) !== hash) throw new Error('damaged');
  } catch {
    const byKind = counts.get(dir)?.[kind];
    if (byKind) {
      byKind.hits--;
      byKind.misses++;
    }
    return false;
  }
  try {
    linkSync(stored, target);
  } catch {
    // Another disk than the cache's, or a file system without links.
    copyFileSync(stored, target);
  }
  return true;
}

/**
 * Stores a whole folder (a Vite build's output) under a key: each file once, by the hash of its
 * bytes (files the same in several builds are stored once), and a list of the folder's files.
 */
export async function writeTree(dir: string | undefined, kind: string, key: string, folder: string): Promise<void> {
  if (!dir) return;
  const files = listTree(folder).sort();
  const list: { path: string; hash: string }[] = [];
  for (const file of files) {
    const bytes = await readFile(path.join(folder, file));
    const hash = sha256(bytes);
    if (!(await readEntry(dir, 'objects', hash))) await writeEntry(dir, 'objects', hash, bytes);
    list.push({ path: file, hash });
  }
  await writeEntry(dir, kind, key, JSON.stringify(list));
}

/**
 * Restores a folder stored under a key into `folder` (which should not exist yet). False when
 * the entry, or any file of it, is missing or damaged: then the caller makes it anew.
 */
export async function readTree(dir: string | undefined, kind: string, key: string, folder: string): Promise<boolean> {
  const stored = await readEntry(dir, kind, key);
  if (!stored) return false;
  let list: { path: string; hash: string }[];
  try {
    list = JSON.parse(stored.toString('utf8')) as { path: string; hash: string }[];
  } catch {
    return false;
  }
  const contents = await Promise.all(list.map(async (file) => ({ file, bytes: await readEntry(dir, 'objects', file.hash) })));
  if (contents.some(({ file, bytes }) => !bytes || sha256(bytes) !== file.hash || file.path.split('/').includes('..'))) {
    // The list was there but a file of it is not: a miss after all.
    const byKind = counts.get(dir!)?.[kind];
    if (byKind) {
      byKind.hits--;
      byKind.misses++;
    }
    return false;
  }
  for (const { file, bytes } of contents) {
    await mkdir(path.dirname(path.join(folder, file.path)), { recursive: true });
    await writeFile(path.join(folder, file.path), bytes!);
  }
  return true;
}
