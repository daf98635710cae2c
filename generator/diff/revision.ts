import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { cacheKey, readEntry, writeEntry } from '../cache.ts';
import { compileContent } from '../compile.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import type { CompileResult } from '../options.ts';
import type { SiteModel } from '../resolve/index.ts';
import type { TextState } from '../translations/index.ts';

// The content at a git revision, as `build-region diff` compares it with the working tree
// (docs/review.md, "Cost"): what the comparison reads of it is kept in the build cache by commit,
// so a second diff against the same base (the next edit of a pull request, at the same `--now`)
// neither extracts nor compiles that side again.

const run = promisify(execFile);

/** The content folder as it is at a git revision, in a temporary folder (`dir`); `dispose` removes it. */
export interface RevisionContent {
  dir: string;
  history: { repository: string; contentPath: string; revision: string };
  dispose: () => Promise<void>;
}

/** What a diff compares of one version of the content: its model, its diagnostics and the state of each translated text. */
export interface ComparedContent {
  readonly model: SiteModel;
  readonly diagnostics: readonly Diagnostic[];
  readonly translations: readonly { readonly id: string; readonly texts: readonly { readonly key: string; readonly state: TextState }[] }[];
}

/** The content at a revision: compared from the cache where it can be; extracted and compiled whole only when asked. */
export interface Revision {
  readonly history: RevisionContent['history'];
  /** What the diff compares (from the cache when this commit was compared at this instant before). */
  compared(): Promise<ComparedContent>;
  /** The content folder at the revision, extracted the first time it is asked for (a build of it). */
  content(): Promise<string>;
  /** The whole compile of it, the first time it is asked for (a build of it). */
  compile(): Promise<CompileResult>;
  /** Removes what was extracted. */
  dispose(): Promise<void>;
}

/** The repository of a content folder, the folder's path in it, and the commit a revision names (refused when it names none). */
async function locate(contentDir: string, revision: string): Promise<{ root: string; relative: string; commit: string }> {
  const root = (await run('git', ['rev-parse', '--show-toplevel'], { cwd: contentDir })).stdout.trim();
  const relative = path.relative(root, contentDir).split(path.sep).join('/');
  try {
    const commit = (await run('git', ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], { cwd: root })).stdout.trim();
    return { root, relative, commit };
  } catch {
    throw new Error(`'${revision}' is not a revision of the repository at ${root}`);
  }
}

/** The content folder at a commit, written into a temporary folder. */
async function extract(root: string, relative: string, commit: string, revision: string): Promise<RevisionContent> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'build-region-diff-'));
  try {
    // git archive writes the tree as it is at that revision; tar puts it in the folder.
    await run('bash', ['-c', 'git archive --format=tar "$1" -- "$2" | tar -x -C "$3"', 'archive', commit, relative || '.', work], {
      cwd: root,
      maxBuffer: 1 << 30,
    });
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  return {
    dir: path.join(work, relative),
    history: { repository: root, contentPath: relative, revision },
    dispose: () => rm(work, { recursive: true, force: true }),
  };
}

/** The content folder as it is at a git revision, written into a temporary folder; removed by `dispose`. */
export async function contentAtRevision(contentDir: string, revision: string): Promise<RevisionContent> {
  const { root, relative, commit } = await locate(contentDir, revision);
  return extract(root, relative, commit, revision);
}

/** What the comparison reads of a compile (a plain value: the build cache keeps it as V8's serialization). */
function comparedPart(compiled: CompileResult): ComparedContent {
  return {
    model: compiled.model,
    diagnostics: compiled.diagnostics,
    translations: compiled.translations.map((file) => ({ id: file.id, texts: file.texts.map(({ key, state }) => ({ key, state })) })),
  };
}

/**
 * The content at a revision of the content folder's repository, to compare at `now` (refused
 * when the revision names no commit). The build cache (`cacheDir`; none, none kept) keeps what
 * the comparison reads by the commit, the folder's path in the repository, the instant and the
 * working directory (the diagnostics' paths), under the source key like every entry.
 */
export async function openRevision(
  contentDir: string,
  revision: string,
  options: { cwd: string; now: number; cacheDir: string | undefined },
): Promise<Revision> {
  const { root, relative, commit } = await locate(contentDir, revision);
  const history = { repository: root, contentPath: relative, revision };
  let extracted: Promise<RevisionContent> | undefined;
  let compiled: Promise<CompileResult> | undefined;
  let compared: Promise<ComparedContent> | undefined;
  const content = async () => (await (extracted ??= extract(root, relative, commit, revision))).dir;
  const compile = () =>
    (compiled ??= content().then((dir) => compileContent({ content: dir, cwd: options.cwd, now: options.now, history })));
  const key = cacheKey('revision', commit, relative, String(options.now), options.cwd);
  const compare = async (): Promise<ComparedContent> => {
    const kept = await readEntry(options.cacheDir, 'revision', key);
    if (kept) return deserialize(kept) as ComparedContent;
    const part = comparedPart(await compile());
    await writeEntry(options.cacheDir, 'revision', key, serialize(part));
    return part;
  };
  return {
    history,
    compared: () => (compared ??= compare()),
    content,
    compile,
    dispose: async () => {
      const made = await extracted?.catch(() => undefined);
      await made?.dispose();
    },
  };
}
