// The review's types (preview/review/index.ts, docs/review.md), below the modules that use them: the
// review's steps, its pictures, its page, its files and its marks.
import type { ReviewRequest } from '../../generator/index.ts';
import type { ChangedArea } from './changed-areas.js';
import type { AreaCrop } from './compare.ts';
import type { PictureThread } from '../pictures/picture-thread.ts';
import type { PictureSize } from '../pictures/index.ts';

/**
 * What the review takes: what `diff --pictures` asks of it (generator/ports.ts, the port the
 * CLI declares), the picture sizes besides, and its own picture thread.
 */
export interface ReviewOptions extends Omit<ReviewRequest, 'pictures'> {
  sizes?: readonly PictureSize[];
  /**
   * The picture thread, started by the caller before the words were compiled (it goes on; the
   * caller closes it). Without it the review starts its own.
   */
  pictures?: PictureThread;
}

/** One page to picture at one instant, with the diff's words that name it. */
export interface PageToReview {
  region: string;
  path: string;
  at: number;
  /** Why it is pictured: the diff's words (at that instant) naming the page, or the boundary. */
  changes: string[];
}

export interface PictureResult extends PageToReview {
  size: string;
  /** Pixels that differ between before and after (0: no visible pixel change). */
  changed: number;
  width: number;
  height: number;
  /** The pictures, for the review page (JPEG bytes: before, after; PNG: the difference). */
  before?: Buffer;
  after?: Buffer;
  difference?: Buffer;
  /** The page exists on one side only. */
  missing?: 'before' | 'after';
  /** Where the changed pixels lie (changed-areas.js), in reading order. */
  areas?: ChangedArea[];
  /** The crops of the changed areas for the review page, in the order of `areas`. */
  crops?: AreaCrop[];
  /** The after picture's fingerprint (the before's when the page is gone): what a mark holds for (review/marks.ts). */
  fingerprint?: string;
}

export interface ReviewResult {
  /** Content errors on a side: nothing pictured. */
  errors?: string;
  /** No Chromium to picture with (where it was looked for): nothing pictured. */
  unavailable?: string;
  pages: PageToReview[];
  pictures: PictureResult[];
  file?: string;
}
