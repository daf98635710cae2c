import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { listFiles } from '../../generator/index.ts';

/** Every file under a folder (an output folder), by relative path, with its bytes. */
export async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const files = await listFiles(dir);
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f))] as const)));
}

/** The same files with the same bytes, naming the first file that differs. */
export function expectSameBytes(expected: Map<string, Buffer>, actual: Map<string, Buffer>): void {
  expect([...actual.keys()]).toEqual([...expected.keys()]);
  for (const [file, bytes] of expected) expect(actual.get(file)?.equals(bytes), file).toBe(true);
}
