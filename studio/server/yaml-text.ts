// The text side of yaml-edit.ts: positions in a file's text, the splices that edit it, and the
// comparison of the data it reads back as.

/** One splice of the original text: the characters from `from` to `to` replaced by `text`. */
export type Edit = { readonly from: number; readonly to: number; readonly text: string };

export const lineStart = (text: string, at: number): number => text.lastIndexOf('\n', at - 1) + 1;

/** The end of the line holding `at`, after its line break; `at` itself when it starts a line. */
export const lineEnd = (text: string, at: number): number =>
  at > 0 && text[at - 1] === '\n' ? at : text.indexOf('\n', at) + 1 || text.length;

export const column = (text: string, at: number): number => at - lineStart(text, at);

/** Adds `col` spaces to every line after the first, leaving empty lines empty. */
export const reindent = (text: string, col: number): string => text.replace(/\n(?=[^\n])/g, `\n${' '.repeat(col)}`);

/** The text with the edits made; new lines take the file's own line break. */
export function splice(text: string, edits: readonly Edit[]): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  // Stable: two insertions at one place (a nested map's and its holder's) keep the walk's order.
  const sorted = [...edits].sort((a, b) => a.from - b.from || a.to - b.to);
  let [out, at] = ['', 0];
  for (const edit of sorted) {
    if (edit.from < at) throw new Error(`yaml-edit: two edits overlap at offset ${edit.from} (a bug).`);
    out += text.slice(at, edit.from) + edit.text.replaceAll('\n', eol);
    at = edit.to;
  }
  return out + text.slice(at);
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep equality of plain data, where an undefined property is an absent one and undefined is null. */
export function isDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b || Object.is(a ?? null, b ?? null)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => isDeepEqual(item, b[index]));
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  const count = Object.keys(b).filter((key) => b[key] !== undefined).length;
  return keys.length === count && keys.every((key) => b[key] !== undefined && isDeepEqual(a[key], b[key]));
}
