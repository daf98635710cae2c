import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildRegions } from '../../generator/index.ts';
import { BUILT_AT } from './instants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real content, built once for every test that needs a built site. */
    distDir: string;
  }
}

/** Builds the real content once into a temporary folder (with private generated modules). */
export default async function setup(project: TestProject) {
  const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-test-'));
  const distDir = path.join(work, 'dist');
  const result = await buildRegions({ out: distDir, sites: path.join(work, 'sites'), now: BUILT_AT });
  if (!result.ok) {
    throw new Error(
      `The real content does not build:\n${result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join('\n')}`,
    );
  }
  project.provide('distDir', distDir);
  return async () => {
    await rm(work, { recursive: true, force: true });
  };
}
