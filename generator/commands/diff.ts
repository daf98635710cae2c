import path from 'node:path';
import type { Command } from 'commander';
import { defaultCacheDir } from '../cache.ts';
import { hasErrors } from '../diagnostics/index.ts';
import type { PictureThread } from '../ports.ts';
import type { CliIO, Run } from './shared.ts';
import { contentOption, finish, formatOption, parseInstantFlag, parseNow, printDiagnostics, usage, UsageError } from './shared.ts';

interface DiffOptions {
  content: string;
  now?: string;
  format: 'text' | 'markdown' | 'json';
  pictures?: boolean;
  out: string;
  at: string[];
  marks?: string;
}

/** `build-region diff <revision>`: what visitors see change since that revision. */
export function register(parent: Command, io: CliIO, run: Run): void {
  const command = parent
    .command('diff')
    .description(
      'Say what visitors will see change between the content at a git revision and the working tree, per region: pages, prices and offers, banners, navigation, windows and stages, texts, page heads, the schedule.',
    )
    .argument('<revision>', 'a git revision: main, HEAD~1, a commit')
    .addOption(contentOption())
    .option('--now <instant>', 'compare as of this instant instead of now (ISO 8601 with offset)')
    .addOption(formatOption(['text', 'markdown', 'json']))
    .option('--pictures', 'also build both sides, picture the changed pages in Chromium and write a review page (docs/review.md)')
    .option('--out <dir>', 'folder of the review page (with --pictures)', 'review')
    .option(
      '--at <instant>',
      "with --pictures: also picture the pages at this instant (repeatable), or 'boundaries' (every schedule boundary of the next 14 days)",
      (value: string, list: string[]) => [...list, value],
      [] as string[],
    )
    .option(
      '--marks <file>',
      "with --pictures: the reviewers' marks downloaded from a review page (default: review-marks.json, if there is one)",
    )
    .action((revision: string, options: DiffOptions) => run(() => execute(revision, options, io)));
  finish(command, io, [
    'Examples:',
    '  $ build-region diff main                       what this branch changes for visitors',
    '  $ build-region diff main --pictures --at boundaries   and pictures of it, in review/index.html',
    '  $ build-region diff origin/main --format markdown >> "$GITHUB_STEP_SUMMARY"',
    '',
    'A change to a comment or to the formatting of a file says "No visible change."',
  ]);
}

async function execute(revision: string, options: DiffOptions, io: CliIO): Promise<number> {
  let now: number;
  let at: (number | 'boundaries')[];
  try {
    now = parseNow(options.now) ?? Date.now();
    if (options.at.length > 0 && !options.pictures) throw new UsageError('--at pictures the pages at an instant: give it with --pictures');
    if (options.marks && !options.pictures) throw new UsageError('--marks is read by the review page: give it with --pictures');
    at = options.at.map((value) => (value === 'boundaries' ? value : parseInstantFlag('--at', value)));
  } catch (error) {
    return usage(error, io, 'diff ');
  }
  // Chromium starts first, in a thread of its own, while the words are compiled (docs/review.md, "Cost").
  const pictures = options.pictures && io.reviewPictures ? io.startPictures?.().catch(() => undefined) : undefined;
  try {
    const { diffContent } = await import('../diff/index.ts');
    let result: Awaited<ReturnType<typeof diffContent>>;
    try {
      // At the clock's instant no later diff asks for the same: the revision's side is kept only at an instant given.
      const cacheDir = options.now === undefined ? undefined : defaultCacheDir();
      result = await diffContent(path.resolve(io.cwd, options.content), revision, now, io.cwd, cacheDir);
    } catch (error) {
      return usage(new UsageError(error instanceof Error ? error.message.split('\n', 1)[0]! : String(error)), io, 'diff ');
    }
    try {
      return await report(revision, options, io, now, at, result, await pictures);
    } finally {
      await result.old.dispose(); // the revision's extracted content, if its pages were built for the pictures
    }
  } finally {
    await (await pictures)?.close();
  }
}

/** The words of a diff (and, with --pictures, its review page). */
async function report(
  revision: string,
  options: DiffOptions,
  io: CliIO,
  now: number,
  at: (number | 'boundaries')[],
  result: Awaited<ReturnType<typeof import('../diff/index.ts').diffContent>>,
  pictures: PictureThread | undefined,
): Promise<number> {
  const { formatChanges } = await import('../diff/format.ts');
  for (const [which, compiled] of [
    [`the content at ${revision}`, result.before],
    ['the working tree', result.after],
  ] as const) {
    if (!hasErrors(compiled.diagnostics)) continue;
    io.stderr(`build-region: ${which} has content errors; fix them to compare (build-region --check)\n`);
    if (compiled === result.after) printDiagnostics(result.after.diagnostics, result.after.sources, options.format, io);
    return 1;
  }
  if (options.format === 'json')
    io.stdout(`${JSON.stringify({ ok: true, revision, now: new Date(now).toISOString(), changes: result.changes }, null, 2)}\n`);
  else io.stdout(formatChanges(result.changes, revision, options.format));
  if (!options.pictures) return 0;
  if (!io.reviewPictures) {
    io.stderr('build-region: pictures are not available from this entry point; run bin/build-region.js diff --pictures\n');
    return 2;
  }
  const review = await io.reviewPictures({
    content: path.resolve(io.cwd, options.content),
    revision,
    cwd: io.cwd,
    now,
    at,
    out: path.resolve(io.cwd, options.out),
    log: io.stderr,
    ...(options.marks && { marks: path.resolve(io.cwd, options.marks) }),
    compiled: result,
    old: result.old,
    ...(pictures && { pictures, closePictures: true }),
  });
  if (review.errors) {
    io.stderr(`build-region: ${review.errors}\n`);
    return 1;
  }
  if (review.unavailable) {
    io.stderr(`build-region: --pictures pictured nothing: ${review.unavailable}\n`);
    return 2;
  }
  const pages = (pictures: typeof review.pictures) => new Set(pictures.map((p) => `${p.region}${p.path}${p.at}`)).size;
  io.stderr(
    `Review page: ${path.relative(io.cwd, review.file!) || review.file} (${pages(review.pictures)} pages pictured, ${pages(review.pictures.filter((p) => p.changed > 0))} with changed pixels)\n`,
  );
  return 0;
}
