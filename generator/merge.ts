import { copyFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { listFiles } from './build.ts';
import { commitMoves } from '../files/commit.ts';
import { createStagingDir } from './output.ts';

/**
 * `build-region merge`: puts together the parts of a build made on separate machines (each
 * `build-region <regions> --out part-<n>`) into one output folder, byte for byte what
 * `build-region --all` makes. The parts' shared files (the deployment's sitemap, schedule,
 * back-end data, images) must be the same in every part: parts built from different content,
 * or as of different instants, are refused, naming the file.
 */
export interface MergeResult {
  ok: boolean;
  /** Files of the merged output. */
  files: number;
  /** What kept the parts from being merged. */
  problems: string[];
}

export async function mergeParts(parts: readonly string[], outDir: string): Promise<MergeResult> {
  const problems: string[] = [];
  const sources = new Map<string, string>();
  for (const part of parts) {
    if (!(await stat(part).catch(() => undefined))?.isDirectory()) {
      problems.push(`${part} is not a folder`);
      continue;
    }
    for (const file of await listFiles(part)) {
      const earlier = sources.get(file);
      if (earlier === undefined) sources.set(file, part);
      else if (!(await readFile(path.join(earlier, file))).equals(await readFile(path.join(part, file)))) {
        problems.push(
          `${file} differs between ${earlier} and ${part}: build every part from the same content, as of the same instant (--now)`,
        );
      }
    }
  }
  if (problems.length || parts.length === 0)
    return { ok: false, files: 0, problems: parts.length ? problems : ['name the parts to merge'] };
  const staging = await createStagingDir(outDir);
  try {
    for (const [file, part] of sources) {
      await mkdir(path.dirname(path.join(staging, file)), { recursive: true });
      await copyFile(path.join(part, file), path.join(staging, file));
    }
    // One journalled switch (files/commit.ts): a killed merge is completed by the next command.
    const old = `${staging}-old`;
    const moves = (await stat(outDir).catch(() => undefined)) ? [{ from: path.resolve(outDir), to: path.join(old, 'out') }] : [];
    await commitMoves(outDir, { moves: [...moves, { from: staging, to: path.resolve(outDir) }], create: [old], remove: [old] });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { ok: true, files: sources.size, problems: [] };
}
