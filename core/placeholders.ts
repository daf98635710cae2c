/**
 * Placeholders in a text, as the studio's side by side shows and checks them (docs/studio.md,
 * "Translations side by side"): `{name}`, and ICU arguments such as `{count, plural, one {# robot}
 * other {# robots}}`. A form of a plural or a select (`{# robot}`) is text, not a placeholder;
 * placeholders inside it are.
 */

/** A piece of a text: plain words, or a placeholder shown as a code token (an ICU argument whole). */
export interface Piece {
  readonly code: boolean;
  readonly text: string;
}

/** The text cut into plain pieces and its outermost `{…}` groups. */
export function textPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let depth = 0;
  let from = 0;
  for (let at = 0; at < text.length; at++) {
    if (text[at] === '{') {
      if (depth === 0 && at > from) pieces.push({ code: false, text: text.slice(from, at) });
      if (depth === 0) from = at;
      depth++;
    } else if (text[at] === '}' && depth > 0) {
      depth--;
      if (depth === 0) {
        pieces.push({ code: true, text: text.slice(from, at + 1) });
        from = at + 1;
      }
    }
  }
  // An unclosed brace is text as written.
  if (from < text.length) pieces.push({ code: false, text: text.slice(from) });
  return pieces;
}

/**
 * The placeholders a translation must keep, by name: each `{name}`, and an ICU argument's name
 * (`count`) where a form shows it (`#`) or it chooses among forms by something else than a count
 * (`select`); a plural that only chooses a word (`one {day} other {days}`) may be translated without it.
 */
export function placeholderNames(text: string): string[] {
  const names = new Set<string>();
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    if (text[at] === '}') depth = Math.max(0, depth - 1);
    if (text[at] !== '{') continue;
    // An argument opens at an even depth: at the top, or inside a form of a plural or select.
    if (depth % 2 === 0) {
      const argument = /^\{\s*([\p{L}\p{N}_]+)\s*(,\s*(\w+))?/u.exec(text.slice(at));
      if (argument) {
        const [, name, , type] = argument;
        const body = text.slice(at, closing(text, at) + 1);
        if (!type || !/^(plural|selectordinal)$/.test(type) || body.includes('#')) names.add(name!);
      }
    }
    depth++;
  }
  return [...names];
}

/** Where the group opening at `at` closes (the text's end when it never does). */
function closing(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length - 1;
}

/** The placeholders of the source that a translation lacks, written as `{name}`. */
export function missingPlaceholders(source: string, translation: string): string[] {
  const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return placeholderNames(source)
    .filter((name) => !new RegExp(`\\{\\s*${escape(name)}\\s*[,}]`, 'u').test(translation))
    .map((name) => `{${name}}`);
}
