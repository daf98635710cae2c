import type { ErrorArgs, ErrorCode, ErrorDefinition } from './catalogue.ts';
import { ERRORS } from './catalogue.ts';

/** A problem found in the content. Diagnostics are data; printing is separate. */
export interface Diagnostic {
  code: ErrorCode;
  severity: 'error' | 'warning';
  message: string;
  /** Path relative to the working directory, with forward slashes. */
  file: string;
  /** 1-based line and column of the start of the range. */
  line: number;
  column: number;
  /** 1-based end of the range (exclusive column), when known. */
  endLine?: number;
  endColumn?: number;
  hint?: string;
}

/** Where a piece of content came from: a file and a 1-based range. */
export interface SourceRange {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * A diagnostic of a code of the catalogue (generator/diagnostics/catalogue.ts), its message built from the
 * code's arguments, at a place in the content. A W code is a warning, every other an error.
 * `hint` replaces the catalogue's hint where the check knows better (a schema's description).
 */
export function createDiagnostic<C extends ErrorCode>(
  code: C,
  args: ErrorArgs<C>,
  at: SourceRange | { file: string; line: number; column: number },
  extra: { hint?: string } = {},
): Diagnostic {
  const definition = ERRORS[code] as ErrorDefinition<ErrorArgs<C>>;
  const diagnostic: Diagnostic = {
    code,
    severity: code.startsWith('W') ? 'warning' : 'error',
    message: definition.message(cutArgs(args)),
    file: at.file,
    line: at.line,
    column: at.column,
  };
  if ('endLine' in at) {
    diagnostic.endLine = at.endLine;
    diagnostic.endColumn = at.endColumn;
  }
  const hint = extra.hint ?? definition.hint;
  if (hint) diagnostic.hint = hint;
  return diagnostic;
}

/** The longest value a message quotes whole; a longer one shows its start and its length. */
export const MAX_QUOTED = 120;

/** A value as a message quotes it: whole, or its start and its length (`aaaa… (4,718,592 characters)`). */
export function cutValue(value: string): string {
  if (value.length <= MAX_QUOTED) return value;
  return `${value.slice(0, MAX_QUOTED / 2)}… (${groupDigits(value.length)} characters)`;
}

/** A count with its thousands grouped by commas (4,718,592), the same on every machine. */
export function groupDigits(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The arguments of a message with every long string (or string in a list) cut. */
function cutArgs<A>(args: A): A {
  if (typeof args !== 'object' || args === null) return args;
  const cut = (value: unknown): unknown => (typeof value === 'string' ? cutValue(value) : Array.isArray(value) ? value.map(cut) : value);
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, cut(value)])) as A;
}

/** Code-unit comparison, never locale-dependent. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts by file, line, column, code and message: a total order, so output is stable. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      compareStrings(a.file, b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      compareStrings(a.code, b.code) ||
      compareStrings(a.message, b.message),
  );
}

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === 'error');
}

export { didYouMean, editDistance, suggest, swapsTwoLetters } from './suggest.ts';
