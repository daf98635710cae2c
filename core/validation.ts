import { normalizePath } from './paths.ts';

/**
 * The validation rules of docs/runtime.md, shared by the screens and the forms. The back
 * ends apply the same rules (docs/api.md), so a check skipped here is still caught there.
 */

/**
 * A plausible email address: one @ after at most 64 characters, a dotted domain, no spaces; at
 * most 254 characters. Deliberately plain: the mail itself is the real test.
 */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}

/** At least `minimum` characters (counted as the visitor sees them) with letters and numbers (docs/runtime.md: 8). */
export function isStrongPassword(value: string, minimum: number): boolean {
  return [...value].length >= minimum && /\p{L}/u.test(value) && /\p{N}/u.test(value);
}

/** Serial numbers as printed on the robots: 8 to 20 letters and digits. */
export function isSerial(text: string): boolean {
  return /^[A-Za-z0-9]{8,20}$/.test(text.trim());
}

/**
 * Where to go after logging in: `fromPath` when it is a path on this site (starts with one
 * '/', no scheme, no host, no backslash tricks), else the region's home. Query and hash of the
 * path are kept.
 */
export function safeFromPath(fromPath: string | null | undefined, home: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  if (!fromPath || !fromPath.startsWith('/') || fromPath.startsWith('//') || /[\\\u0000-\u001f]/.test(fromPath)) return home;
  let url: URL;
  try {
    url = new URL(fromPath, 'https://same-site.invalid');
  } catch {
    return home;
  }
  if (url.origin !== 'https://same-site.invalid') return home;
  return `${normalizePath(url.pathname)}${url.search}${url.hash}`;
}

/** Fills `{name}` placeholders of a catalogue text. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
