import { execFile } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Refusal } from './security.ts';

/**
 * The git plumbing of a proposal (propose.ts): every call is `git` run by execFile (no shell),
 * in the repository's root. A commit is made from trees and a temporary index, so the
 * maintainer's index, HEAD and working tree are never touched; a branch is created only where
 * none exists; a push is a plain one (git refuses to overwrite what it would lose).
 */
const run = promisify(execFile);

/** How long a call that talks to the remote (fetch, ls-remote, push) may take before it is stopped. */
const NETWORK_TIMEOUT_MS = 120_000;

/** Variables of the studio's own environment that would point git at another repository or index, or read pathspecs otherwise. */
const FOREIGN = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_COMMON_DIR',
  'GIT_NAMESPACE',
  'GIT_PREFIX',
  'GIT_LITERAL_PATHSPECS',
  'GIT_GLOB_PATHSPECS',
  'GIT_NOGLOB_PATHSPECS',
  'GIT_ICASE_PATHSPECS',
];

/** What a git call said. `code` is its exit status (-1 when it was stopped for taking too long). */
export interface GitAnswer {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface GitCall {
  /** Variables for this call only (a temporary index, the commit's author). */
  readonly env?: Readonly<Record<string, string>>;
  /** Text for git's standard input (a commit's message). */
  readonly input?: string;
  /** Whether it talks to the remote (and may be stopped after NETWORK_TIMEOUT_MS). */
  readonly network?: boolean;
}

export type Git = (args: readonly string[], call?: GitCall) => Promise<GitAnswer>;

/** The commit's author and committer, as git's environment variables name them. */
export interface People {
  readonly author: { readonly name: string; readonly email: string };
  readonly committer: { readonly name: string; readonly email: string };
}

export function gitAt(cwd: string): Git {
  return async (args, call = {}) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...call.env };
    for (const name of FOREIGN) if (!call.env?.[name]) delete env[name];
    // No prompt for a password (a push without credentials fails instead of waiting); no refresh of
    // the maintainer's index by `status` (an optional lock: the index file is not written at all).
    Object.assign(env, { GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' });
    const running = run('git', [...args], {
      cwd,
      env,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      timeout: call.network ? NETWORK_TIMEOUT_MS : 0,
    });
    // Git may exit before it reads its input (a command that takes none): that is no error of the call.
    running.child.stdin?.on('error', () => undefined);
    running.child.stdin?.end(call.input ?? '');
    try {
      return { code: 0, ...(await running) };
    } catch (error) {
      const failed = error as { code?: unknown; killed?: boolean; stdout?: string; stderr?: string };
      if (failed.killed) return { code: -1, stdout: '', stderr: `error: git ${args[0]} took too long and was stopped` };
      if (typeof failed.code !== 'number') throw error;
      return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  };
}

/** The answer's output, trimmed; an Error (a bug, or a repository in a state git itself refuses) when git failed. */
export async function output(git: Git, args: readonly string[], call?: GitCall): Promise<string> {
  const answer = await git(args, call);
  if (answer.code !== 0) throw new Error(`git ${args.join(' ')} failed: ${firstError(answer.stderr)}`);
  return answer.stdout.trim();
}

/** Git's first line that says what went wrong (an error or a fatal one, its own or the remote's, a rejected ref), else its first line. */
export function firstError(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim());
  return lines.find((line) => /^(!|(remote: )?(error|fatal):)/.test(line)) ?? lines.find(Boolean) ?? 'git gave no reason';
}

/** The repository the content folder is in, and the folder's path in it ('.' for its root). */
export async function openRepository(contentDir: string): Promise<{ git: Git; contentPath: string }> {
  const top = await gitAt(contentDir)(['rev-parse', '--show-toplevel']).catch(() => undefined);
  if (!top || top.code !== 0 || !top.stdout.trim())
    throw new Refusal(409, 'The content folder is not in a git repository: a proposal is a branch and a commit of it.');
  const root = top.stdout.trim();
  const relative = path.relative(await realpath(root), await realpath(contentDir));
  return { git: gitAt(root), contentPath: relative === '' ? '.' : relative.split(path.sep).join('/') };
}

/** The full sha of a revision's commit, or undefined when there is none. */
export async function commitOf(git: Git, revision: string): Promise<string | undefined> {
  const answer = await git(['rev-parse', '--verify', '--quiet', `${revision}^{commit}`]);
  return answer.code === 0 ? answer.stdout.trim() : undefined;
}

export async function treeOf(git: Git, revision: string): Promise<string> {
  return output(git, ['rev-parse', '--verify', `${revision}^{tree}`]);
}

/** A path as a pathspec that is the path itself, never a pattern (a folder may be named `[us]`). */
const literal = (file: string) => `:(literal)${file}`;

/** Whether the content folder differs from HEAD at all: modified, untracked (not ignored) or deleted files. */
export async function hasChange(git: Git, contentPath: string): Promise<boolean> {
  return (await output(git, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', literal(contentPath)])) !== '';
}

/**
 * The tree of HEAD with the content folder as it is on disk: built in a temporary index (HEAD's
 * tree read into it, then `add -A` of the folder), so nothing the maintainer staged or changed
 * elsewhere is part of it, and their own index is not written.
 */
export async function changeTree(git: Git, contentPath: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'studio-propose-'));
  try {
    const env = { GIT_INDEX_FILE: path.join(folder, 'index') };
    await output(git, ['read-tree', 'HEAD'], { env });
    await output(git, ['add', '-A', '--', literal(contentPath)], { env });
    return await output(git, ['write-tree'], { env });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The files that differ between two trees (or commits), repository-relative, in code-unit order. */
export async function filesBetween(git: Git, from: string, to: string): Promise<string[]> {
  const names = await output(git, ['diff-tree', '-r', '--no-renames', '--name-only', '-z', from, to]);
  return [...new Set(names.split('\0').filter(Boolean))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

async function configured(git: Git, key: string): Promise<string | undefined> {
  const answer = await git(['config', '--get', key]);
  return answer.code === 0 && answer.stdout.trim() ? answer.stdout.trim() : undefined;
}

/** The author given, else git's configured user; the committer is git's configured committer, else the author. */
export async function peopleOf(git: Git, given?: { readonly name: string; readonly email: string }): Promise<People> {
  const name = given?.name ?? (await configured(git, 'user.name'));
  const email = given?.email ?? (await configured(git, 'user.email'));
  if (!name || !email)
    throw new Refusal(
      409,
      'Git does not know who the author is: set it with git config user.name "Your Name" and git config user.email you@example.com, then propose again.',
    );
  const author = { name, email };
  const committer = { name: (await configured(git, 'committer.name')) ?? name, email: (await configured(git, 'committer.email')) ?? email };
  for (const person of [author, committer])
    if (/[<>\n\r]/.test(person.name + person.email) || !person.name.trim() || !person.email.trim())
      throw new Refusal(400, `Refused: '${person.name} <${person.email}>' is not a name and an e-mail address git can record.`);
  return { author, committer };
}

/** A commit object of a tree on a parent; it creates no ref. */
export async function commitTree(git: Git, tree: string, parent: string, message: string, people: People): Promise<string> {
  const env = {
    GIT_AUTHOR_NAME: people.author.name,
    GIT_AUTHOR_EMAIL: people.author.email,
    GIT_COMMITTER_NAME: people.committer.name,
    GIT_COMMITTER_EMAIL: people.committer.email,
  };
  return output(git, ['commit-tree', tree, '-p', parent, '-F', '-'], { env, input: message });
}

/**
 * The change (HEAD to `tree`) applied onto `base`, as a three-way merge whose base is HEAD:
 * what a cherry-pick of the change would make. Git 2.39's merge-tree has no `--merge-base`, so
 * both sides are made commits whose one parent is HEAD (objects only, no ref): their merge base
 * is then HEAD. Returns the merged tree, or the files that conflict.
 */
export async function mergeOnto(
  git: Git,
  head: string,
  tree: string,
  base: string,
  people: People,
): Promise<{ tree: string } | { conflicts: string[] }> {
  const theirs = await commitTree(git, await treeOf(git, base), head, 'The base as the remote has it', people);
  const ours = await commitTree(git, tree, head, 'The change', people);
  const answer = await git(['merge-tree', '--write-tree', '--name-only', '-z', theirs, ours]);
  if (answer.code > 1) throw new Error(`git merge-tree failed: ${firstError(answer.stderr)}`);
  const [merged = '', ...rest] = answer.stdout.split('\0');
  if (answer.code === 0) return { tree: merged.trim() };
  const end = rest.indexOf('');
  return { conflicts: [...new Set(end === -1 ? rest : rest.slice(0, end))] };
}

/** How many commits `to` has that `from` lacks. */
export async function commitsBetween(git: Git, from: string, to: string): Promise<number> {
  return Number(await output(git, ['rev-list', '--count', `${from}..${to}`]));
}

export async function isAncestor(git: Git, ancestor: string, of: string): Promise<boolean> {
  const answer = await git(['merge-base', '--is-ancestor', ancestor, of]);
  if (answer.code > 1) throw new Error(`git merge-base failed: ${firstError(answer.stderr)}`);
  return answer.code === 0;
}

/** A branch name git accepts as it is (`@{-1}` and the like are expanded by git: refused here). */
export async function checkBranchName(git: Git, name: string, what: string): Promise<void> {
  const answer = name.startsWith('-') ? undefined : await git(['check-ref-format', '--branch', name]);
  if (!answer || answer.code !== 0 || answer.stdout.trim() !== name)
    throw new Refusal(400, `Refused: '${name}' is not a name git takes for ${what}.`);
}

/** The remote's URL, or undefined when the repository has no such remote. */
export async function remoteUrl(git: Git, remote: string): Promise<string | undefined> {
  if (remote.startsWith('-')) return undefined;
  const answer = await git(['remote', 'get-url', remote]);
  return answer.code === 0 ? answer.stdout.trim() : undefined;
}

/** The branch a proposal is for: the remote's HEAD branch when known, else the current branch, else 'main'. */
export async function defaultBase(git: Git, remote: string): Promise<string> {
  const remoteHead = await git(['symbolic-ref', '--quiet', '--short', `refs/remotes/${remote}/HEAD`]);
  const name = remoteHead.stdout.trim();
  if (remoteHead.code === 0 && name.startsWith(`${remote}/`)) return name.slice(remote.length + 1);
  const current = await git(['symbolic-ref', '--quiet', '--short', 'HEAD']);
  return current.code === 0 && current.stdout.trim() ? current.stdout.trim() : 'main';
}

/** Fetches the base (no tags), and returns the commit of `<remote>/<base>` then, if there is one. */
export async function fetchBase(git: Git, remote: string, base: string): Promise<string | undefined> {
  const fetched = await git(['fetch', '--no-tags', '--quiet', remote, base], { network: true });
  // A base the remote lacks, or a remote out of reach: the proposal is made on HEAD, and the push says the rest.
  return fetched.code === 0 ? commitOf(git, `refs/remotes/${remote}/${base}`) : undefined;
}

/** Creates the branch at the commit, only if it does not exist (update-ref's empty old value). */
export async function createBranch(git: Git, branch: string, commit: string): Promise<void> {
  const answer = await git(['update-ref', '-m', 'studio: propose', `refs/heads/${branch}`, commit, '']);
  if (answer.code !== 0)
    throw new Refusal(409, `A branch named ${branch} exists already: nothing was committed. Propose again with another branch name.`);
}

/** Pushes the branch as it is, never forced; a branch the remote has already is left alone (not even moved forward). */
export async function pushBranch(
  git: Git,
  remote: string,
  branch: string,
): Promise<{ done: true; remote: string } | { done: false; reason: string }> {
  const ref = `refs/heads/${branch}`;
  const listed = await git(['ls-remote', remote, ref], { network: true });
  if (listed.code === 0 && listed.stdout.split('\n').some((line) => line.split('\t')[1] === ref))
    return { done: false, reason: `${remote} has a branch named ${branch} already: it was left as it is.` };
  // This branch alone: no tags, no submodules, whatever the configuration says; and never a forced update.
  const pushed = await git(['push', '--quiet', '--no-follow-tags', '--recurse-submodules=no', remote, `${ref}:${ref}`], { network: true });
  return pushed.code === 0 ? { done: true, remote } : { done: false, reason: firstError(pushed.stderr) };
}
