import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { diffContent, formatChanges, hasErrors } from '../../generator/index.ts';
import type { VisibleChange } from '../../generator/index.ts';
import { reviewPictures } from '../../preview/review/index.ts';
import type { ChangedFile, ChangesAnswer, ChangesPicturesAnswer } from '../api.ts';
import type { ReviewPages } from './review-pages.ts';
import { Refusal } from './security.ts';
import type { Workspace } from './workspace.ts';

/**
 * The Changes view (docs/studio.md, "Changes"): the content's working tree against a commit (the
 * last one by default: what a proposal would commit), as visitors will see it: the files changed,
 * and the diff's words per region (`build-region diff`'s own); on request, the before and after
 * pictures of the pages touched, at chosen instants (`diff --pictures`' review page).
 */

const run = promisify(execFile);

/** A revision a maintainer may name: a branch, a tag, a commit, HEAD~1; nothing git reads as an option. */
function checkRevision(revision: string): string {
  if (!/^[\w][\w./~^@{}-]{0,199}$/.test(revision) || revision.includes('..'))
    throw new Refusal(400, `'${revision.slice(0, 60)}' is not a revision: a branch, a tag or a commit, like HEAD, main or HEAD~1.`);
  return revision;
}

/** The content files that differ from HEAD on disk: modified, added (untracked, not ignored) and deleted. */
export async function changedFiles(root: string): Promise<ChangedFile[]> {
  let top: string;
  try {
    top = (await run('git', ['rev-parse', '--show-toplevel'], { cwd: root })).stdout.trim();
  } catch {
    throw new Refusal(409, 'The content folder is not in a git repository: the Changes view compares it with a commit.');
  }
  const { stdout } = await run('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', root], { cwd: top });
  const files: ChangedFile[] = [];
  const entries = stdout.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    const file = path
      .relative(root, path.join(top, entry.slice(3)))
      .split(path.sep)
      .join('/');
    // A rename names its old path in the next entry.
    if (code.includes('R')) i++;
    const status =
      code === '??' || code.includes('A') ? 'added' : code.includes('D') ? 'deleted' : code.includes('R') ? 'renamed' : 'modified';
    files.push({ id: file, status });
  }
  return files.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A commit's subject and body from the diff's words: what a proposal says (and its pull request's body). */
export function describeChanges(
  changes: readonly VisibleChange[],
  files: readonly ChangedFile[],
  base: string,
): { title: string; body: string } {
  const regions = [...new Set(changes.map((c) => c.region))];
  // The first change in words, without the pages it shows on, and how many more: where it fits.
  const first = changes[0]?.change.replace(/ \(on [^)]*\)$/, '');
  const more = changes.length > 1 ? ` and ${changes.length - 1} more` : '';
  const named = first && `Content: ${first}${more} (${regions.join(', ')})`;
  const title =
    named && named.length <= 72
      ? named
      : changes.length > 0
        ? `Content: ${changes.length} ${changes.length === 1 ? 'change' : 'changes'} in ${regions.join(', ')}`
        : `Content: ${files.length} ${files.length === 1 ? 'file' : 'files'} changed, no visible change`;
  const list = files.map((f) => `- ${f.status}: content/${f.id}`).join('\n');
  return {
    title,
    body: `${formatChanges(changes, base, 'markdown')}\n### Files\n\n${list}\n`,
  };
}

/** GET /api/changes?base=: the files changed and the diff's words, per region, at the studio's instant. */
export async function changesOf(workspace: Workspace, base: string, now: number): Promise<ChangesAnswer> {
  const revision = checkRevision(base || 'HEAD');
  const files = await changedFiles(workspace.root);
  const unsaved = [...workspace.unsaved.keys()].sort();
  let result: Awaited<ReturnType<typeof diffContent>>;
  try {
    result = await diffContent(workspace.root, revision, now, workspace.cwd);
  } catch (error) {
    throw new Refusal(400, error instanceof Error ? error.message.split('\n', 1)[0]! : String(error));
  }
  await result.old.dispose();
  const broken = hasErrors(result.after.diagnostics)
    ? 'the working tree'
    : hasErrors(result.before.diagnostics)
      ? `the content at ${revision}`
      : undefined;
  const words = describeChanges(result.changes, files, revision);
  return {
    base: revision,
    now,
    files,
    unsaved,
    changes: result.changes.map(({ region, section, change, pages }) => ({ region, section, change, pages })),
    ...(broken && { errors: `${broken} has content errors: fix them to compare (the file list shows where).` }),
    proposal: words,
  };
}

/** POST /api/changes/pictures {base, at}: the review page of the pages touched, at the studio's instant and those given (kept by `reviews`). */
export async function changesPictures(
  workspace: Workspace,
  reviews: ReviewPages,
  body: unknown,
  now: number,
): Promise<ChangesPicturesAnswer> {
  const { base, at } = (body ?? {}) as { base?: unknown; at?: unknown };
  const revision = checkRevision(typeof base === 'string' && base ? base : 'HEAD');
  if (!Array.isArray(at) || at.length > 8 || !at.every((a) => typeof a === 'string'))
    throw new Refusal(400, "Refused: 'at' is a list of at most 8 instants with their offsets (or 'boundaries').");
  const instants = (at as string[]).map((a) => {
    if (a === 'boundaries') return a;
    const time = Date.parse(a);
    if (!/(Z|[+-]\d\d:\d\d)$/.test(a) || !Number.isFinite(time))
      throw new Refusal(400, `'${a.slice(0, 40)}' is not an instant with its offset.`);
    return time;
  });
  const out = await reviews.folder();
  let review: Awaited<ReturnType<typeof reviewPictures>>;
  try {
    review = await reviewPictures({ content: workspace.root, revision, cwd: workspace.cwd, now, at: instants, out, log: () => {} });
  } catch (error) {
    await reviews.drop(out);
    throw error;
  }
  if (!review.file) await reviews.drop(out);
  if (review.errors) throw new Refusal(409, `No pictures: ${review.errors}.`);
  if (review.unavailable) throw new Refusal(503, `No pictures: ${review.unavailable}.`);
  const id = review.file && (await reviews.keep(out, review.file));
  const pages = new Set(review.pictures.map((p) => `${p.region}${p.path}${p.at}`));
  const changed = new Set(review.pictures.filter((p) => p.changed > 0).map((p) => `${p.region}${p.path}${p.at}`));
  return { pages: pages.size, changed: changed.size, ...(id && { url: `/review/${id}` }) };
}

/** GET /review/<id>: a review page of this session, its inline scripts allowed by their hashes alone. */
export async function sendReview(res: ServerResponse, reviews: ReviewPages, id: string): Promise<void> {
  const file = reviews.file(id);
  if (!file) throw new Refusal(404, 'No such review page in this session: make the pictures again.');
  const html = await readFile(file, 'utf8');
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; script-src ${hashes.join(' ') || "'none'"}; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  res.end(html);
}
