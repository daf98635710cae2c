/**
 * What a translation's field says as one types (docs/studio.md, "Translations side by side"),
 * besides placeholders and the glossary: a text's length against its limit (the schema's
 * `maxLength`, counted as the check counts it: in characters, not bytes), and a plural's forms as
 * the locale's own categories (CLDR's, through the browser's Intl.PluralRules): which it has,
 * which fall back to `other`, and a form the locale never uses.
 */

/** A plural argument's forms, by category or exact value (`one`, `=0`), with their texts. */
export type PluralForms = ReadonlyMap<string, string>;

const FORM = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/;

/** The plural arguments of a text (`{count, plural, one {# item} other {# items}}`), by name. */
export function pluralsOf(text: string): Map<string, PluralForms> {
  const plurals = new Map<string, PluralForms>();
  for (const match of text.matchAll(/\{\s*([\p{L}\p{N}_]+)\s*,\s*plural\s*,/gu)) {
    const forms = new Map<string, string>();
    let at = match.index + match[0].length;
    for (;;) {
      const form = FORM.exec(text.slice(at));
      if (!form) break;
      const open = at + form[0].length - 1;
      let depth = 0;
      let end = open;
      for (; end < text.length; end++) {
        if (text[end] === '{') depth++;
        else if (text[end] === '}' && --depth === 0) break;
      }
      forms.set(form[1]!, text.slice(open + 1, end));
      at = end + 1;
    }
    plurals.set(match[1]!, forms);
  }
  return plurals;
}

const CLDR_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The plural categories a locale uses, in CLDR's order (fr-FR: one, many, other; ja-JP: other): engines list them in their own. */
export function categoriesOf(locale: string): string[] {
  try {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
    return [...categories].sort((a, b) => CLDR_ORDER.indexOf(a) - CLDR_ORDER.indexOf(b));
  } catch {
    return ['other'];
  }
}

/** Each plural of the source, as the translation has it in the locale's categories; and its problems. */
export function pluralNotes(source: string, translation: string, locale: string): { lines: string[]; warnings: string[] } {
  const wanted = pluralsOf(source);
  if (wanted.size === 0) return { lines: [], warnings: [] };
  const categories = categoriesOf(locale);
  const own = pluralsOf(translation);
  const lines: string[] = [];
  const warnings: string[] = [];
  for (const name of wanted.keys()) {
    const forms = own.get(name);
    if (!forms) {
      lines.push(`{${name}}: ${locale} has the forms ${categories.join(', ')}.`);
      continue;
    }
    const shown = categories.map((c) => (forms.has(c) ? `${c} “${forms.get(c)}”` : `${c} (shows the other form)`));
    lines.push(`{${name}} in ${locale}: ${shown.join('; ')}.`);
    const unused = [...forms.keys()].filter((c) => !c.startsWith('=') && !categories.includes(c));
    if (unused.length > 0)
      warnings.push(`the plural {${name}} has a ${unused.join(', ')} form that ${locale} never uses: that text never shows.`);
    if (!forms.has('other')) warnings.push(`the plural {${name}} lacks its other form, which every plural needs.`);
  }
  return { lines, warnings };
}

/** A text's length against its limit, in characters (code points, as JSON Schema's maxLength counts). */
export function lengthNote(value: string, limit: number | undefined): { text: string; over: boolean } | undefined {
  if (limit === undefined) return undefined;
  const count = [...value].length;
  return count > limit
    ? { text: `${count} of ${limit} characters: ${count - limit} over the limit, which the check refuses.`, over: true }
    : { text: `${count} of ${limit} characters.`, over: false };
}
