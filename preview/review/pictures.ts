// The review's pictures (preview/review/index.ts, docs/review.md): every page taken on both sides and
// compared, and the base side's kept between reviews.
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { writeAtomically } from '../../files/disk.js';
import { cacheKey, defaultCacheDir, sha256, CORES, mapLimited } from '../../generator/index.ts';
import { fingerprint, toJpeg } from './compare-worker.js';
import { comparePictures } from './compare.ts';
import { PICTURE_METHOD } from '../pictures/index.ts';
import type { PictureSize } from '../pictures/index.ts';
import type { PageToReview, PictureResult } from './types.ts';

export const pictureKey = (page: PageToReview, size: PictureSize) => `${page.region}\0${page.path}\0${page.at}\0${size.name}`;

type Picturer = (page: PageToReview, size: PictureSize) => Buffer | Promise<Buffer> | undefined;

/** The JPEGs of the base side's pictures kept with them (`keptPictures`): read for a comparison, written after the first. */
export interface KeptJpegs {
  read(page: PageToReview, size: PictureSize): Promise<Buffer | undefined>;
  write(page: PageToReview, size: PictureSize, jpeg: Buffer): Promise<void>;
}

/**
 * Every page at every size on both sides, compared: pictures taken by `take` (one Chromium), as
 * many at once as the machine has cores (first-paint pictures of one instant are taken one after
 * another all the same: preview/pictures/index.ts); a page that fails to load on a side is missing
 * there. A page's two pictures are compared and encoded (in a worker thread) as soon as both are
 * taken, while the next pictures are taken (and, after the last, while `whenTaken` closes Chromium).
 */
export async function picturePages(
  pages: readonly PageToReview[],
  sizes: readonly PictureSize[],
  take: { before: Picturer; after: Picturer },
  options: {
    /** Called once every picture is taken, while the last comparisons run (Chromium may close then). */
    whenTaken?: () => void;
    /** The before pictures' JPEGs, kept with them. */
    jpegs?: KeptJpegs;
  } = {},
): Promise<PictureResult[]> {
  const shoot = async (side: 'before' | 'after', page: PageToReview, size: PictureSize) => {
    try {
      return await take[side](page, size);
    } catch {
      return undefined;
    }
  };
  const jobs = pages.flatMap((page) => sizes.map((size) => ({ page, size })));
  const taken = await mapLimited(jobs, CORES, async ({ page, size }) => {
    const a = await shoot('before', page, size);
    const b = await shoot('after', page, size);
    // Not waited for here: the next pictures are taken meanwhile.
    const result = compare(page, size, a, b, options.jpegs);
    result.catch(() => {});
    return { result };
  });
  options.whenTaken?.();
  const results = await Promise.all(taken.map(({ result }) => result));
  return results.filter((result): result is PictureResult => result !== undefined);
}

/** A page's two pictures at a size compared (or the one it has, when it is missing on a side). */
async function compare(
  page: PageToReview,
  size: PictureSize,
  a?: Buffer,
  b?: Buffer,
  jpegs?: KeptJpegs,
): Promise<PictureResult | undefined> {
  if (!a && !b) return undefined;
  if (!a || !b) {
    const only = (a ?? b)!;
    const meta = await sharp(only).metadata();
    return {
      ...page,
      size: size.name,
      changed: (meta.width ?? 0) * (meta.height ?? 0),
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      missing: a ? 'after' : 'before',
      fingerprint: await fingerprint(only),
      ...(a ? { before: await toJpeg(a) } : { after: await toJpeg(b!) }),
    };
  }
  const kept = await jpegs?.read(page, size);
  const compared = await comparePictures(a, b, 0, 'jpeg', kept);
  if (!kept) await jpegs?.write(page, size, compared.jpegs!.before);
  return {
    ...page,
    size: size.name,
    changed: compared.changed,
    width: compared.width,
    height: compared.height,
    before: compared.jpegs!.before,
    after: compared.jpegs!.after,
    difference: compared.difference,
    areas: compared.areas,
    ...(compared.crops && { crops: compared.crops }),
    fingerprint: compared.fingerprint!,
  };
}

/**
 * The pictures of the base side kept between reviews (docs/review.md), in the build cache's
 * folder: a picture of a commit's content is the same for the same code (the build cache's
 * source key), instant, build instant, Chromium version, fonts of the machine and way of
 * picturing (PICTURE_METHOD), so a second review against the same base (the next edit of a pull request) pictures and builds that side
 * only where it has not yet.
 */
export async function keptPictures(
  chromiumVersion: Promise<string>,
  history: { repository: string; contentPath: string; revision: string },
  now: number,
) {
  const dir = defaultCacheDir();
  const run = promisify(execFile);
  const [commit, fonts, version] = await Promise.all([
    run('git', ['rev-parse', '--verify', `${history.revision}^{commit}`], { cwd: history.repository }).then((r) => r.stdout.trim()),
    run('fc-list', [':', 'family', 'file'], { maxBuffer: 1 << 26 }).then(
      (r) => r.stdout.split('\n').sort().join('\n'),
      () => '',
    ),
    chromiumVersion,
  ]);
  const base = [commit, history.contentPath, String(now), version, sha256(fonts), PICTURE_METHOD];
  const file = (page: PageToReview, size: PictureSize, extension: string) =>
    dir &&
    path.join(dir, 'pictures', `${cacheKey(...base, page.region, page.path, String(page.at), `${size.width}x${size.height}`)}${extension}`);
  const read = async (page: PageToReview, size: PictureSize, extension = '.png') => {
    const at = file(page, size, extension);
    return at ? readFile(at).catch(() => undefined) : undefined;
  };
  const write = async (page: PageToReview, size: PictureSize, picture: Buffer, extension = '.png') => {
    const at = file(page, size, extension);
    if (!at) return;
    // Whole or not at all: written beside, then renamed (a folder that cannot be written keeps nothing).
    await mkdir(path.dirname(at), { recursive: true });
    await writeAtomically(at, picture);
  };
  const jpegs: KeptJpegs = {
    read: (page, size) => read(page, size, '.jpg'),
    write: (page, size, jpeg) => write(page, size, jpeg, '.jpg').catch(() => {}),
  };
  return { read, write, jpegs };
}
