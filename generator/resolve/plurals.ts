import { formKey } from '../../core/plurals.ts';

/**
 * ICU MessageFormat plurals in catalogue texts (core/plurals.ts): parsed and expanded into one
 * plain text per form at build time, and checked against the locale's plural categories.
 */

/** A text with one plural argument: the text around it, the argument's name, and its forms by selector (`one`, `other`, `=0`). */
export interface PluralText {
  readonly before: string;
  readonly name: string;
  readonly forms: ReadonlyMap<string, string>;
  readonly after: string;
}

/** Parses a text's plural argument: undefined when it has none; throws with the reason when it is not well-formed. */
export function parsePlural(text: string): PluralText | undefined {
  const start = /\{\s*(\w+)\s*,\s*plural\s*,/.exec(text);
  if (!start) {
    if (/\{\s*\w+\s*,/.test(text)) throw new Error("only '{name, plural, ...}' arguments are known (no select, number or date)");
    return undefined;
  }
  const forms = new Map<string, string>();
  let at = start.index + start[0].length;
  for (;;) {
    while (/\s/.test(text[at] ?? '')) at++;
    if (text[at] === '}') break;
    if (!text.slice(at).includes('}')) throw new Error('the plural is not closed with }');
    const selector = /^(=\d+|zero|one|two|few|many|other)\s*\{/.exec(text.slice(at));
    if (!selector) {
      const found = /^\S*/.exec(text.slice(at))![0];
      throw new Error(
        found
          ? `'${found.slice(0, 20)}' is no plural form (zero, one, two, few, many, other or =N, each followed by {text})`
          : 'the plural is not closed with }',
      );
    }
    at += selector[0].length;
    let depth = 1;
    let end = at;
    for (; end < text.length && depth > 0; end++) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}') depth--;
    }
    if (depth > 0) throw new Error(`the form ${selector[1]} is not closed with }`);
    const body = text.slice(at, end - 1);
    if (/\{\s*\w+\s*,\s*plural/.test(body)) throw new Error('a plural inside a plural is not supported: write one plural per text');
    if (forms.has(selector[1]!)) throw new Error(`the form ${selector[1]} is written twice`);
    forms.set(selector[1]!, body);
    at = end;
  }
  const after = text.slice(at + 1);
  if (/\{\s*\w+\s*,\s*plural/.test(after)) throw new Error('only one plural per text is supported');
  return { before: text.slice(0, start.index), name: start[1]!, forms, after };
}

/** The plain texts of a plural: `key` its `other` form, `key#<form>` every other form, `#` as `{name}`. */
export function expandPlural(key: string, plural: PluralText): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [form, body] of plural.forms)
    texts[form === 'other' ? key : formKey(key, form)] = `${plural.before}${body.replace(/#/g, `{${plural.name}}`)}${plural.after}`;
  return texts;
}

const categories = new Map<string, { all: readonly string[]; needed: readonly string[] }>();

/**
 * The plural categories of a locale (CLDR's, as the runtime's Intl has them), and those a count
 * needs: the categories of the whole numbers 0 to 1000 (French needs one and other; its many is
 * for millions, which no count of the sites reaches).
 */
export function pluralCategories(locale: string): { all: readonly string[]; needed: readonly string[] } {
  let found = categories.get(locale);
  if (!found) {
    const rules = new Intl.PluralRules(locale);
    const needed = new Set<string>();
    for (let n = 0; n <= 1000; n++) needed.add(rules.select(n));
    found = { all: rules.resolvedOptions().pluralCategories, needed: [...needed].sort() };
    categories.set(locale, found);
  }
  return found;
}

/** What is wrong with a plural's forms in a locale: the forms it lacks, and forms the locale never uses. */
export function checkPluralForms(plural: PluralText, locale: string): { missing: string[]; unused: string[] } {
  const { all, needed } = pluralCategories(locale);
  const written = [...plural.forms.keys()];
  return {
    missing: ['other', ...needed].filter((form, index, list) => list.indexOf(form) === index && !plural.forms.has(form)),
    unused: written.filter((form) => !form.startsWith('=') && !all.includes(form)),
  };
}
