import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { commitMoves, isRunning, recoverOutput } from '../files/commit.ts';
import type { CommitOptions, Move } from '../files/commit.ts';

/** A region as the output folder sees it: its code and its base path ('' for the region at /). */
export interface OutputRegion {
  readonly code: string;
  readonly basePath: string;
}

/** Where a region lives inside the output folder: the region at / at the root, the others in `<code>/`. */
export function regionOutputDir(outDir: string, region: OutputRegion): string {
  return region.basePath === '' ? outDir : path.join(outDir, region.code);
}

/**
 * A fresh staging folder beside the output folder (same file system, so moves are renames).
 * A switch that a killed build left half made is completed first (files/commit.ts); then
 * staging folders of builds whose process is gone (killed outright, so they could not clean
 * up) are removed.
 */
export async function createStagingDir(outDir: string): Promise<string> {
  const parent = path.dirname(path.resolve(outDir));
  await mkdir(parent, { recursive: true });
  await recoverOutput(outDir);
  const prefix = `.${path.basename(outDir)}.tmp-`;
  for (const name of await readdir(parent)) {
    const pid = name.startsWith(prefix) ? /^(\d+)-[0-9a-z]+(-old)?$/.exec(name.slice(prefix.length))?.[1] : undefined;
    if (pid && Number(pid) !== process.pid && !isRunning(Number(pid))) await rm(path.join(parent, name), { recursive: true, force: true });
  }
  const staging = path.join(parent, `${prefix}${process.pid}-${Date.now().toString(36)}`);
  await mkdir(staging, { recursive: true });
  return staging;
}

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  );

/**
 * Moves the built regions from the staging folder into the output folder, replacing only
 * those regions: every other region's files stay as they were. `all` names every region of
 * the content (the folders the root region does not own); `rootFiles` (the deployment's
 * sitemap, robots.txt, schedule and back-end data) are replaced whatever regions were built.
 * The moves are planned first and made as one journalled switch (files/commit.ts): a failure
 * undoes them, a killed process leaves a journal the next build or serve-regions completes,
 * so the output folder is the old one or the new one, never a mix.
 */
export async function commitOutput(
  staging: string,
  outDir: string,
  built: readonly OutputRegion[],
  all: readonly OutputRegion[],
  rootFiles: readonly string[] = [],
  options: CommitOptions = {},
): Promise<void> {
  const trash = `${staging}-old`;
  const moves: Move[] = [];
  const outExists = await exists(outDir);
  const regionDirs = new Set<string>(all.filter((r) => r.basePath !== '').map((r) => r.code));
  const shared = new Set(rootFiles);
  for (const region of built) {
    if (region.basePath === '') {
      // The root region owns every top-level entry that is not another region's folder or a file of the whole deployment.
      for (const name of outExists ? await readdir(outDir) : []) {
        if (!regionDirs.has(name) && !shared.has(name)) moves.push({ from: path.join(outDir, name), to: path.join(trash, name) });
      }
      for (const name of await readdir(staging)) {
        if (!regionDirs.has(name) && !shared.has(name)) moves.push({ from: path.join(staging, name), to: path.join(outDir, name) });
      }
    } else {
      const target = path.join(outDir, region.code);
      if (await exists(target)) moves.push({ from: target, to: path.join(trash, region.code) });
      moves.push({ from: path.join(staging, region.code), to: target });
    }
  }
  for (const name of rootFiles) {
    // Root files of the whole deployment: replaced on every build, whichever regions it built.
    if (!(await exists(path.join(staging, name)))) continue;
    if (await exists(path.join(outDir, name))) moves.push({ from: path.join(outDir, name), to: path.join(trash, `${name}.old`) });
    moves.push({ from: path.join(staging, name), to: path.join(outDir, name) });
  }
  try {
    await commitMoves(outDir, { moves, create: [outDir, trash], remove: [trash, staging] }, options);
  } catch (error) {
    // The output folder was made for this build: nothing of it stays.
    if (!outExists) await rm(outDir, { recursive: true, force: true });
    await rm(trash, { recursive: true, force: true });
    throw error;
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * The table printed after a build: per region its prerendered pages, its files, and the gzip
 * size of its JavaScript and CSS (all of it: a first visit loads only the entry and the page).
 */
export async function describeBuild(
  result: { regions: readonly (OutputRegion & { pages: readonly unknown[]; assets: readonly string[] })[] },
  outDir: string,
  elapsed: number,
): Promise<string> {
  const gzipped = async (dir: string, files: readonly string[], extension: string) => {
    let total = 0;
    for (const file of files.filter((f) => f.endsWith(extension)))
      total += gzipSync(await readFile(path.join(dir, file)), { level: 9 }).length;
    return total;
  };
  const rows = await Promise.all(
    result.regions.map(async (r) => {
      const dir = regionOutputDir(outDir, r);
      const [js, css] = await Promise.all([gzipped(dir, r.assets, '.js'), gzipped(dir, r.assets, '.css')]);
      return `  ${r.code.padEnd(4)} ${String(r.pages.length).padStart(5)}  ${String(r.assets.length).padStart(5)}  ${kb(js).padStart(9)}  ${kb(css).padStart(8)}`;
    }),
  );
  return [
    `Built ${result.regions.length} region${result.regions.length === 1 ? '' : 's'} in ${(elapsed / 1000).toFixed(1)} s:`,
    '  region pages  files  JS (gzip)  CSS (gzip)',
    ...rows,
    '',
  ].join('\n');
}
