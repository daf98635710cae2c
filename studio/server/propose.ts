import {
  changeTree,
  checkBranchName,
  commitOf,
  commitsBetween,
  commitTree,
  createBranch,
  defaultBase,
  fetchBase,
  filesBetween,
  hasChange,
  isAncestor,
  mergeOnto,
  openRepository,
  peopleOf,
  pushBranch,
  remoteUrl,
  treeOf,
} from './propose-git.ts';
import type { Git, People } from './propose-git.ts';
import { compareAddress, githubProblem, openPullRequest } from './propose-host.ts';
import type { GithubSettings } from './propose-host.ts';
import type { ProposeAnswer } from '../api.ts';
import { Refusal } from './security.ts';

/**
 * Propose (docs/studio.md, "Propose"): the content folder's change as a branch and a commit,
 * pushed to the repository's remote, and a pull request where GitHub is configured. The commit
 * holds the content folder's change only (whatever else the maintainer changed or staged stays
 * theirs), is made without touching their index, HEAD or working tree, and is never pushed by
 * force. A base that moved on the remote is rebased onto (and said so), or refused when the
 * change conflicts with it: never merged silently.
 */

export interface ProposeInput {
  /** The content folder (absolute); the change is what differs in it from HEAD (git status of that folder only). */
  readonly contentDir: string;
  /** The commit's subject and body, written by the caller from the diff's words. */
  readonly title: string;
  readonly body: string;
  /** The branch name to create; default: `content/<slug of title, at most 40 chars>-<YYYYMMDD-HHMM UTC>`. Checked with `git check-ref-format --branch`. */
  readonly branch?: string;
  /** The commit's author; default: git's configured user.name / user.email of the repository (refused with a clear message if none). */
  readonly author?: { readonly name: string; readonly email: string };
  /** The remote to push to (default 'origin'). */
  readonly remote?: string;
  /** The branch of the remote the proposal is for (default: the remote's HEAD branch if known, else the current branch's name, else 'main'). */
  readonly baseBranch?: string;
  /** GitHub: a token, the repository (owner/name) and the API's URL (default https://api.github.com), usually from GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL. */
  readonly github?: GithubSettings;
  /** The instant (epoch ms) for the default branch name (tests pass a fixed one). */
  readonly now?: number;
}

/** What a proposal made (studio/api.ts `ProposeAnswer`, the JSON the page reads). */
export type ProposeResult = ProposeAnswer;

const NOTHING = 'Nothing to propose: the content has no change against the last commit.';

export async function propose(input: ProposeInput): Promise<ProposeResult> {
  checkWords(input);
  const { git, contentPath } = await openRepository(input.contentDir);
  const head = await commitOf(git, 'HEAD');
  if (!head) throw new Refusal(409, 'The repository has no commit yet: a proposal is a change against the last commit.');
  if (!(await hasChange(git, contentPath))) throw new Refusal(409, NOTHING);
  const people = await peopleOf(git, input.author);
  const remote = input.remote ?? 'origin';
  const base = input.baseBranch ?? (await defaultBase(git, remote));
  const branch = input.branch ?? defaultBranchName(input.title, input.now ?? Date.now());
  await checkBranchName(git, base, 'the base branch');
  await checkBranchName(git, branch, 'a branch');
  if (branch === base) throw new Refusal(400, `Refused: the proposal's branch must not be ${base}, the branch it is for.`);
  if (await commitOf(git, `refs/heads/${branch}`))
    throw new Refusal(409, `A branch named ${branch} exists already: nothing was committed. Propose again with another branch name.`);
  const url = await remoteUrl(git, remote);
  const remoteBase = url === undefined ? undefined : await fetchBase(git, remote, base);
  const made = await makeCommit(git, { head, contentPath, people, message: messageOf(input), remote, base, remoteBase });
  await createBranch(git, branch, made.commit);
  return publish(input, git, { ...made, branch, base, remote, url });
}

/** The title is one line (a commit's subject); GitHub's settings are usable. Checked before anything is made. */
function checkWords(input: ProposeInput): void {
  if (!input.title.trim() || /[\r\n]/.test(input.title))
    throw new Refusal(400, 'Refused: a proposal needs a title of one line (its commit subject).');
  const problem = input.github && githubProblem(input.github);
  if (problem) throw new Refusal(400, `Refused: ${problem}. Nothing was committed.`);
}

function messageOf(input: ProposeInput): string {
  const body = input.body.trim();
  return body ? `${input.title.trim()}\n\n${body}\n` : `${input.title.trim()}\n`;
}

interface Made {
  readonly commit: string;
  readonly files: readonly string[];
  readonly rebased?: { readonly onto: string; readonly commits: number };
  /** Commits of HEAD the remote's base lacks, carried by the branch under the change. */
  readonly carried: number;
}

/**
 * The proposal's commit: the change on HEAD, or, when the remote's base has commits HEAD lacks,
 * the change merged onto that base (refused when they conflict). No ref is created here.
 */
async function makeCommit(
  git: Git,
  at: {
    head: string;
    contentPath: string;
    people: People;
    message: string;
    remote: string;
    base: string;
    remoteBase: string | undefined;
  },
): Promise<Made> {
  const tree = await changeTree(git, at.contentPath);
  if (tree === (await treeOf(git, at.head))) throw new Refusal(409, NOTHING);
  let parent = at.head;
  let commitTreeOf = tree;
  let rebased: Made['rebased'];
  if (at.remoteBase && !(await isAncestor(git, at.remoteBase, at.head))) {
    const onto = `${at.remote}/${at.base}`;
    const commits = await commitsBetween(git, at.head, at.remoteBase);
    const merged = await mergeOnto(git, at.head, tree, at.remoteBase, at.people);
    if ('conflicts' in merged)
      throw new Refusal(
        409,
        `The base moved: ${onto} has ${commits} new commit${commits === 1 ? ' that changes' : 's that change'} the same lines as this change ` +
          `(${merged.conflicts.join(', ')}). Nothing was committed or pushed: update your working tree (git pull), check the result, and propose again.`,
      );
    if (merged.tree === (await treeOf(git, at.remoteBase))) throw new Refusal(409, `Nothing to propose: ${onto} has this change already.`);
    [parent, commitTreeOf, rebased] = [at.remoteBase, merged.tree, { onto, commits }];
  }
  const files = await filesBetween(git, parent, commitTreeOf);
  const outside = files.filter((file) => at.contentPath !== '.' && !file.startsWith(`${at.contentPath}/`));
  if (outside.length > 0) throw new Error(`A proposal would commit files outside the content folder: ${outside.join(', ')}`);
  const carried = at.remoteBase && !rebased ? await commitsBetween(git, at.remoteBase, at.head) : 0;
  return { commit: await commitTree(git, commitTreeOf, parent, at.message, at.people), files, rebased, carried };
}

/** Pushes the branch, opens the pull request where GitHub is configured, and says what comes next. */
async function publish(
  input: ProposeInput,
  git: Git,
  made: Made & { branch: string; base: string; remote: string; url: string | undefined },
): Promise<ProposeResult> {
  const { branch, base, remote, url } = made;
  const result = { branch, commit: made.commit, files: made.files, ...(made.rebased ? { rebased: made.rebased } : {}) };
  const later = `git push ${remote} ${branch}`;
  if (url === undefined) {
    const reason = `This repository has no remote named ${remote}.`;
    const next = `The branch ${branch} and its commit stay in this repository: ${reason} Add the remote, then push it with: ${later}`;
    return { ...result, push: { done: false, reason }, next };
  }
  const push = await pushBranch(git, remote, branch);
  if (!push.done) {
    const next = `The branch ${branch} and its commit stay in this repository: the push to ${remote} failed (${push.reason}). Push it later with: ${later}`;
    return { ...result, push, next };
  }
  // A HEAD ahead of the remote's base: its commits go with the change, and the maintainer is told.
  const carried =
    made.carried > 0 ? ` (with ${made.carried} commit${made.carried === 1 ? '' : 's'} of yours that ${remote}/${base} lacks)` : '';
  const compare = compareAddress(url, base, branch);
  const pullRequest = input.github
    ? await openPullRequest(input.github, { title: input.title.trim(), body: input.body, head: branch, base })
    : undefined;
  if (pullRequest && 'url' in pullRequest)
    return {
      ...result,
      push,
      pullRequest,
      next: `Pull request #${pullRequest.number} is open for ${branch}${carried}: ${pullRequest.url}`,
    };
  // An address ends the sentence without a full stop, which would be copied with it.
  const where = compare ? `: ${compare}` : ` into ${base} on ${remote}'s host.`;
  const next = pullRequest
    ? `The branch ${branch} is pushed to ${remote}${carried}, but the pull request could not be opened (${pullRequest.failed}). Open it by hand${where}`
    : `The branch ${branch} is pushed to ${remote}${carried}. Open a pull request for it${where}`;
  return { ...result, push, ...(pullRequest ? { pullRequest } : {}), ...(compare ? { compare } : {}), next };
}

/** `content/<slug of the title, at most 40 characters, cut between words>-<YYYYMMDD-HHMM UTC>`. */
export function defaultBranchName(title: string, now: number): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // The branch is content/ already: the message's own "Content:" is not said twice.
    .replace(/^\s*content\s*:\s*/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = words.slice(0, 41);
  const slug =
    (words.length <= 40 ? words : cut.lastIndexOf('-') > 0 ? cut.slice(0, cut.lastIndexOf('-')) : words.slice(0, 40)) || 'change';
  const at = new Date(now).toISOString();
  return `content/${slug}-${at.slice(0, 10).replaceAll('-', '')}-${at.slice(11, 13)}${at.slice(14, 16)}`;
}
