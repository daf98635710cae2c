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

/** Whether a process of this id runs (a staging folder of one that does not is left over). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A fresh staging folder beside the output folder (same file system, so moves are renames).
 * Staging folders of builds whose process is gone (killed outright, so they could not clean
 * up) are removed first.
 */
export async function createStagingDir(outDir: string): Promise<string> {
  const parent = path.dirname(path.resolve(outDir));
  await mkdir(parent, { recursive: true });
  const prefix = `.${path.basename(outDir)}.tmp-`;
  for (const name of await readdir(parent)) {
    const pid = name.startsWith(prefix) ? /^(\d+)-[0-9a-z]+(-old)?$/.exec(name.slice(prefix.length))?.[1] : undefined;
    if (pid && Number(pid) !== process.pid && !running(Number(pid))) await rm(path.join(parent, name), { recursive: true, force: true });
  }
  const staging = path.join(parent, `${prefix}${process.pid}-${Date.now().toString(36)}`);
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
 * Every step is a rename, noted as it is made: if one fails, those made are undone in reverse,
 * so the output folder is the old one or the new one, never a mix.
 */
export async function commitOutput(staging: string, outDir: string, built: readonly OutputRegion[], all: readonly OutputRegion[], rootFiles: readonly string[] = []): Promise<void> {
  const trash = `${staging}-old`;
  const done: { from: string; to: string }[] = [];
  const move = async (from: string, to: string) => {
    await rename(from, to);
    done.push({ from, to });
  };
  const createdOut = !(await exists(outDir));
  try {
    await mkdir(outDir, { recursive: true });
    await mkdir(trash, { recursive: true });
    const regionDirs = new Set<string>(all.filter((r) => r.basePath !== '').map((r) => r.code));
    const shared = new Set(rootFiles);
    for (const region of built) {
      if (region.basePath === '') {
        // The root region owns every top-level entry that is not another region's folder or a file of the whole deployment.
        for (const name of await readdir(outDir)) {
          if (!regionDirs.has(name) && !shared.has(name)) await move(path.join(outDir, name), path.join(trash, name));
        }
        for (const name of await readdir(staging)) {
          if (!regionDirs.has(name) && !shared.has(name)) await move(path.join(staging, name), path.join(outDir, name));
        }
      } else {
        const target = path.join(outDir, region.code);
        if (await exists(target)) await move(target, path.join(trash, region.code));
        await move(path.join(staging, region.code), target);
      }
    }
    for (const name of rootFiles) {
      // Root files of the whole deployment: replaced on every build, whichever regions it built.
      if (!(await exists(path.join(staging, name)))) continue;
      if (await exists(path.join(outDir, name))) await move(path.join(outDir, name), path.join(trash, `${name}.old`));
      await move(path.join(staging, name), path.join(outDir, name));
    }
  } catch (error) {
    for (const { from, to } of done.toReversed()) await rename(to, from);
    if (createdOut) await rm(outDir, { recursive: true, force: true });
    await rm(trash, { recursive: true, force: true });
    throw error;
  }
  await rm(trash, { recursive: true, force: true });
  await rm(staging, { recursive: true, force: true });
}
