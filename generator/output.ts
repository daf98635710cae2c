import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A region as the output folder sees it: its code and its base path ('' for the region at /). */
export interface OutputRegion {
  readonly code: string;
  readonly basePath: string;
}

/** Where a region lives inside the output folder: the region at / at the root, the others in `<code>/`. */
export function regionOutputDir(outDir: string, region: OutputRegion): string {
  return region.basePath === '' ? outDir : path.join(outDir, region.code);
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
 * those regions: every other region's files stay as they were. `all` names every region of
 * the content (the folders the root region does not own); `rootFiles` (the deployment's
 * sitemap, robots.txt, schedule and back-end data) are replaced whatever regions were built.
 */
export async function commitOutput(staging: string, outDir: string, built: readonly OutputRegion[], all: readonly OutputRegion[], rootFiles: readonly string[] = []): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const trash = `${staging}-old`;
  await mkdir(trash, { recursive: true });
  const regionDirs = new Set<string>(all.filter((r) => r.basePath !== '').map((r) => r.code));
  const shared = new Set(rootFiles);
  for (const region of built) {
    if (region.basePath === '') {
      // The root region owns every top-level entry that is not another region's folder or a file of the whole deployment.
      for (const name of await readdir(outDir)) {
        if (!regionDirs.has(name) && !shared.has(name)) await rename(path.join(outDir, name), path.join(trash, name));
      }
      for (const name of await readdir(staging)) {
        if (!regionDirs.has(name) && !shared.has(name)) await rename(path.join(staging, name), path.join(outDir, name));
      }
    } else {
      const target = path.join(outDir, region.code);
      if (await exists(target)) await rename(target, path.join(trash, region.code));
      await rename(path.join(staging, region.code), target);
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
