import path from 'node:path';
import type { ContentVersion, RegionPriceHistory } from '../resolve/products/prior-prices.ts';
import { pricedProducts, stagesLists } from './parse.ts';
import { cacheKey, readEntry, sha256, writeEntry } from '../cache.ts';
import { git, logOf, readBlobs } from './git.ts';

/**
 * The price history of regions whose market announces prior prices (docs/market.md): every
 * earlier version of their products, their own stages lists and the shared stages lists, read
 * from git. A version takes effect at its commit's time on the first-parent line of HEAD (the
 * time a merge put it on main). The content being built is not here: the resolver adds it as
 * the last version.
 *
 * - Content outside a git repository, or not committed yet, has no earlier version: its own
 *   timeline is its whole history.
 * - In a complete repository, the oldest version of the files stands for the time before it
 *   too (the content as first written describes its own past).
 * - In a shallow clone, what came before its oldest commit is unknown (`knownFrom`): the
 *   resolver says so where that matters, and CI fetches the whole history.
 */
export interface HistoryRequest {
  readonly code: string;
  /** The files of the region, relative to the content folder, and the text they have now. */
  readonly products: { readonly id: string; readonly text: string };
  readonly region: { readonly id: string; readonly text: string };
}

/**
 * Where the history of a content folder is: the repository, the folder's path in it, and the
 * revision whose history counts (HEAD for the working tree; `build-region diff` compiles the
 * content of an earlier revision, extracted elsewhere, with that revision's history).
 */
export interface HistorySource {
  readonly repository: string;
  readonly contentPath: string;
  readonly revision: string;
  /** The commit the revision named when asked (its history is that commit's for good). */
  readonly commit?: string;
  /** Whether the repository is a shallow clone, when known already (asked of git otherwise). */
  readonly shallow?: boolean;
}

/**
 * The repository a content folder is in, with HEAD and the commit it is now (one git process:
 * every compile of the studio and the live preview asks); undefined outside git. A repository
 * with no commit yet has no history.
 */
export async function historyOf(contentDir: string): Promise<HistorySource | undefined> {
  const source = (repository: string, known?: { commit: string; shallow: boolean }): HistorySource => ({
    repository,
    contentPath: path.relative(repository, contentDir).split(path.sep).join('/'),
    revision: 'HEAD',
    ...known,
  });
  try {
    const [repository = '', shallow, commit = ''] = (
      await git(contentDir, ['rev-parse', '--show-toplevel', '--is-shallow-repository', 'HEAD'])
    )
      .trim()
      .split('\n');
    return source(repository, { commit, shallow: shallow === 'true' });
  } catch {
    try {
      return source((await git(contentDir, ['rev-parse', '--show-toplevel'])).trim());
    } catch {
      return undefined;
    }
  }
}

/**
 * The price history of the regions asked for. `stages` is the shared stages file (id and text
 * now). Never throws: content outside git, or git missing, has no earlier version.
 *
 * A region's versions, as read from its commits, are kept in the build cache (`cacheDir`) under
 * the commits' hashes: a commit never changes, so a check after an edit reads and parses no
 * earlier version again, however long the history (it was 200 ms of every uncached check here).
 */
export async function loadPriceHistories(
  source: HistorySource | undefined,
  regions: readonly HistoryRequest[],
  stages: { readonly id: string; readonly text: string } | undefined,
  cacheDir?: string,
): Promise<Map<string, RegionPriceHistory>> {
  const histories = new Map<string, RegionPriceHistory>();
  if (regions.length === 0) return histories;
  if (!source) {
    for (const region of regions) histories.set(region.code, { versions: [] });
    return histories;
  }
  const top = source.repository;
  const inRepo = (id: string) => path.posix.join(source.contentPath, id);
  const shallow = source.shallow ?? (await git(top, ['rev-parse', '--is-shallow-repository']).catch(() => 'false')).trim() === 'true';
  let knownFrom: number | undefined;
  if (shallow) {
    // The oldest commit of a shallow clone stands for a history that was not fetched.
    const roots = (await git(top, ['rev-list', '--first-parent', '--max-parents=0', source.revision]).catch(() => ''))
      .split('\n')
      .filter(Boolean);
    const times = await Promise.all(
      roots.map(async (root) => Number((await git(top, ['show', '-s', '--format=%ct', root])).trim()) * 1000),
    );
    if (times.length) knownFrom = Math.min(...times);
  }
  for (const region of regions) {
    const files = [region.products, region.region, ...(stages ? [stages] : [])];
    const log = await logOf(
      top,
      source.commit ?? source.revision,
      files.map((f) => inRepo(f.id)),
    );
    const commits = log
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [hash = '', seconds = '0'] = line.split(' ');
        return { hash, from: Number(seconds) * 1000 };
      })
      .reverse();
    if (commits.length === 0) {
      histories.set(region.code, { versions: [], ...(knownFrom !== undefined && { knownFrom }) });
      continue;
    }
    const key = cacheKey(
      'price-history',
      top,
      JSON.stringify(files.map((f) => inRepo(f.id))),
      JSON.stringify(commits.map((c) => c.hash)),
      String(knownFrom),
    );
    const { versions, newest } =
      (await readVersions(cacheDir, key)) ??
      (await readCommits(
        top,
        commits,
        files.map((f) => inRepo(f.id)),
        knownFrom,
        cacheDir,
        key,
      ));
    const changed = files.some((file, index) => newest[index] !== sha256(file.text));
    histories.set(region.code, { versions, ...(knownFrom !== undefined && { knownFrom }), head: { from: commits.at(-1)!.from, changed } });
  }
  return histories;
}

/** A region's versions as its commits hold them, and the hashes of the newest commit's files (products, region, stages). */
interface ReadVersions {
  readonly versions: readonly ContentVersion[];
  readonly newest: readonly (string | undefined)[];
}

/** Reads and parses the files of each commit, and keeps what it found in the cache. */
async function readCommits(
  top: string,
  commits: readonly { hash: string; from: number }[],
  paths: readonly string[],
  knownFrom: number | undefined,
  cacheDir: string | undefined,
  key: string,
): Promise<ReadVersions> {
  const texts = await readBlobs(
    top,
    commits.flatMap((commit) => paths.map((file) => `${commit.hash}:${file}`)),
  );
  const versions: ContentVersion[] = commits.map((commit, index) => {
    const [products, own, shared] = texts.slice(index * paths.length, (index + 1) * paths.length);
    // The oldest version of a complete history also stands for the time before it.
    const from = index === 0 && knownFrom === undefined ? -Infinity : commit.from;
    return { from, products: pricedProducts(products), stages: stagesLists(shared, own) };
  });
  const found = { versions, newest: texts.slice(-paths.length).map((text) => (text === undefined ? undefined : sha256(text))) };
  // JSON has no -Infinity: the oldest version's null stands for it.
  await writeEntry(
    cacheDir,
    'history',
    key,
    JSON.stringify(found, (_key, value: unknown) => (value === -Infinity ? null : value)),
  );
  return found;
}

/** The versions the cache holds for these commits, if it does. */
async function readVersions(cacheDir: string | undefined, key: string): Promise<ReadVersions | undefined> {
  const stored = await readEntry(cacheDir, 'history', key);
  if (!stored) return undefined;
  try {
    const found = JSON.parse(stored.toString('utf8')) as {
      versions: (Omit<ContentVersion, 'from'> & { from: number | null })[];
      newest: (string | null)[];
    };
    return {
      versions: found.versions.map((version) => ({ ...version, from: version.from ?? -Infinity })),
      newest: found.newest.map((hash) => hash ?? undefined),
    };
  } catch {
    return undefined;
  }
}

/**
 * When each content file last changed (docs/market.md, "Sitemap"): the time of the newest
 * commit that touched it on the first-parent line of HEAD, by its path relative to the content
 * folder; a file changed since (not committed) changed at `now`. Undefined outside git.
 */
export async function lastChanges(source: HistorySource | undefined, now: number): Promise<Map<string, number> | undefined> {
  if (!source) return undefined;
  const prefix = source.contentPath ? `${source.contentPath}/` : '';
  const log = await git(source.repository, [
    'log',
    '--first-parent',
    '--format=%x01%ct',
    '--name-only',
    '--no-renames',
    source.revision,
    '--',
    source.contentPath || '.',
  ]).catch(() => undefined);
  if (log === undefined) return undefined;
  const changed = new Map<string, number>();
  for (const commit of log.split('\x01').filter(Boolean)) {
    const [seconds = '0', ...files] = commit.split('\n').filter(Boolean);
    for (const file of files)
      if (file.startsWith(prefix) && !changed.has(file.slice(prefix.length)))
        changed.set(file.slice(prefix.length), Number(seconds) * 1000);
  }
  // What the working tree changed since (or added), as of the build.
  const status = await git(source.repository, [
    'status',
    '--porcelain',
    '--no-renames',
    '--untracked-files=all',
    '--',
    source.contentPath || '.',
  ]).catch(() => '');
  if (source.revision === 'HEAD') {
    for (const line of status.split('\n').filter(Boolean)) {
      const file = line.slice(3);
      if (file.startsWith(prefix)) changed.set(file.slice(prefix.length), now);
    }
  }
  return changed;
}
