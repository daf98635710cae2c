import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareAddress } from '../../studio/server/propose-host.ts';
import { defaultBranchName, propose } from '../../studio/server/propose.ts';
import { Refusal } from '../../studio/server/security.ts';

// Propose (studio/server/propose.ts): the content folder's change as a branch and one commit,
// made without touching the maintainer's index, HEAD or working tree, pushed (never by force) to
// a bare repository standing for the remote, rebased onto a base that moved or refused when it
// conflicts, and a pull request opened through a local stand-in for GitHub's REST API.

const PRODUCTS = 'content/regions/us/products.yaml';
const products = (mini: number, big = 499) => `products:\n  miniRobot:\n    price: ${mini}\n  bigRobot:\n    price: ${big}\n`;
const AUTHOR = { name: 'Ada Maintainer', email: 'ada@example.com' };

let scratch: string;
/** The environment of every git call, the tests' and propose's: no system or global configuration of this machine. */
const saved = { GIT_CONFIG_NOSYSTEM: process.env.GIT_CONFIG_NOSYSTEM, GIT_CONFIG_GLOBAL: process.env.GIT_CONFIG_GLOBAL };

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'studio-propose-test-'));
  await writeFile(path.join(scratch, 'gitconfig'), '');
  Object.assign(process.env, { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: path.join(scratch, 'gitconfig') });
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await rm(scratch, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): string {
  const done = spawnSync('git', args, { cwd, encoding: 'utf8', env: process.env });
  if (done.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${done.stderr}`);
  return done.stdout.trim();
}

interface Fixture {
  /** The maintainer's repository, with content/ in it. */
  readonly repo: string;
  readonly content: string;
  /** The bare repository that is its remote 'origin' (when it has one). */
  readonly origin: string;
}

/** A repository with three content files and a README, committed, and (unless `remote` is false) pushed once to a bare 'origin'. */
async function fixture(remote = true): Promise<Fixture> {
  const folder = await mkdtemp(path.join(scratch, 'case-'));
  const repo = path.join(folder, 'site');
  const content = path.join(repo, 'content');
  await mkdir(path.join(content, 'regions', 'us'), { recursive: true });
  await writeFile(path.join(repo, PRODUCTS), products(199));
  await writeFile(path.join(content, 'regions', 'us', 'region.yaml'), 'currency: USD\nlocale: en-US\n');
  await writeFile(path.join(content, 'stages.yaml'), 'stages:\n  halloween: []\n');
  await writeFile(path.join(repo, 'README.md'), 'The sites.\n');
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'config', 'user.name', 'Sam Keeper');
  git(repo, 'config', 'user.email', 'sam@example.com');
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'The first content');
  const origin = path.join(folder, 'origin.git');
  if (remote) {
    git(folder, 'init', '-q', '--bare', '-b', 'main', origin);
    git(repo, 'remote', 'add', 'origin', origin);
    git(repo, 'push', '-q', 'origin', 'main');
  }
  return { repo, content, origin };
}

/** Another maintainer's clone of the remote, who commits `file` with `text` and pushes it to `ref`. */
async function pushFromElsewhere(at: Fixture, file: string, text: string, ref = 'main'): Promise<string> {
  const other = await mkdtemp(path.join(scratch, 'other-'));
  git(other, 'clone', '-q', at.origin, '.');
  git(other, 'config', 'user.name', 'Kim Other');
  git(other, 'config', 'user.email', 'kim@example.com');
  await writeFile(path.join(other, file), text);
  git(other, 'commit', '-qam', `Change ${file}`);
  git(other, 'push', '-q', 'origin', `HEAD:refs/heads/${ref}`);
  return git(other, 'rev-parse', 'HEAD');
}

/** What the maintainer's repository looks like: its status, HEAD and current branch. */
const stateOf = (repo: string) => ({
  status: git(repo, 'status', '--porcelain=v1', '--untracked-files=all'),
  head: git(repo, 'rev-parse', 'HEAD'),
  branch: git(repo, 'symbolic-ref', 'HEAD'),
});

describe('the change proposed', () => {
  it('is the content folder only, as one commit over main by its author, and leaves the repository as it was', async () => {
    const at = await fixture();
    await writeFile(path.join(at.repo, PRODUCTS), products(189));
    await writeFile(path.join(at.content, 'regions', 'us', 'pages.yaml'), 'pages: []\n');
    await rm(path.join(at.content, 'stages.yaml'));
    // Not part of the change: a file outside content/ changed, another staged, and a content file staged at another text.
    await writeFile(path.join(at.repo, 'README.md'), 'The sites, changed.\n');
    await writeFile(path.join(at.repo, 'notes.txt'), 'staged, not proposed\n');
    git(at.repo, 'add', 'notes.txt');
    await writeFile(path.join(at.content, 'regions', 'us', 'region.yaml'), 'currency: USD\nlocale: en-GB\n');
    git(at.repo, 'add', 'content/regions/us/region.yaml');
    await writeFile(path.join(at.content, 'regions', 'us', 'region.yaml'), 'currency: USD\nlocale: en-US\n');
    const before = stateOf(at.repo);
    const index = await readFile(path.join(at.repo, '.git', 'index'));

    const result = await propose({
      contentDir: at.content,
      title: 'Lower the US price of miniRobot',
      body: 'us: miniRobot costs $189.00 (was $199.00).',
      branch: 'content/us-price',
      author: AUTHOR,
    });

    expect(result.push).toEqual({ done: true, remote: 'origin' });
    expect(result.files).toEqual(['content/regions/us/pages.yaml', PRODUCTS, 'content/stages.yaml']);
    expect(result.rebased).toBeUndefined();
    expect(result.pullRequest).toBeUndefined();
    // A local remote gives no compare address: the next step is said in words.
    expect(result.compare).toBeUndefined();
    expect(result.next).toBe("The branch content/us-price is pushed to origin. Open a pull request for it into main on origin's host.");
    expect(git(at.origin, 'rev-parse', 'content/us-price')).toBe(result.commit);
    expect(git(at.origin, 'rev-list', '--count', 'main..content/us-price')).toBe('1');
    expect(git(at.origin, 'rev-parse', 'content/us-price^')).toBe(git(at.origin, 'rev-parse', 'main'));
    expect(git(at.origin, 'diff', 'main', 'content/us-price', '--name-only').split('\n')).toEqual(result.files);
    expect(git(at.origin, 'show', `content/us-price:${PRODUCTS}`)).toBe(products(189).trim());
    expect(git(at.origin, 'log', '-1', '--format=%an <%ae>|%cn <%ce>', 'content/us-price')).toBe(
      'Ada Maintainer <ada@example.com>|Ada Maintainer <ada@example.com>',
    );
    expect(git(at.origin, 'log', '-1', '--format=%B', 'content/us-price')).toBe(
      'Lower the US price of miniRobot\n\nus: miniRobot costs $189.00 (was $199.00).',
    );
    // The maintainer's index file is not even written.
    expect(await readFile(path.join(at.repo, '.git', 'index'))).toEqual(index);
    expect(stateOf(at.repo)).toEqual(before);
    expect(git(at.repo, 'diff', '--cached', '--name-only')).toBe('content/regions/us/region.yaml\nnotes.txt');
  });

  it('is refused when the content folder has no change, whatever else changed', async () => {
    const at = await fixture();
    await writeFile(path.join(at.repo, 'README.md'), 'The sites, changed.\n');
    await expect(propose({ contentDir: at.content, title: 'Nothing', body: '' })).rejects.toMatchObject({
      status: 409,
      message: 'Nothing to propose: the content has no change against the last commit.',
    });
    // A file staged away from HEAD but changed back on disk is no change either.
    await writeFile(path.join(at.repo, PRODUCTS), products(1));
    git(at.repo, 'add', PRODUCTS);
    await writeFile(path.join(at.repo, PRODUCTS), products(199));
    await expect(propose({ contentDir: at.content, title: 'Nothing', body: '' })).rejects.toBeInstanceOf(Refusal);
    expect(git(at.repo, 'branch', '--list')).toBe('* main');
  });

  it('is refused outside a git repository, and without an author git knows', async () => {
    const outside = await mkdtemp(path.join(scratch, 'no-git-'));
    await expect(propose({ contentDir: outside, title: 'A change', body: '' })).rejects.toMatchObject({
      status: 409,
      message: 'The content folder is not in a git repository: a proposal is a branch and a commit of it.',
    });
    const at = await fixture();
    await writeFile(path.join(at.repo, PRODUCTS), products(189));
    git(at.repo, 'config', '--unset', 'user.name');
    await expect(propose({ contentDir: at.content, title: 'A change', body: '' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('git config user.name'),
    });
    // The author given needs no configuration; the committer is then the author.
    const result = await propose({ contentDir: at.content, title: 'A change', body: '', author: AUTHOR, branch: 'content/a' });
    expect(git(at.repo, 'log', '-1', '--format=%cn <%ce>', result.commit)).toBe('Ada Maintainer <ada@example.com>');
  });

  it("takes git's configured user as the author, and names its default branch from the title and the instant (UTC)", async () => {
    const at = await fixture();
    await writeFile(path.join(at.repo, PRODUCTS), products(189));
    const now = Date.parse('2026-11-29T08:05:59+08:00');
    const result = await propose({ contentDir: at.content, title: 'Lower the US price of miniRobot — déjà vu!', body: '', now });
    expect(result.branch).toBe('content/lower-the-us-price-of-minirobot-deja-vu-20261129-0005');
    expect(git(at.origin, 'log', '-1', '--format=%an <%ae>', result.branch)).toBe('Sam Keeper <sam@example.com>');
    expect(defaultBranchName('A very long title that goes on and on past forty characters', 0)).toBe(
      'content/a-very-long-title-that-goes-on-and-on-19700101-0000',
    );
    expect(defaultBranchName('¿¡!?', 0)).toBe('content/change-19700101-0000');
    // The message's own "Content:" is not said twice.
    expect(defaultBranchName('Content: price of Mini Robot: $199.00 -> $189.00', 0)).toBe(
      'content/price-of-mini-robot-199-00-189-00-19700101-0000',
    );
    expect(defaultBranchName('x'.repeat(50), 0)).toBe(`content/${'x'.repeat(40)}-19700101-0000`);
  });
});

describe('the push', () => {
  it('is not made without the remote: the branch and its commit stay local, and the command to push later is said', async () => {
    const at = await fixture(false);
    await writeFile(path.join(at.repo, PRODUCTS), products(189));
    const github = await fakeGithub(201, { html_url: 'https://github.example/example/robots/pull/7', number: 7 });
    try {
      const result = await propose({
        contentDir: at.content,
        title: 'A change',
        body: '',
        branch: 'content/local',
        github: github.settings,
      });
      expect(result.push).toEqual({ done: false, reason: 'This repository has no remote named origin.' });
      expect(result.next).toContain('git push origin content/local');
      expect(result.pullRequest).toBeUndefined();
      expect(github.requests).toEqual([]);
      expect(git(at.repo, 'rev-parse', 'refs/heads/content/local')).toBe(result.commit);
      expect(git(at.repo, 'symbolic-ref', 'HEAD')).toBe('refs/heads/main');
    } finally {
      await github.close();
    }
  });

  it('never overwrites: a branch the remote has is left as it is, a local one is refused, a rejected push says why', async () => {
    const at = await fixture();
    const theirs = await pushFromElsewhere(at, 'README.md', 'Theirs.\n', 'content/us-price');
    await writeFile(path.join(at.repo, PRODUCTS), products(189));
    const result = await propose({ contentDir: at.content, title: 'A change', body: '', branch: 'content/us-price' });
    expect(result.push.done).toBe(false);
    expect(git(at.origin, 'rev-parse', 'content/us-price')).toBe(theirs);
    expect(git(at.repo, 'rev-parse', 'refs/heads/content/us-price')).toBe(result.commit);
    await expect(propose({ contentDir: at.content, title: 'A change', body: '', branch: 'content/us-price' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('A branch named content/us-price exists already'),
    });
    // The remote refuses the push: git's reason, and the local branch stays.
    await writeFile(path.join(at.origin, 'hooks', 'pre-receive'), '#!/bin/sh\necho "error: pushes are closed today" >&2\nexit 1\n');
    await chmod(path.join(at.origin, 'hooks', 'pre-receive'), 0o755);
    const refused = await propose({ contentDir: at.content, title: 'A change', body: '', branch: 'content/closed' });
    expect(refused.push).toEqual({ done: false, reason: 'remote: error: pushes are closed today' });
    expect(refused.next).toContain('git push origin content/closed');
    expect(git(at.repo, 'rev-parse', 'refs/heads/content/closed')).toBe(refused.commit);
    expect(git(at.origin, 'branch', '--list', 'content/closed')).toBe('');
  });

  it('gives the compare address of a remote on a web host', async () => {
    const at = await fixture();
    // The remote reads as a GitHub address; pushes go to the bare repository, and the fetch finds no host (a proxy that is not there).
    git(at.repo, 'remote', 'set-url', 'origin', 'https://github.example/example/robots.git');
    git(at.repo, 'config', `url.${at.origin}.pushInsteadOf`, 'https://github.example/example/robots.git');
    git(at.repo, 'config', 'http.proxy', 'http://127.0.0.1:9');
    await writeFile(path.join(at.repo, PRODUCTS), products(189));
    const result = await propose({ contentDir: at.content, title: 'A change', body: '', branch: 'content/us-price' });
    expect(result.push).toEqual({ done: true, remote: 'origin' });
    expect(result.compare).toBe('https://github.example/example/robots/compare/main...content/us-price');
    expect(result.next).toBe(
      'The branch content/us-price is pushed to origin. Open a pull request for it: https://github.example/example/robots/compare/main...content/us-price',
    );
    for (const url of [
      'https://github.com/example/robots',
      'git@github.com:example/robots.git',
      'ssh://git@github.com:22/example/robots.git',
    ])
      expect(compareAddress(url, 'main', 'content/a#b'), url).toBe('https://github.com/example/robots/compare/main...content/a%23b');
    expect(compareAddress('https://x-access-token:secret@github.com/example/robots.git', 'main', 'b')).toBe(
      'https://github.com/example/robots/compare/main...b',
    );
    for (const url of ['/srv/git/robots.git', 'file:///srv/git/robots.git', 'https://gitlab.example/group/sub/robots.git'])
      expect(compareAddress(url, 'main', 'b'), url).toBeUndefined();
  });
});

describe('a base that moved', () => {
  it('is rebased onto when the change merges cleanly, and the result says so', async () => {
    const at = await fixture();
    const theirs = await pushFromElsewhere(at, 'content/stages.yaml', 'stages:\n  halloween: [2026-10-01T00:00:00Z]\n');
    await writeFile(path.join(at.repo, PRODUCTS), products(189));
    const before = stateOf(at.repo);
    const result = await propose({ contentDir: at.content, title: 'A change', body: '', branch: 'content/us-price' });
    expect(result.rebased).toEqual({ onto: 'origin/main', commits: 1 });
    expect(result.files).toEqual([PRODUCTS]);
    expect(git(at.origin, 'rev-parse', 'content/us-price^')).toBe(theirs);
    expect(git(at.origin, 'show', 'content/us-price:content/stages.yaml')).toContain('2026-10-01');
    expect(git(at.origin, 'show', `content/us-price:${PRODUCTS}`)).toBe(products(189).trim());
    expect(git(at.origin, 'diff', 'main', 'content/us-price', '--name-only')).toBe(PRODUCTS);
    expect(stateOf(at.repo)).toEqual(before);
  });

  it("carries none of HEAD's own commits when rebased; a HEAD only ahead of the base is built on, and said so", async () => {
    const at = await fixture();
    await writeFile(path.join(at.repo, 'README.md'), 'A local commit, not pushed.\n');
    git(at.repo, 'commit', '-qam', 'Local');
    await writeFile(path.join(at.repo, PRODUCTS), products(189));
    const ahead = await propose({ contentDir: at.content, title: 'A change', body: '', branch: 'content/ahead' });
    expect(ahead.rebased).toBeUndefined();
    expect(git(at.origin, 'rev-parse', 'content/ahead^')).toBe(git(at.repo, 'rev-parse', 'HEAD'));
    expect(ahead.next).toBe(
      "The branch content/ahead is pushed to origin (with 1 commit of yours that origin/main lacks). Open a pull request for it into main on origin's host.",
    );
    // Now the remote's base moves too: the change alone goes onto it.
    const theirs = await pushFromElsewhere(at, 'content/stages.yaml', 'stages:\n  halloween: [2026-10-01T00:00:00Z]\n');
    const rebased = await propose({ contentDir: at.content, title: 'A change', body: '', branch: 'content/rebased' });
    expect(rebased.rebased).toEqual({ onto: 'origin/main', commits: 1 });
    expect(git(at.origin, 'rev-parse', 'content/rebased^')).toBe(theirs);
    expect(git(at.origin, 'diff', 'main', 'content/rebased', '--name-only')).toBe(PRODUCTS);
    expect(rebased.next).not.toContain('of yours');
  });

  it('is refused, naming the files, when the change conflicts with it: no branch is made, here or there', async () => {
    const at = await fixture();
    await pushFromElsewhere(at, PRODUCTS, products(179));
    await writeFile(path.join(at.repo, PRODUCTS), products(189));
    const before = stateOf(at.repo);
    await expect(propose({ contentDir: at.content, title: 'A change', body: '', branch: 'content/us-price' })).rejects.toMatchObject({
      status: 409,
      message:
        'The base moved: origin/main has 1 new commit that changes the same lines as this change (content/regions/us/products.yaml). ' +
        'Nothing was committed or pushed: update your working tree (git pull), check the result, and propose again.',
    });
    expect(git(at.repo, 'branch', '--list')).toBe('* main');
    expect(git(at.origin, 'branch', '--list')).toBe('* main');
    expect(stateOf(at.repo)).toEqual(before);
  });
});

describe('the pull request', () => {
  it("is opened through GitHub's REST API with the token, the branch, the base and the words", async () => {
    const at = await fixture();
    await writeFile(path.join(at.repo, PRODUCTS), products(189));
    const github = await fakeGithub(201, { html_url: 'https://github.example/example/robots/pull/7', number: 7 });
    try {
      const input = { contentDir: at.content, title: 'Lower the US price', body: 'us: $189.00 (was $199.00)', branch: 'content/us-price' };
      const result = await propose({ ...input, github: github.settings });
      expect(result.pullRequest).toEqual({ url: 'https://github.example/example/robots/pull/7', number: 7 });
      expect(result.next).toBe('Pull request #7 is open for content/us-price: https://github.example/example/robots/pull/7');
      expect(github.requests).toHaveLength(1);
      const [request] = github.requests;
      expect(request).toMatchObject({ method: 'POST', url: '/repos/example/robots/pulls' });
      expect(request?.headers.authorization).toContain('t0ken');
      expect(JSON.parse(request?.body ?? '')).toEqual({ title: input.title, head: 'content/us-price', base: 'main', body: input.body });
    } finally {
      await github.close();
    }
  });

  it("says GitHub's refusal, and the branch stays pushed", async () => {
    const at = await fixture();
    await writeFile(path.join(at.repo, PRODUCTS), products(189));
    const github = await fakeGithub(422, { message: 'Validation Failed' });
    try {
      const result = await propose({
        contentDir: at.content,
        title: 'A change',
        body: '',
        branch: 'content/us-price',
        github: github.settings,
      });
      expect(result.push).toEqual({ done: true, remote: 'origin' });
      expect(result.pullRequest).toEqual({ failed: expect.stringContaining('422') });
      expect(result.pullRequest).toEqual({ failed: expect.stringContaining('Validation Failed') });
      expect(result.next).toContain('Open it by hand');
      expect(git(at.origin, 'rev-parse', 'content/us-price')).toBe(result.commit);
    } finally {
      await github.close();
    }
  });
});

interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A stand-in for GitHub's REST API on the loopback address: it records each request and gives one answer. */
async function fakeGithub(status: number, answer: unknown) {
  const requests: Recorded[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    settings: { token: 't0ken', repository: 'example/robots', apiUrl: `http://127.0.0.1:${port}` },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
