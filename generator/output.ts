import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { REGION_CODES } from '../runtime/types.ts';
import type { RegionCode } from '../runtime/types.ts';

/** Where a region lives inside the output folder: cn at the root, others in `<code>/`. */
export function regionOutputDir(outDir: string, code: RegionCode): string {
  return code === 'cn' ? outDir : path.join(outDir, code);
}

/** A fresh staging folder beside the output folder (same file system, so moves are renames). */
export async function createStagingDir(outDir: string): Promise<string> {
  const parent = path.dirname(path.resolve(outDir));
  await mkdir(parent, { recursive: true });
  const staging = path.join(parent, `.${path.basename(outDir)}.tmp-${process.pid}-${Date.now().toString(36)}`);
  await mkdir(staging, { recursive: true });
  return staging;
}

async function exists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  );
}

/**
 * Moves the built regions from the staging folder into the output folder, replacing only
 * those regions: every other region's files stay as they were. `rootFiles` (the deployment's
 * sitemap, robots.txt and schedule) are replaced whatever regions were built.
 */
export async function commitOutput(staging: string, outDir: string, regions: readonly RegionCode[], rootFiles: readonly string[] = []): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const trash = `${staging}-old`;
  await mkdir(trash, { recursive: true });
  const regionDirs = new Set<string>(REGION_CODES.filter((c) => c !== 'cn'));
  for (const code of regions) {
    if (code === 'cn') {
      // cn owns every top-level entry that is not another region's folder.
      for (const name of await readdir(outDir)) {
        if (!regionDirs.has(name)) await rename(path.join(outDir, name), path.join(trash, name));
      }
      for (const name of await readdir(staging)) {
        if (!regionDirs.has(name)) await rename(path.join(staging, name), path.join(outDir, name));
      }
    } else {
      const target = path.join(outDir, code);
      if (await exists(target)) await rename(target, path.join(trash, code));
      await rename(path.join(staging, code), target);
    }
  }
  for (const name of rootFiles) {
    // Root files of the whole deployment: replaced on every build, whichever regions it built.
    if (!(await exists(path.join(staging, name)))) continue;
    if (await exists(path.join(outDir, name))) await rename(path.join(outDir, name), path.join(trash, `${name}.old`));
    await rename(path.join(staging, name), path.join(outDir, name));
  }
  await rm(trash, { recursive: true, force: true });
  await rm(staging, { recursive: true, force: true });
}
