import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { keepAtMost } from '../../core/limit.ts';

// The git processes the history reads (index.ts): a command's output, the blobs of many
// revisions in one process, and the log of files from a commit, asked once a process.
const run = promisify(execFile);

export async function git(cwd: string, args: readonly string[]): Promise<string> {
  return (await run('git', [...args], { cwd, maxBuffer: 1 << 28 })).stdout;
}

/** `git cat-file --batch`: the text of each `<revision>:<path>`, undefined where it does not exist. */
export function readBlobs(cwd: string, specs: readonly string[]): Promise<(string | undefined)[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', () => {
      const out = Buffer.concat(chunks);
      const texts: (string | undefined)[] = [];
      let at = 0;
      for (let i = 0; i < specs.length; i++) {
        const lineEnd = out.indexOf(10, at);
        const header = out.subarray(at, lineEnd).toString('utf8');
        at = lineEnd + 1;
        const size = / blob (\d+)$/.exec(header)?.[1];
        if (size === undefined) {
          texts.push(undefined);
          continue;
        }
        texts.push(out.subarray(at, at + Number(size)).toString('utf8'));
        at += Number(size) + 1;
      }
      resolve(texts);
    });
    child.stdin.end(specs.map((spec) => `${spec}\n`).join(''));
  });
}

/**
 * The first-parent log of files from a commit, by repository, commit and paths: what a commit
 * holds never changes, so a process asks git once (the studio compiles at every keystroke).
 * A revision given by name (HEAD, a branch) is asked every time.
 */
export async function logOf(top: string, revision: string, paths: readonly string[]): Promise<string> {
  const args = ['log', '--first-parent', '--format=%H %ct', revision, '--', ...paths];
  if (!/^[0-9a-f]{40,64}$/.test(revision)) return git(top, args).catch(() => '');
  const key = JSON.stringify([top, revision, paths]);
  const known = logs.get(key);
  if (known !== undefined) return known;
  // A failure is not kept: the next compile asks again.
  const log = await git(top, args).catch(() => undefined);
  return log === undefined ? '' : keepAtMost(logs, KEPT_LOGS, key, log);
}

/** The logs asked for, by repository, commit and paths (a bound: a long session moves through many commits). */
const logs = new Map<string, string>();
const KEPT_LOGS = 256;
