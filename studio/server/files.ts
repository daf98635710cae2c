import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readFile, realpath, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Refusal } from './security.ts';

/**
 * The content folder as the studio reads and writes it (docs/studio.md, "Saving"): only YAML
 * files inside it, named by id (a path relative to it, with forward slashes); no `..`, no
 * absolute path, no symbolic link on the way (a link could lead outside). A save is atomic (a
 * temporary file beside it, then a rename) and never overwrites a file that changed on disk
 * since the maintainer opened it.
 */

export interface ContentFile {
  readonly id: string;
  readonly text: string;
  /** sha256 of the text, hex. */
  readonly hash: string;
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A file id as the studio takes it: a relative path of plain segments to a .yaml file. */
const SEGMENT = /^[\w@+,=-][\w.@+,=-]*$/u;

/** The absolute path of a content file, after every check; a Refusal (400, 403, 404) otherwise. */
export async function contentPath(root: string, id: unknown, options: { exists?: boolean; newFolders?: boolean } = {}): Promise<string> {
  if (typeof id !== 'string' || id.length === 0 || id.length > 300)
    throw new Refusal(400, 'Refused: a file id is a path inside the content folder.');
  const segments = id.split('/');
  if (!segments.every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..'))
    throw new Refusal(400, `Refused: '${id}' is not a path inside the content folder (no '..', no absolute path, no backslash).`);
  if (!/\.ya?ml$/.test(id)) throw new Refusal(400, `Refused: the studio edits YAML files only, not '${id}'.`);
  const base = await realpath(root);
  let at = base;
  for (const [index, segment] of segments.entries()) {
    at = path.join(at, segment);
    const stat = await lstat(at).catch(() => undefined);
    if (!stat) {
      // A new file may be in new folders (a new page's), made by the write, when the caller says so.
      if (options.exists !== false || (index < segments.length - 1 && !options.newFolders))
        throw new Refusal(404, `No file '${id}' in the content folder.`);
      break;
    }
    if (stat.isSymbolicLink())
      throw new Refusal(403, `Refused: '${id}' goes through a symbolic link; the studio writes only inside the content folder.`);
    if (index < segments.length - 1 ? !stat.isDirectory() : !stat.isFile()) throw new Refusal(400, `Refused: '${id}' is not a file.`);
  }
  return path.join(base, ...segments);
}

export async function readContentFile(root: string, id: string): Promise<ContentFile> {
  const text = await readFile(await contentPath(root, id), 'utf8');
  return { id, text, hash: hashText(text) };
}

/**
 * Writes a file's new text unless it changed on disk since `base` (its hash when opened; null
 * for a new file, which must not exist yet). Returns the disk's version on a conflict, and
 * writes nothing then.
 */
export async function writeContentFile(
  root: string,
  id: string,
  text: string,
  base: string | null,
): Promise<{ hash: string } | { conflict: ContentFile }> {
  const file = await contentPath(root, id, { exists: base !== null, newFolders: base === null });
  const now = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if ((now === null ? null : hashText(now)) !== base) return { conflict: { id, text: now ?? '', hash: now === null ? '' : hashText(now) } };
  if (base === null) await mkdir(path.dirname(file), { recursive: true });
  await replaceFile(file, text);
  return { hash: hashText(text) };
}

/** Writes a file atomically: a temporary file beside it, flushed, then renamed over it (a crash leaves the old file or the new). */
export async function replaceFile(file: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.studio-${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
