import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { commitMoves, isRunning, journalPath, recoverOutput } from '../../files/commit.ts';
import type { CommitOptions, Move } from '../../files/commit.ts';

/**
 * Writing an import's files into the content folder all or nothing (docs/translations.md,
 * "All or nothing"): every new file is written whole to a staging folder beside the content
 * folder (`.content.import-<pid>-<random>/new/`), then a journal of renames
 * (files/commit.ts, `.content.commit.json` beside the content folder) moves each old file out
 * (to `old/`) and its new one in. A process killed before the journal was written left the
 * content untouched (its staging folder is removed later); one killed after it is completed by
 * whoever reads the content next (`compileContent` calls `recoverContent` first): every rename
 * not yet made is made. A write or rename that fails in a live process undoes what it made.
 */

const stagingPrefix = (contentDir: string) => `.${path.basename(path.resolve(contentDir))}.import-`;

/** Writes the files (by id, relative to the content folder) into place together; throws (having written nothing) when it cannot. */
export async function commitContentFiles(
  contentDir: string,
  files: ReadonlyMap<string, string>,
  options: CommitOptions & { onStaged?: () => void | Promise<void> } = {},
): Promise<void> {
  const root = path.resolve(contentDir);
  const staging = path.join(path.dirname(root), `${stagingPrefix(root)}${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    for (const [id, text] of files) {
      const target = path.join(staging, 'new', id);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, text);
    }
    await options.onStaged?.();
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const moves: Move[] = [];
  const create = new Set<string>();
  for (const id of files.keys()) {
    const target = path.join(root, id);
    if (existsSync(target)) {
      moves.push({ from: target, to: path.join(staging, 'old', id) });
      create.add(path.dirname(path.join(staging, 'old', id)));
    }
    moves.push({ from: path.join(staging, 'new', id), to: target });
  }
  try {
    await commitMoves(root, { moves, create: [...create], remove: [staging] }, options);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Completes an import a killed process left half made (its journal beside the content folder),
 * and removes the staging folders of imports killed before their journal was written. Returns
 * the renames it made (0 when there was nothing to do).
 */
export async function recoverContent(contentDir: string): Promise<number> {
  const root = path.resolve(contentDir);
  let made = 0;
  if (existsSync(journalPath(root))) {
    const recovered = await recoverOutput(root);
    if (recovered.state === 'completed') made = recovered.moves;
  }
  const parent = path.dirname(root);
  const prefix = stagingPrefix(root);
  let entries: string[];
  try {
    entries = await readdir(parent);
  } catch {
    return made;
  }
  for (const name of entries) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]);
    // A live import's staging folder is its own; a dead one's holds nothing the content needs.
    if (pid !== process.pid && !isRunning(pid) && !existsSync(journalPath(root)))
      await rm(path.join(parent, name), { recursive: true, force: true });
  }
  return made;
}
