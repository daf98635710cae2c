import { groupDigits } from './index.ts';
import type { Diagnostic } from './index.ts';

export interface FormatOptions {
  /** Colour with ANSI escapes (only on a terminal). */
  color?: boolean;
  /** Source text by file path, for code frames. */
  sources?: ReadonlyMap<string, string>;
}

const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

/**
 * Prints a diagnostic like the TypeScript compiler:
 * `content/regions/us/region.yaml:12:5 - error E0102: message`, a code frame, then the hint.
 */
export function formatDiagnostic(d: Diagnostic, options: FormatOptions = {}): string {
  const color = options.color ?? false;
  const severity = d.severity === 'error' ? paint(color, '31', 'error') : paint(color, '33', 'warning');
  const lines = [`${paint(color, '36', `${d.file}:${d.line}:${d.column}`)} - ${severity} ${paint(color, '90', d.code)}: ${d.message}`];
  const source = options.sources?.get(d.file);
  if (source !== undefined) {
    const frame = codeFrame(source, d, color);
    if (frame) lines.push('', frame);
  }
  if (d.hint) lines.push('', `  ${paint(color, '90', 'hint:')} ${d.hint}`);
  return lines.join('\n');
}

/** The most characters of one source line a code frame shows. */
const MAX_FRAME_LINE = 400;

/** Babel-style code frame: two lines of context, `>` on the marked line, `^` under the range. */
export function codeFrame(source: string, d: Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>, color = false): string {
  const sourceLines = source.split(/\r?\n/);
  if (d.line < 1 || d.line > sourceLines.length) return '';
  const first = Math.max(1, d.line - 2);
  const last = Math.min(sourceLines.length, d.line + 2);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const whole = sourceLines[n - 1] ?? '';
    const marked = n === d.line;
    // A long line shows a window around the mark (or its start) and says how long it is.
    const from = marked && whole.length > MAX_FRAME_LINE ? Math.max(0, d.column - 1 - MAX_FRAME_LINE / 4) : 0;
    const shown = whole.length > MAX_FRAME_LINE ? whole.slice(from, from + MAX_FRAME_LINE) : whole;
    const before = from > 0 ? '…' : '';
    const text = whole.length > MAX_FRAME_LINE ? `${before}${shown}… (line of ${groupDigits(whole.length)} characters)` : whole;
    const gutter = `${marked ? paint(color, '31', '>') : ' '} ${String(n).padStart(width)} |`;
    out.push(`${gutter}${text ? ` ${text}` : ''}`);
    if (marked) {
      const column = d.column - from + before.length;
      const end =
        d.endLine === d.line && d.endColumn && d.endColumn > d.column
          ? d.endColumn - from + before.length
          : Math.max(column + 1, shown.length + before.length + 1);
      const length = Math.max(1, Math.min(end, shown.length + before.length + 1) - column);
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}${paint(color, '31', '^'.repeat(length))}`);
    }
  }
  return out.join('\n');
}

/** GitHub Actions workflow command, so the diagnostic shows on the pull request's diff. */
export function formatGithubAnnotation(d: Diagnostic): string {
  const escape = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (s: string) => escape(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return `::${d.severity === 'error' ? 'error' : 'warning'} file=${property(d.file)},line=${d.line},col=${d.column},title=${property(d.code)}::${escape(d.message)}`;
}
