import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PACKAGE_ROOT } from '../../generator/index.ts';

/** A private copy of a content folder as `content/` of a new temporary folder. */
async function copyTree(from: string): Promise<{ work: string; content: string }> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-case-'));
  const content = path.join(work, 'content');
  await cp(from, content, { recursive: true });
  return { work, content };
}

/** A private copy of the real content, for tests that break or change it. */
export async function copyContent(): Promise<{ work: string; content: string }> {
  return copyTree(path.join(PACKAGE_ROOT, 'content'));
}

/**
 * A private copy of the diagnostic fixtures' own small content tree (tests/fixtures/content/:
 * regions us, fr and cn), so that an edit of the real content never moves a fixture's lines.
 */
export async function copyFixtureContent(): Promise<{ work: string; content: string }> {
  return copyTree(path.join(PACKAGE_ROOT, 'tests', 'fixtures', 'content'));
}

/** Replaces one exact piece of text in a file (fails loudly when the text is not there). */
export async function replaceInFile(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`'${from}' is not in ${file}`);
  await writeFile(file, text.replace(from, to));
}
