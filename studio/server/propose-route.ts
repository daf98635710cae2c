import type { ProposeAnswer } from '../api.ts';
import { changesOf } from './changes.ts';
import { propose } from './propose.ts';
import type { GithubSettings } from './propose-host.ts';
import { Refusal } from './security.ts';
import type { Workspace } from './workspace.ts';

export type { GithubSettings };

/** The GitHub settings of the environment, as GitHub Actions names them: GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL. */
export function githubFromEnv(env: NodeJS.ProcessEnv): GithubSettings | undefined {
  const { GITHUB_TOKEN: token, GITHUB_REPOSITORY: repository, GITHUB_API_URL: apiUrl } = env;
  if (!token || !repository || !/^[\w.-]+\/[\w.-]+$/.test(repository)) return undefined;
  return { token, repository, ...(apiUrl && { apiUrl }) };
}

/**
 * POST /api/propose {title, branch?} (docs/studio.md, "Propose"): the content's change against the
 * last commit, with its words (changes.ts) as the commit's body and the pull request's text, made
 * a branch, pushed, and a pull request where GitHub is configured (propose.ts). A change the sites
 * would not build with is refused, and so is nothing to propose.
 */
export async function handlePropose(body: unknown, workspace: Workspace, now: number, github?: GithubSettings): Promise<ProposeAnswer> {
  const { title, branch } = (body ?? {}) as { title?: unknown; branch?: unknown };
  if (typeof title !== 'string' || !title.trim() || title.length > 200 || /[\r\n]/.test(title))
    throw new Refusal(400, 'Refused: the commit message is one line of at most 200 characters.');
  if (branch !== undefined && typeof branch !== 'string') throw new Refusal(400, "Refused: 'branch' is a branch name.");
  const changes = await changesOf(workspace, 'HEAD', now);
  if (changes.files.length === 0) throw new Refusal(409, 'Nothing to propose: the content has no change against the last commit.');
  if (changes.errors) throw new Refusal(409, `Not proposed: ${changes.errors}`);
  return propose({
    contentDir: workspace.root,
    title: title.trim(),
    body: changes.proposal.body,
    ...(branch && { branch }),
    ...(github && { github }),
    now,
  });
}
