import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { historyOf, textFingerprint, textUnits } from '../../generator/index.ts';
import type { TextUnit } from '../../generator/index.ts';

/**
 * The source text a stale translation was made from (docs/studio.md, "Translations side by
 * side"). A translation's sources file records, per text, only the fingerprint of the source
 * text it translated; the text itself is in git, in some earlier version of the source file.
 * The versions are read newest first, at most `MAX_COMMITS` of them, and the first whose text at
 * that key has the fingerprint is the source as it was. Nothing is guessed: no git, or no such
 * version, is said so.
 *
 * Read once, kept: a commit's version of a file never changes, so each is read and parsed once
 * per studio; a text found for a fingerprint is that text for good (the fingerprint is its
 * hash); the list of a file's commits is read again only when HEAD moved.
 */
const run = promisify(execFile);

/** How far back a text is looked for: a translation older than a hundred changes of its source is not worth the reading. */
export const MAX_COMMITS = 100;

export type AsItWas = { readonly text: string } | { readonly unknown: 'no-git' | 'not-found' };

export interface SourceHistory {
  /** The text `key` of the source file `sourceId` had when its fingerprint was `fingerprint`. */
  textAsItWas(sourceId: string, kind: 'messages' | 'page', key: string, fingerprint: string): Promise<AsItWas>;
}

export function createSourceHistory(contentDir: string): SourceHistory {
  let where: Promise<{ repository: string; contentPath: string } | undefined> | undefined;
  const found = new Map<string, string>();
  const logs = new Map<string, { head: string; commits: Promise<string[]> }>();
  const versions = new Map<string, Promise<ReadonlyMap<string, TextUnit> | undefined>>();
  const git = async (cwd: string, args: readonly string[]) => (await run('git', [...args], { cwd, maxBuffer: 1 << 26 })).stdout;
  const locate = () => {
    // A folder put under git while the studio runs is found on the next request.
    where ??= realpath(contentDir)
      .then(historyOf)
      .then((source) => {
        if (!source) where = undefined;
        return source;
      });
    return where;
  };
  const commitsOf = async (repository: string, file: string): Promise<string[]> => {
    const head = (await git(repository, ['rev-parse', 'HEAD']).catch(() => '')).trim();
    let log = logs.get(file);
    if (!log || log.head !== head) {
      const commits = git(repository, ['log', '--format=%H', `-n${MAX_COMMITS}`, '--', file])
        .then((out) => out.split('\n').filter(Boolean))
        .catch(() => []);
      logs.set(file, (log = { head, commits }));
    }
    return log.commits;
  };
  const unitsAt = (repository: string, commit: string, file: string, kind: 'messages' | 'page') => {
    const at = `${commit}:${file}`;
    let units = versions.get(at);
    if (!units) {
      // A version that does not parse has no texts to offer.
      units = git(repository, ['show', at])
        .then((text) => textUnits(kind, parse(text, { merge: false })))
        .catch(() => undefined);
      versions.set(at, units);
    }
    return units;
  };
  return {
    async textAsItWas(sourceId, kind, key, fingerprint) {
      const known = `${sourceId}\u0000${key}\u0000${fingerprint}`;
      const text = found.get(known);
      if (text !== undefined) return { text };
      const source = await locate();
      if (!source) return { unknown: 'no-git' };
      const file = source.contentPath ? `${source.contentPath}/${sourceId}` : sourceId;
      for (const commit of await commitsOf(source.repository, file)) {
        const unit = (await unitsAt(source.repository, commit, file, kind))?.get(key);
        if (unit && textFingerprint(unit.text) === fingerprint) {
          found.set(known, unit.text);
          return { text: unit.text };
        }
      }
      return { unknown: 'not-found' };
    },
  };
}
