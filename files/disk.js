// The one directory walker and the one atomic writer of the package. Plain JavaScript (typed
// by disk.d.ts) because bin/launch.js uses it too, and the launcher runs before anything can
// load TypeScript; everything else (generator/, files/, server/) imports it from here.
import { randomBytes } from 'node:crypto';
import { readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file under `root` (anything that is not a folder), as paths relative to it joined with
 * '/', in tree order: each folder's entries sorted by name (UTF-16 code units), a folder's files
 * where its name sorts. Folders for which `skip` returns true are left out. Throws when `root`
 * cannot be read as a folder; a folder below it that vanishes meanwhile lists as empty.
 */
export function listTree(root, { skip } = {}) {
  const out = [];
  const walk = (relative, entries) => {
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const id = relative ? `${relative}/${entry.name}` : entry.name;
      if (!entry.isDirectory()) out.push(id);
      else if (!skip?.(entry.name, id)) {
        let below;
        try {
          below = readdirSync(path.join(root, id), { withFileTypes: true });
        } catch {
          continue;
        }
        walk(id, below);
      }
    }
  };
  walk('', readdirSync(root, { withFileTypes: true }));
  return out;
}

/** A temporary name beside `file`, unique to this process and call. */
const temporaryOf = (file) => `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;

/**
 * Writes a file whole or not at all: to a temporary name beside it, then a rename over it (a
 * rename within a folder is atomic on POSIX file systems). On failure the temporary file is
 * removed and the error thrown; the file is as it was.
 */
export async function writeAtomically(file, data) {
  const temporary = temporaryOf(file);
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** writeAtomically, synchronously. */
export function writeAtomicallySync(file, data) {
  const temporary = temporaryOf(file);
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
