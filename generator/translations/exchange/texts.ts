import { parsePlural } from '../../resolve/plurals.ts';

/**
 * What every imported text must be, beyond what `--check` checks: the same placeholders as its
 * source, and no character that has no place in a page's text.
 */

/**
 * The placeholders of a text (`{email}`, and a plural's count where it is shown), each once,
 * sorted: a translation has exactly its source's.
 */
export function placeholders(text: string): string[] {
  const named = (part: string) => [...part.matchAll(/\{[A-Za-z0-9_]+\}/g)].map((m) => m[0]);
  let plural: ReturnType<typeof parsePlural>;
  try {
    plural = parsePlural(text);
  } catch {
    plural = undefined;
  }
  // A plural's count is a placeholder where a form shows it (#); a text that only chooses by it
  // ('{count, plural, one {day} other {days}}') may be translated without it ('j').
  const shown = plural && [...plural.forms.values()].some((form) => form.includes('#')) ? [`{${plural.name}}`] : [];
  const all = plural
    ? [...shown, ...named(plural.before), ...named(plural.after), ...[...plural.forms.values()].flatMap(named)]
    : named(text);
  return [...new Set(all)].sort();
}

/** U+ and four or more hex digits, as Unicode names a code point. */
const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Why a text cannot be a translation, or undefined: a control character other than a line
 * break or tab (NUL included), a lone surrogate (half a character: no UTF-8 file can hold it),
 * a noncharacter, or a bidirectional embedding, override or isolate control (U+202A-U+202E,
 * U+2066-U+2069: "Trojan Source", CVE-2021-42574, makes a text show otherwise than it reads).
 */
export function textProblem(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return `has a lone surrogate (${codePoint(text[i]!)}) at character ${i + 1}: half a character, which no file can hold`;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff)
      return `has a lone surrogate (${codePoint(text[i]!)}) at character ${i + 1}: half a character, which no file can hold`;
    const c = text[i]!;
    if ((unit < 0x20 && c !== '\n' && c !== '\t') || (unit >= 0x7f && unit <= 0x9f))
      return `has the control character ${codePoint(c)} at character ${i + 1}: a text holds none but line breaks and tabs`;
    if ((unit >= 0x202a && unit <= 0x202e) || (unit >= 0x2066 && unit <= 0x2069))
      return `has the bidirectional control ${codePoint(c)} at character ${i + 1}: it would make the text show otherwise than it reads`;
    if (unit === 0xfffe || unit === 0xffff) return `has the noncharacter ${codePoint(c)} at character ${i + 1}`;
  }
  return undefined;
}
