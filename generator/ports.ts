import type { Diagnostic } from './diagnostics/index.ts';
import type { ComparedContent, Revision } from './diff/index.ts';
import type { CompileResult } from './options.ts';
import type { GlanceSheet } from './report/glance.ts';

/**
 * The CLI's ports (docs/architecture.md, "Where shared types live"): what the commands ask of
 * the parts above the compiler. The live preview and the pictures compose the compiler with the
 * emulated back ends (server/) and Chromium, so preview/ implements them and the launcher
 * (bin/build-region.js) hands them to the CLI (`CliIO`). They are declared here, by the code that
 * calls them, so that generator/ imports nothing of preview/ or server/, types included.
 */
export interface CliPorts {
  /**
   * Starts the live preview (`--dev`; preview/dev/index.ts). It composes the compiler with the emulated
   * back ends of server/, so the launcher supplies it; generator/ itself never imports server/.
   */
  startPreview?: (options: PreviewOptions) => Promise<{ url: string; close(): Promise<void> }>;
  /** `diff --pictures` (preview/review/index.ts, docs/review.md): supplied by the launcher, as the preview is. */
  reviewPictures?: (options: ReviewRequest) => Promise<ReviewOutcome>;
  /** Starts the thread `diff --pictures` pictures with (preview/pictures/picture-thread.ts), before the words are compiled. */
  startPictures?: () => Promise<PictureThread>;
  /** `studio` (studio/server/index.ts, docs/studio.md): supplied by the launcher, as the preview is. */
  startStudio?: (options: StudioRequest) => Promise<{ url: string; close(): Promise<void> }>;
  /** `report --glance` (preview/glance.ts, docs/review.md): supplied by the launcher, as the preview is. */
  glanceSheet?: (options: GlanceRequest) => Promise<GlanceSheet>;
}

/** What `--dev` passes to the live preview. */
export interface PreviewOptions {
  region: string;
  content: string;
  /** Folder of the generated region modules (`--sites`). */
  sites?: string;
  /** The content compiled at `now` (the CLI's check that the region exists): the preview starts from it. */
  compiled: CompileResult;
  cwd: string;
  port: number;
  now: number | undefined;
  onDiagnostics: (diagnostics: Diagnostic[], sources: Map<string, string>) => void;
}

/** What `studio` passes to the studio. */
export interface StudioRequest {
  content: string;
  cwd: string;
  port: number;
  /** Where the preview clock starts (epoch ms); default the real time. */
  now?: number;
}

/** What `diff --pictures` asks of the review (preview/review/index.ts `ReviewOptions` takes more, all optional). */
export interface ReviewRequest {
  /** The content folder (absolute). */
  content: string;
  revision: string;
  cwd: string;
  /** The diff's instant (epoch ms). */
  now: number;
  /** More instants to picture the affected pages at, or 'boundaries' (every schedule boundary of the next 14 days). */
  at: readonly (number | 'boundaries')[];
  /** The folder the review page (index.html) and review.json go into. */
  out: string;
  /** The reviewers' marks file (docs/review.md, "Marks"). */
  marks?: string;
  /** Progress, for people (one line each). */
  log?: (line: string) => void;
  /** Both sides compiled already (by the diff's words, at `now`): not compiled again. */
  compiled?: { before: ComparedContent; after: CompileResult };
  /** The revision, opened already (by the diff's words; the caller disposes of it): extracted and compiled whole only if its pages are built. */
  old?: Revision;
  /** The picture thread, started by the caller before the words were compiled (it goes on; the caller closes it). */
  pictures?: PictureThread;
  /** Close `pictures` as soon as the last picture is taken (the caller has no more to take: `diff --pictures`). */
  closePictures?: boolean;
}

/** What `diff --pictures` reads of the review's result (preview/review/index.ts `ReviewResult` says more). */
export interface ReviewOutcome {
  /** Content errors on a side: nothing pictured. */
  errors?: string;
  /** No Chromium to picture with (where it was looked for): nothing pictured. */
  unavailable?: string;
  /** The pages to review, each at an instant. */
  pages: readonly { region: string; path: string; at: number }[];
  /** One per page, instant and size: `changed` pixels differ between the sides. */
  pictures: readonly { region: string; path: string; at: number; changed: number }[];
  /** The review page written. */
  file?: string;
}

/**
 * Chromium driven from a thread of its own (preview/pictures/picture-thread.ts, docs/review.md, "Cost"):
 * `diff --pictures` starts it first, hands it to the review and closes it at the end.
 */
export interface PictureThread {
  /** Chromium's version (what a kept picture's key names). */
  version(): Promise<string>;
  /** preparePictures: the first-paint pictures at `at` made ready. */
  prepare(at: number): Promise<void>;
  /** takePicture: a picture of `pathname` of the site at `origin`. */
  take(origin: string, pathname: string, options: PictureOptions): Promise<Buffer>;
  /** Chromium closed and the thread ended (once; what is under way fails). */
  close(): Promise<void>;
}

/** A width and height pictures are taken at (preview/pictures/index.ts `PICTURE_SIZES`). */
export type PictureSize = { readonly name: string; readonly width: number; readonly height: number };

/** How the picture thread takes one picture (preview/pictures/index.ts `takePicture`). */
export interface PictureOptions {
  size: PictureSize;
  /** The instant the page is pictured at (epoch ms): its clock and server time. */
  at: number;
  /** A JPEG of this quality instead of a PNG (smaller files for people; compare PNGs). */
  jpeg?: number;
  /**
   * The page as it first paints, before its app loads: for a page pictured at the instant it was
   * built at (it looks the same hydrated then) or one without an app; much quicker.
   */
  firstPaint?: boolean;
  /** False for the top of the page only, one screen high (a thumbnail's), which is quicker to take. */
  fullPage?: boolean;
}

/** What `report --glance` asks of the glance sheet (preview/glance.ts `GlanceOptions` takes more, all optional). */
export interface GlanceRequest {
  /** The content folder (absolute). */
  content: string;
  cwd: string;
  /** The instant the sites are built and pictured at (epoch ms): the report's. */
  now: number;
  /** Progress, for people (one line each). */
  log?: (line: string) => void;
}
