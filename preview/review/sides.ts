// The review's two sides (preview/review/index.ts, docs/review.md): built, served and pictured, the
// base side's pictures kept from an earlier review used where there are some.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { buildRegions } from '../../generator/index.ts';
import type { CompileResult, ComparedContent, Revision } from '../../generator/index.ts';
import { startServer } from '../../server/serve.ts';
import type { PictureThread } from '../pictures/picture-thread.ts';
import type { PictureSize } from '../pictures/index.ts';
import { startComparer } from './compare.ts';
import { keptPictures, pictureKey, picturePages } from './pictures.ts';
import type { PageToReview, PictureResult, ReviewOptions } from './types.ts';

/** What the steps of one review share: its options, both sides compiled, and the pages to picture. */
export interface ReviewRun {
  readonly options: ReviewOptions;
  readonly before: ComparedContent;
  readonly after: CompileResult;
  /** The revision: extracted and compiled whole only if its side is built. */
  readonly old: Revision;
  /** The review's scratch folder (both sides' builds). */
  readonly work: string;
  readonly pages: PageToReview[];
  readonly sizes: readonly PictureSize[];
  readonly log: (line: string) => void;
}

/** One side to build: its name (before, after), its content and the regions of it to build. */
interface Side {
  name: string;
  content: string;
  regions: string[];
  dir: string;
}

type KeptPictures = Awaited<ReturnType<typeof keptPictures>>;

const hasRegion = (side: ComparedContent, code: string) => side.model.regions.some((r) => r.data.code === code);

/** Builds the side's regions into its folder (an empty folder when it has none to build). */
async function buildSide(run: ReviewRun, side: Side): Promise<void> {
  const { options, pages } = run;
  const firstPaintOnly = pages.every((page) => page.at === options.now);
  if (side.regions.length === 0) return void (await mkdir(side.dir, { recursive: true }));
  const built = await buildRegions({
    content: side.content,
    out: side.dir,
    sites: path.join(run.work, `sites-${side.name}`),
    regions: side.regions,
    cwd: options.cwd,
    now: options.now,
    ...(side.name === 'before' && { history: run.old.history }),
    compiled: side.name === 'before' ? await run.old.compile() : run.after,
    // Pictured only as they first paint (at the diff's instant): only those pages, no app.
    ...(firstPaintOnly && { firstPaintOnly: pages.filter((p) => side.regions.includes(p.region)).map((p) => p.path) }),
  });
  if (!built.ok) throw new Error(`the ${side.name === 'before' ? `content at ${options.revision}` : 'working tree'} did not build`);
}

/** The base side's pictures kept from an earlier review, by picture key. */
async function readKeptPictures(run: ReviewRun, kept: KeptPictures): Promise<Map<string, Buffer>> {
  const cached = new Map<string, Buffer>();
  for (const page of run.pages.filter((p) => hasRegion(run.before, p.region)))
    for (const size of run.sizes) {
      const picture = await kept.read(page, size);
      if (picture) cached.set(pictureKey(page, size), picture);
    }
  return cached;
}

/**
 * Builds both sides of the regions with pages to review and pictures them with the thread: the
 * base side's regions are built only for the pictures not kept from an earlier review.
 */
export async function pictureSides(run: ReviewRun, thread: PictureThread): Promise<PictureResult[]> {
  const { options, before, after, old, work, pages, sizes, log } = run;
  const regions = [...new Set(pages.map((p) => p.region))];
  const afterRegions = regions.filter((code) => hasRegion(after, code));
  const afterSide = { name: 'after', content: options.content, regions: afterRegions, dir: path.join(work, 'after') };
  // The working tree's side builds while Chromium starts and the base side's pictures kept
  // from an earlier review of the same revision are looked up (their key names Chromium's
  // version): the base side's regions are built only for the pictures not kept.
  const afterBuilt = buildSide(run, afterSide);
  afterBuilt.catch(() => {});
  // The comparisons' worker loads meanwhile too, not after the first pictures.
  startComparer();
  // What the pictures at the diff's instant will use is made ready meanwhile too.
  const prepared = thread.prepare(options.now);
  prepared.catch(() => {});
  const kept = await keptPictures(thread.version(), old.history, options.now).catch(async (error: unknown) => {
    // Nothing is left running when the review stops (its folder is removed next).
    await afterBuilt.catch(() => {});
    throw error;
  });
  const cached = await readKeptPictures(run, kept);
  const beforeRegions = regions.filter(
    (code) => hasRegion(before, code) && pages.some((p) => p.region === code && sizes.some((size) => !cached.has(pictureKey(p, size)))),
  );
  log(
    `Building ${[beforeRegions.length > 0 && `${beforeRegions.join(', ')} at ${options.revision}`, afterRegions.length > 0 && `${afterRegions.join(', ')} in the working tree`].filter(Boolean).join(' and ')}${cached.size > 0 ? ` (${cached.size} picture${cached.size === 1 ? '' : 's'} of ${options.revision} kept from an earlier review)` : ''}...\n`,
  );
  const beforeSide = {
    name: 'before',
    content: beforeRegions.length > 0 ? await old.content() : '',
    regions: beforeRegions,
    dir: path.join(work, 'before'),
  };
  // One build after the other: each holds its whole module graph in memory.
  await afterBuilt;
  await buildSide(run, beforeSide);
  return pictureServedSides(run, thread, [beforeSide, afterSide], { kept, cached, prepared });
}

/** Serves each side that was built and pictures every page on both, the kept pictures used as they are. */
async function pictureServedSides(
  run: ReviewRun,
  thread: PictureThread,
  sides: readonly Side[],
  base: { kept: KeptPictures; cached: Map<string, Buffer>; prepared: Promise<void> },
): Promise<PictureResult[]> {
  const { options, before, after, pages, sizes, log } = run;
  // A server for each side that was built (one after the other: none is left open if one fails).
  const servers: ({ url: string; close: () => Promise<void> } | undefined)[] = [];
  try {
    for (const side of sides)
      servers.push(
        side.regions.length > 0
          ? await startServer({ dir: side.dir, port: 0, host: '127.0.0.1', now: options.now, previewClock: false })
          : undefined,
      );
    await base.prepared;
    log(`Picturing ${pages.length} page${pages.length === 1 ? '' : 's'} at ${sizes.map((s) => `${s.width} px`).join(' and ')}...\n`);
    // Chromium closes while the last pictures are compared, when the review owns it or is asked to.
    const whenTaken = () => {
      if (options.closePictures || !options.pictures) thread.close().catch(() => {});
    };
    return await picturePages(
      pages,
      sizes,
      {
        before: (page, size) =>
          base.cached.get(pictureKey(page, size)) ??
          (servers[0] && hasRegion(before, page.region)
            ? thread
                .take(servers[0].url, page.path, { size, at: page.at, firstPaint: page.at === options.now })
                .then(async (picture) => (await base.kept.write(page, size, picture), picture))
            : undefined),
        after: (page, size) =>
          servers[1] && hasRegion(after, page.region)
            ? thread.take(servers[1].url, page.path, { size, at: page.at, firstPaint: page.at === options.now })
            : undefined,
      },
      { whenTaken, jpegs: base.kept.jpegs },
    );
  } finally {
    await Promise.all(servers.map((server) => server?.close()));
  }
}
