/**
 * Plurals (docs/translations.md, "Plurals"). A catalogue text with a count is written in ICU
 * MessageFormat's plural syntax: `Please try again in {seconds, plural, one {# second} other {#
 * seconds}}.` The build expands it (generator/resolve/plurals.ts) into one plain text per form
 * beside the message: `key` holds the `other` form, `key#one` the `one` form, `key#=0` an exact
 * match; `#` becomes the `{seconds}` placeholder. So no parser ships to the browser: the page
 * picks the form with the browser's own plural rules (Intl.PluralRules) and fills it as any text.
 */
export const FORM_SEPARATOR = '#';

/** The key of a form of a message `K`: `errors.code4291#one`, `countdown.days#=0`. */
export type PluralFormKey<K extends string = string> = `${K}${typeof FORM_SEPARATOR}${string}`;

/** The key of a message's form: `errors.code4291#one`, `countdown.days#=0`. */
export function formKey<K extends string>(key: K, form: string): PluralFormKey<K> {
  return `${key}${FORM_SEPARATOR}${form}`;
}

const rules = new Map<string, Intl.PluralRules>();

/**
 * The text of a message for a count in a locale: the exact form for the number (`=0`), else the
 * form of its plural category (`one`), else the message itself (`other`). `t` answers '' for a
 * key the catalogue lacks.
 */
export function countText<K extends string>(t: (key: K | PluralFormKey<K>) => string, key: K, locale: string, count: number): string {
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  return t(formKey(key, `=${count}`)) || t(formKey(key, rule.select(count))) || t(key);
}
