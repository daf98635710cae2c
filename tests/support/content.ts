import { spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';
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

/**
 * One step of a path into a YAML document: a key of a map, an index of a list, or the first item
 * of a list whose fields have these values (`{ page: 'black-friday' }`).
 */
export type YamlStep = string | number | Readonly<Record<string, string | number | boolean>>;

async function yamlDocument(file: string) {
  const { parseDocument } = await import('yaml');
  return parseDocument(await readFile(file, 'utf8'), { keepSourceTokens: true });
}

/** The concrete key path of `steps` in a document (list items matched by their fields resolved to indexes). */
function concretePath(doc: import('yaml').Document, steps: readonly YamlStep[], file: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const step of steps) {
    if (typeof step !== 'object') {
      out.push(step);
      continue;
    }
    const list = doc.getIn(out) as { items?: unknown[] } | undefined;
    const index = (list?.items ?? []).findIndex((item) => {
      const json = (item as { toJSON?: () => unknown }).toJSON?.() as Record<string, unknown> | undefined;
      return !!json && Object.entries(step).every(([key, value]) => json[key] === value);
    });
    if (index < 0) throw new Error(`no item ${JSON.stringify(step)} at ${out.join('.')} in ${file}`);
    out.push(index);
  }
  if (!doc.hasIn(out)) throw new Error(`${out.join('.')} is not in ${file}`);
  return out;
}

/** The value at a path of a YAML file (fails loudly when the path is not there). */
export async function yamlValue(file: string, steps: readonly YamlStep[]): Promise<unknown> {
  const doc = await yamlDocument(file);
  const value = doc.getIn(concretePath(doc, steps, file));
  return (value as { toJSON?: () => unknown })?.toJSON?.() ?? value;
}

/**
 * Sets the value at a path of a YAML file, found by its keys, never by its wording, so an edit of
 * the real content's texts or prices does not break the test (the yaml Document API keeps the
 * rest of the file as it was). `to` may be a function of the value there. Returns the value it had.
 */
export async function setYamlValue<T>(file: string, steps: readonly YamlStep[], to: (value: T) => unknown): Promise<T>;
export async function setYamlValue(file: string, steps: readonly YamlStep[], to: unknown): Promise<unknown>;
export async function setYamlValue(file: string, steps: readonly YamlStep[], to: unknown): Promise<unknown> {
  const doc = await yamlDocument(file);
  const at = concretePath(doc, steps, file);
  const node = doc.getIn(at);
  const before = (node as { toJSON?: () => unknown })?.toJSON?.() ?? node;
  doc.setIn(at, typeof to === 'function' ? (to as (value: unknown) => unknown)(before) : to);
  await writeFile(file, doc.toString({ lineWidth: 0 }));
  return before;
}

/** Removes the value at a path of a YAML file (a key of a map, an item of a list); returns what it held. */
export async function deleteYamlValue(file: string, steps: readonly YamlStep[]): Promise<unknown> {
  const doc = await yamlDocument(file);
  const at = concretePath(doc, steps, file);
  const node = doc.getIn(at);
  const before = (node as { toJSON?: () => unknown })?.toJSON?.() ?? node;
  doc.deleteIn(at);
  await writeFile(file, doc.toString({ lineWidth: 0 }));
  return before;
}

/** A content copy committed in a git repository of its own, with a `git` that runs in it. */
export interface CommittedContent {
  work: string;
  content: string;
  git: (...args: string[]) => SpawnSyncReturns<string>;
}

/**
 * The fixture content (copyFixtureContent; or another copy, copyContent's of the real content)
 * committed in a git repository of its own, with a `git` that runs in it: for tests that judge a
 * change by `git diff`, as a reviewer would.
 */
export async function committedContent(copy = copyFixtureContent): Promise<CommittedContent> {
  const copied = await copy();
  const git = (...args: string[]) =>
    spawnSync('git', ['-c', 'user.name=Tester', '-c', 'user.email=tester@example.com', ...args], { cwd: copied.work, encoding: 'utf8' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'content');
  return { ...copied, git };
}
