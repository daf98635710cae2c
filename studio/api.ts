/**
 * What the studio's client and server say to each other (docs/studio.md): the JSON of each of
 * the server's answers. Types only: the client's bundle carries none of the server's code.
 */

// The words every answer uses: a file's id and a diagnostic.
export type { FileId, StudioDiagnostic } from './api-base.ts';
import type { FileId, StudioDiagnostic } from './api-base.ts';

/** How a file stands: its problems and, for a translation, its texts not current. */
export interface FileCounts {
  readonly errors: number;
  readonly warnings: number;
  /** Texts whose source changed since they were translated. */
  readonly stale: number;
  /** Texts of the source the translation lacks. */
  readonly missing: number;
}

export interface PageEntry {
  readonly path: string;
  readonly page: string;
  readonly kind: string;
  /** Where it redirects, for a redirect. */
  readonly redirect?: string;
  /** The product it presents, for a product page. */
  readonly product?: string;
  /** Its window (epoch ms), when it has one. */
  readonly window?: { readonly start?: number; readonly end?: number };
  /** Whether visitors can open it at the studio's instant. */
  readonly open: boolean;
  /** The files its text is made from. */
  readonly files: readonly FileId[];
}

export interface ProductEntry {
  readonly key: string;
  readonly name: string;
  /** The price as the region's visitors read it (its currency and locale). */
  readonly price: string;
  readonly soldOut: boolean;
}

export interface RegionEntry {
  readonly code: string;
  readonly locale: string;
  readonly currency: string;
  /** The IANA time zone its team plans in (region.yaml `timeZone`): where instants are shown. */
  readonly timeZone: string;
  /** The region's own files: region.yaml and products.yaml. */
  readonly files: readonly FileId[];
  readonly pages: readonly PageEntry[];
  readonly products: readonly ProductEntry[];
}

/** GET /api/overview: what the Find screen lists. */
export interface Overview {
  /** The instant it was compiled at (epoch ms): the preview clock's. */
  readonly now: number;
  /** The content files' stamps its compile read, hashed: GET /api/overview/stamp answers another when a file changed on disk since. */
  readonly stamp: string;
  readonly regions: readonly RegionEntry[];
  /** Every content file (YAML), sorted, with its counts. */
  readonly files: readonly (FileCounts & { readonly id: FileId })[];
  /** The source art a page's gallery can name: content/assets/<name>.svg, by name, sorted. */
  readonly art: readonly string[];
  /** Whether the sites build: no error anywhere. */
  readonly buildable: boolean;
  readonly errors: number;
  readonly warnings: number;
}

/** GET /api/file?id=: a file as it is on disk. */
export interface FileAnswer {
  readonly id: FileId;
  readonly text: string;
  /** sha256 of the text on disk: what a save says it started from. */
  readonly hash: string;
  /** The JSON Schema the file is checked against, by name (`products`), when it has one. */
  readonly schema?: string;
  readonly diagnostics: readonly StudioDiagnostic[];
  /** Whether the studio holds an unsaved text of it (what the preview renders over the disk's). */
  readonly unsaved?: true;
}

/** POST /api/check {id, text}: the whole content checked with this file's unsaved text. */
export interface CheckAnswer {
  /** The diagnostics of the file checked. */
  readonly diagnostics: readonly StudioDiagnostic[];
  /** Errors anywhere in the content, with this text. */
  readonly errors: number;
}

/** PUT /api/file {id, text, base}: written, or refused because the file changed on disk. */
export type SaveAnswer =
  | { readonly saved: true; readonly hash: string; readonly diagnostics: readonly StudioDiagnostic[]; readonly buildable: boolean }
  | { readonly saved: false; readonly conflict: { readonly text: string; readonly hash: string } };

/** A value found in a file: where (line, column and the path of keys to it) and what it reads. */
export interface ValueHit {
  readonly id: FileId;
  readonly line: number;
  readonly column: number;
  readonly path: readonly (string | number)[];
  readonly value: string;
}

/** GET /api/search?q=: where a text or value appears. */
export interface SearchAnswer {
  readonly hits: readonly ValueHit[];
  readonly truncated: boolean;
}

/**
 * GET /api/locate?text=&region=&path=: the values a text clicked in the preview comes from,
 * best first (studio/server/locate.ts): a value that reads the same, a product's price as the
 * region's visitors read it, a message filled in, or a value holding a part of it.
 */
export interface LocateAnswer {
  readonly hits: readonly (ValueHit & { readonly match: 'exact' | 'price' | 'template' | 'part' })[];
}

/** POST /api/preview {region}: the live preview of a region, rendered with the unsaved texts. */
export interface PreviewAnswer {
  readonly region: string;
  /** The region's home in the preview. */
  readonly url: string;
  /** The preview's origin (its pages are framed from there). */
  readonly origin: string;
}

/** PUT /api/clock {now}: the preview's clock moved to this instant (epoch ms). */
export interface ClockAnswer {
  readonly now: number;
}

/**
 * POST /api/entry {request, write}: a new entry (docs/studio.md, "New entries"), planned and
 * checked with the content (`write: false`), or written once it brings no new error.
 */
export type EntryRequest =
  | {
      readonly kind: 'product';
      readonly region: string;
      readonly key: string;
      readonly name: string;
      readonly price: number;
      /** Its page's name: the route (and, when the folder has none, the page's text) is made too. */
      readonly page?: string;
    }
  | {
      readonly kind: 'page';
      readonly page: string;
      /** The regions that show it (a route in each region.yaml). */
      readonly regions: readonly string[];
      /** The language of its first text file (`en`, `de`...). */
      readonly language: string;
      readonly title: string;
      readonly description: string;
      readonly heading: string;
    }
  | {
      readonly kind: 'copy';
      readonly from: string;
      readonly to: readonly string[];
      /** A product (with its page, when the region has one for it), or a page (with its product). */
      readonly product?: string;
      readonly page?: string;
      /** The product's price in each region copied into, in its currency. */
      readonly prices?: Readonly<Record<string, number>>;
    };

export interface EntryAnswer {
  /** The files it changes or makes, with their new text. */
  readonly changes: readonly { readonly id: FileId; readonly created: boolean; readonly text: string }[];
  /** What each region will show, in words. */
  readonly notes: readonly string[];
  /** The diagnostics of the changed files, with the entry. */
  readonly diagnostics: readonly StudioDiagnostic[];
  /** Errors the entry brings (errors in the whole content with it, less those without it). */
  readonly newErrors: number;
  /** The file to open next. */
  readonly open: FileId;
  /** True once written (`write: true`). */
  readonly written: boolean;
  /**
   * Why it cannot be made as the fields are (a plan's answer: a field still to fill in is no
   * failed request). A write refused is a refusal with its status instead.
   */
  readonly problem?: string;
}

/** GET /api/schedule?region=: the instants at which the region's pages change, in time order (docs/studio.md, "Time"). */
export interface ScheduleAnswer {
  readonly region: string;
  /** The preview's clock (epoch ms). */
  readonly now: number;
  readonly entries: readonly {
    /** Epoch ms. */
    readonly time: number;
    /** What changes then, in words ("text banner 'The Mini Robot is landing' shows"), and the paths it changes. */
    readonly changes: readonly { readonly change: string; readonly paths: readonly string[] }[];
  }[];
}

/** A content file that differs from the last commit on disk. */
export interface ChangedFile {
  readonly id: FileId;
  readonly status: 'modified' | 'added' | 'deleted' | 'renamed';
}

/** GET /api/changes?base=: the working tree against a commit, as visitors will see it (docs/studio.md, "Changes"). */
export interface ChangesAnswer {
  /** The revision compared with (HEAD unless asked). */
  readonly base: string;
  readonly now: number;
  readonly files: readonly ChangedFile[];
  /** Files with unsaved edits in the studio: not part of the change until saved. */
  readonly unsaved: readonly FileId[];
  /** The diff's words (`build-region diff`), per region and section, with the pages that show each. */
  readonly changes: readonly {
    readonly region: string;
    readonly section: string;
    readonly change: string;
    readonly pages: readonly string[];
  }[];
  /** Why there are no words: a side has content errors. */
  readonly errors?: string;
  /** What a proposal of this change says: its commit's subject, and its body (the words, as markdown). */
  readonly proposal: { readonly title: string; readonly body: string };
}

/** POST /api/changes/pictures {base, at}: the review page of the pages touched. */
export interface ChangesPicturesAnswer {
  /** Pages pictured (a page at an instant), and those with changed pixels. */
  readonly pages: number;
  readonly changed: number;
  /** The review page's address in the studio, when there was a page to picture. */
  readonly url?: string;
}

/** POST /api/propose {title, branch?}: the change as a branch, a commit, a push and a pull request (docs/studio.md, "Propose"). */
export interface ProposeAnswer {
  readonly branch: string;
  readonly commit: string;
  /** The files committed, relative to the repository. */
  readonly files: readonly string[];
  /** The remote's base had moved: the commit was made on it (the change merged cleanly onto it). */
  readonly rebased?: { readonly onto: string; readonly commits: number };
  readonly push: { readonly done: true; readonly remote: string } | { readonly done: false; readonly reason: string };
  readonly pullRequest?: { readonly url: string; readonly number: number } | { readonly failed: string };
  /** The compare address of a pushed branch on a host without pull requests configured. */
  readonly compare?: string;
  /** What to do next, in words. */
  readonly next: string;
}

// Translations side by side (docs/studio.md): their answers live beside this file.
export type {
  DiffPart,
  Suggestion,
  SuggestionsAnswer,
  TextState,
  TranslationColumn,
  TranslationMarkAnswer,
  TranslationSaveAnswer,
  TranslationsAnswer,
  TranslationSourcesAnswer,
  TranslationText,
} from './api-translations.ts';

/** Any refusal: what happened and what to do. */
export interface ErrorAnswer {
  readonly error: string;
}
