/**
 * The words every answer of the studio's API uses (studio/api.ts names them all, with
 * api-translations.ts): a content file's id, and a diagnostic. Types only.
 */

/** A content file, by its id: its path relative to the content folder, with forward slashes. */
export type FileId = string;

/** A diagnostic of the compiler (generator/ `Diagnostic`), its file given by id. */
export interface StudioDiagnostic {
  readonly code: string;
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly hint?: string;
  /** The file it concerns, by id (undefined: a file outside the content folder). */
  readonly id?: FileId;
  /** The path the command line prints (`content/regions/de/products.yaml`), for `file:line:col`. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  /** The path of keys and indexes to the value it concerns in its file, for its field in a form. */
  readonly path?: readonly (string | number)[];
}
