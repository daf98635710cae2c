import { Octokit } from '@octokit/core';

/**
 * Where a pushed proposal is reviewed (propose.ts): a pull request opened through GitHub's REST
 * API when a token and a repository are set (@octokit/core), else the compare address of the
 * branch on its host, read from the remote's URL.
 */

/** How long GitHub may take to answer before the pull request is said to have failed. */
const API_TIMEOUT_MS = 30_000;

export interface GithubSettings {
  readonly token: string;
  /** owner/name */
  readonly repository: string;
  /** The REST API's address (default https://api.github.com; a GitHub Enterprise server has its own). */
  readonly apiUrl?: string;
}

export type PullRequest = { readonly url: string; readonly number: number } | { readonly failed: string };

/** A name of an owner or a repository as GitHub spells them. */
const NAME = /^[\w.-]+$/;

/** The settings' problem in words, or undefined when they can be used. */
export function githubProblem(github: GithubSettings): string | undefined {
  const [owner = '', repo = '', ...more] = github.repository.split('/');
  if (!NAME.test(owner) || !NAME.test(repo) || more.length > 0) return `the GitHub repository '${github.repository}' is not owner/name`;
  if (!github.token.trim()) return 'the GitHub token is empty';
  const url = URL.canParse(github.apiUrl ?? '') ? new URL(github.apiUrl ?? '') : undefined;
  if (github.apiUrl !== undefined && (!url || !/^https?:$/.test(url.protocol)))
    return `the GitHub API address '${github.apiUrl}' is not an http(s) address`;
  return undefined;
}

/** Opens the pull request of `head` into `base`; an answer that is not a pull request is said as `failed`, never thrown. */
export async function openPullRequest(
  github: GithubSettings,
  request: { readonly title: string; readonly body: string; readonly head: string; readonly base: string },
): Promise<PullRequest> {
  const [owner = '', repo = ''] = github.repository.split('/');
  const baseUrl = (github.apiUrl ?? 'https://api.github.com').replace(/\/+$/, '');
  const octokit = new Octokit({ auth: github.token, baseUrl, userAgent: 'robot-region-sites-studio' });
  try {
    const { data } = await octokit.request('POST /repos/{owner}/{repo}/pulls', {
      owner,
      repo,
      ...request,
      headers: { 'x-github-api-version': '2022-11-28' },
      request: { signal: AbortSignal.timeout(API_TIMEOUT_MS) },
    });
    return { url: data.html_url, number: data.number };
  } catch (error) {
    return { failed: failureOf(error, baseUrl) };
  }
}

/** "<status> <GitHub's message>" (with the details a 422 lists), or why no answer came. */
function failureOf(error: unknown, baseUrl: string): string {
  const failed = error as { status?: unknown; message?: unknown; response?: { data?: unknown } };
  if (typeof failed.status !== 'number' || !failed.response) return `No answer from ${baseUrl}: ${String(failed.message ?? error)}`;
  const data = (failed.response.data ?? {}) as { message?: unknown; errors?: unknown };
  const message = typeof data.message === 'string' ? data.message : String(failed.message ?? '');
  const details = (Array.isArray(data.errors) ? data.errors : [])
    .map((detail: { message?: unknown } | string) => (typeof detail === 'string' ? detail : detail?.message))
    .filter((text): text is string => typeof text === 'string' && text !== '');
  return `${failed.status} ${message}${details.length > 0 ? ` (${details.join('; ')})` : ''}`;
}

/**
 * The compare address of `branch` against `base` on the remote's host, for a remote at
 * `https://host/owner/repo(.git)`, `ssh://[user@]host/owner/repo(.git)` or `[user@]host:owner/repo(.git)`;
 * undefined for any other (a local path, file://). A name and a password in the URL are never copied.
 */
export function compareAddress(remoteUrl: string, base: string, branch: string): string | undefined {
  const place = placeOf(remoteUrl);
  if (!place) return undefined;
  const ref = (name: string) => name.split('/').map(encodeURIComponent).join('/');
  return `https://${place.host}/${place.owner}/${place.repo}/compare/${ref(base)}...${ref(branch)}`;
}

function placeOf(remoteUrl: string): { host: string; owner: string; repo: string } | undefined {
  const scp = /^(?:[\w.-]+@)?([\w-]+(?:\.[\w-]+)*):\/?([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(remoteUrl);
  if (scp && !remoteUrl.includes('://')) return named(scp[1], scp[2], scp[3]);
  if (!URL.canParse(remoteUrl)) return undefined;
  const url = new URL(remoteUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'ssh:') return undefined;
  const parts = url.pathname
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.git$/, '')
    .split('/');
  // An ssh port is not the web's: the host alone.
  return parts.length === 2 ? named(url.protocol === 'ssh:' ? url.hostname : url.host, parts[0], parts[1]) : undefined;
}

function named(host = '', owner = '', repo = ''): { host: string; owner: string; repo: string } | undefined {
  return host && NAME.test(owner) && NAME.test(repo) && repo !== '.' && repo !== '..' ? { host, owner, repo } : undefined;
}
