import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The review pages the Changes view made (changes.ts, docs/studio.md "Changes"): each in a
 * temporary folder of its own (a review page embeds its pictures: 1-4 MB each), served at
 * /review/<id>. A studio left open all day makes many: the last few are kept, the older ones'
 * folders removed (their address then says to make the pictures again), a folder whose review
 * failed is removed at once, and every one is removed when the process ends.
 */
export interface ReviewPages {
  /** A new folder for a review page. */
  folder(): Promise<string>;
  /** The review page written into `folder`: its id, the oldest beyond the limit forgotten and removed. */
  keep(folder: string, file: string): Promise<string>;
  /** A folder whose review made no page: removed. */
  drop(folder: string): Promise<void>;
  /** The review page of an id, while it is kept. */
  file(id: string): string | undefined;
}

/** How many review pages a studio keeps (the newest). */
export const KEPT_REVIEW_PAGES = 5;

/** Folders still to remove when the process ends (every store's). */
const folders = new Set<string>();
let removeAtExit = false;

export function createReviewPages(limit = KEPT_REVIEW_PAGES): ReviewPages {
  const kept = new Map<string, { folder: string; file: string }>();
  const remove = async (folder: string) => {
    folders.delete(folder);
    await rm(folder, { recursive: true, force: true });
  };
  return {
    async folder() {
      if (!removeAtExit) {
        removeAtExit = true;
        process.once('exit', () => {
          for (const folder of folders) rmSync(folder, { recursive: true, force: true });
        });
      }
      const folder = await mkdtemp(path.join(os.tmpdir(), 'build-region-studio-review-'));
      folders.add(folder);
      return folder;
    },
    async keep(folder, file) {
      const id = createHash('sha256').update(folder).digest('hex').slice(0, 16);
      kept.set(id, { folder, file });
      for (const [old, page] of kept) {
        if (kept.size <= limit) break;
        kept.delete(old);
        await remove(page.folder);
      }
      return id;
    },
    drop: remove,
    file: (id) => kept.get(id)?.file,
  };
}
