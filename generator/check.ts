import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cacheKey, readEntry, writeEntry } from './cache.ts';
import { compileContent } from './compile.ts';
import { contentStamps } from './load/index.ts';
import type { CompileResult, UserBuildOptions } from './options.ts';
import { hasErrors } from './diagnostics/index.ts';
import type { Diagnostic } from './diagnostics/index.ts';
import { resolveBuildOptions } from './options.ts';
import { untranslatedPages } from './translations/index.ts';
import type { UntranslatedPages } from './translations/index.ts';

/** `--check`: the diagnostics of a compile, cached while the content is unchanged, and the line it prints. */

/** What `--check` reports: every diagnostic, and the text of each file one points into (for code frames). */
export interface CheckResult {
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
  /** True when the answer came from the cache (the content was not loaded). */
  cached: boolean;
  /** What was checked: the line `--check` prints on content with nothing to report. */
  summary: CheckSummary;
}

/** How much content a check covered: its regions, their pages (not counting redirects) and the content files read. */
export interface CheckSummary {
  regions: number;
  pages: number;
  files: number;
  /** Per region, the pages shown in another language's text, not yet translated (a note, no problem). */
  untranslated: UntranslatedPages[];
}

/** The counts of a check, from the compiled content. */
function summarizeCheck(compiled: CompileResult): CheckSummary {
  const regions = compiled.model.regions;
  return {
    regions: regions.length,
    pages: regions.reduce((sum, r) => sum + r.data.routes.filter((route) => !route.redirect).length, 0),
    files: compiled.sources.size,
    untranslated: untranslatedPages(compiled.model),
  };
}

/** The line `--check` prints when the content has nothing to report: what was checked, and how long it took. */
export function describeCheck(summary: CheckSummary, elapsed: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `Checked ${plural(summary.regions, 'region')}, ${plural(summary.pages, 'page')} and ${plural(summary.files, 'file')} in ${(elapsed / 1000).toFixed(1)} s: no problems.`;
}

/**
 * The git state the diagnostics depend on (prior prices read the history: W0305, W0306): the
 * commit HEAD names and whether the clone is shallow, read from the repository's files (no
 * process started); '' outside git.
 */
function gitState(dir: string): string {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    let gitDir = path.join(at, '.git');
    try {
      if (statSync(gitDir).isFile())
        gitDir = path.resolve(
          at,
          readFileSync(gitDir, 'utf8')
            .replace(/^gitdir:\s*/, '')
            .trim(),
        );
      const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
      const ref = /^ref:\s*(.+)$/.exec(head)?.[1];
      let commit = head;
      if (ref) {
        try {
          commit = readFileSync(path.join(gitDir, ref), 'utf8').trim();
        } catch {
          commit =
            readFileSync(path.join(gitDir, 'packed-refs'), 'utf8')
              .split('\n')
              .find((line) => line.endsWith(` ${ref}`))
              ?.split(' ')[0] ?? ref;
        }
      }
      let shallow = '';
      try {
        shallow = readFileSync(path.join(gitDir, 'shallow'), 'utf8');
      } catch {
        shallow = '';
      }
      return `${commit}\0${shallow}`;
    } catch {
      if (path.dirname(at) === at) return '';
    }
  }
}

interface StoredCheck {
  fingerprint: string;
  /** The result holds for instants in [from, until): between two stage boundaries of the content. */
  from: number | null;
  until: number | null;
  diagnostics: Diagnostic[];
  summary: CheckSummary;
}

/**
 * `--check`: the diagnostics of `compileContent`, answered from the cache when no file of the
 * content changed since the last check (by the files' sizes and times) and no stage boundary
 * lies between that check's instant and this one (the only way time changes a diagnostic: a
 * stage that is over). So a check of unchanged content costs the same at any catalogue size.
 */
export async function checkContent(options: UserBuildOptions = {}): Promise<CheckResult> {
  const resolved = resolveBuildOptions(options);
  const now = resolved.now;
  const files = resolved.cacheDir ? contentStamps(resolved.contentDir) : undefined;
  const state = files === undefined ? undefined : `${files}\0${gitState(resolved.contentDir)}`;
  const key = cacheKey('check', resolved.contentDir, resolved.cwd);
  if (state) {
    const stored = await readEntry(resolved.cacheDir, 'check', key);
    const check = stored && (JSON.parse(stored.toString('utf8')) as StoredCheck);
    if (
      check &&
      check.summary?.untranslated &&
      check.fingerprint === state &&
      (check.from === null || check.from <= now) &&
      (check.until === null || now < check.until)
    ) {
      const files = [...new Set(check.diagnostics.map((d) => d.file))];
      const sources = new Map(
        files.flatMap((file) => {
          try {
            return [[file, readFileSync(path.resolve(resolved.cwd, file), 'utf8')] as const];
          } catch {
            return [];
          }
        }),
      );
      return { diagnostics: check.diagnostics, sources, cached: true, summary: check.summary };
    }
  }
  const compiled = await compileContent(options);
  const summary = summarizeCheck(compiled);
  if (state) {
    // With errors the model may lack some stages lists: the result then holds for this instant only.
    const instants = hasErrors(compiled.diagnostics)
      ? [now, now + 1]
      : compiled.model.regions.flatMap((r) => Object.values(r.data.stages).flat());
    const from = Math.max(...instants.filter((t) => t <= now), -Infinity);
    const until = Math.min(...instants.filter((t) => t > now), Infinity);
    const check: StoredCheck = {
      fingerprint: state,
      from: Number.isFinite(from) ? from : null,
      until: Number.isFinite(until) ? until : null,
      diagnostics: compiled.diagnostics,
      summary,
    };
    await writeEntry(resolved.cacheDir, 'check', key, JSON.stringify(check));
  }
  return { diagnostics: compiled.diagnostics, sources: compiled.sources, cached: false, summary };
}
