import type { MessagesFile, MessageTree } from '../../schema/types.ts';
import { RUNTIME_MESSAGE_KEYS } from '../../core/message-keys.ts';
import { compareStrings, createDiagnostic, suggest } from '../diagnostics/index.ts';
import { rangeOfKey, rangeOfPath } from '../load/source-file.ts';
import type { Validated } from '../validate/index.ts';
import type { Report } from './model.ts';
import { sortByKey } from './model.ts';
import { checkPluralForms, expandPlural, parsePlural, pluralCategories } from './plurals.ts';
import type { PluralText } from './plurals.ts';

/** The message catalogues, each merged with the catalogues it extends. */
export interface Catalogues {
  /** Every locale's messages by dotted key, sorted. */
  readonly merged: ReadonlyMap<string, Readonly<Record<string, string>>>;
  /** Each locale's catalogue file and the files it extends, by id: the inputs of a region in that locale. */
  readonly chains: ReadonlyMap<string, readonly string[]>;
  /** Locales whose chain of catalogues is broken (reported already): their texts are incomplete, and their users are not reported again. */
  readonly incomplete: ReadonlySet<string>;
}

function flattenMessages(tree: MessageTree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[dotted] = value;
    else Object.assign(out, flattenMessages(value, dotted));
  }
  return out;
}

/** `messages/en-GB.yaml` -> `en-GB`. */
export function catalogueName(id: string): string {
  return id.slice(id.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
}

interface Catalogue {
  readonly file: Validated<'messages'>;
  readonly input: MessagesFile;
  readonly own: Readonly<Record<string, string>>;
}

/**
 * Merges every catalogue with the ones it extends and checks that all have the same keys
 * (naming both files), that a key written in one catalogue only is not a typo, and that the
 * keys the runtime uses exist. `present` names every catalogue file, valid or not.
 */
export function resolveCatalogues(files: readonly Validated<'messages'>[], present: ReadonlySet<string>, report: Report): Catalogues {
  const catalogues = new Map<string, Catalogue>();
  for (const file of files) {
    const input = file.data;
    const named = catalogueName(file.source.id);
    if (named !== input.locale) {
      report(createDiagnostic('E0201', { what: 'catalogue', declared: input.locale, file: named }, rangeOfPath(file.source, ['locale'])));
      continue;
    }
    catalogues.set(input.locale, { file, input, own: flattenMessages(input.messages) });
  }
  const merged = new Map<string, Record<string, string>>();
  const chains = new Map<string, string[]>();
  const tainted = new Set<string>();
  const mergeOf = (locale: string, chain: readonly string[]): Record<string, string> | undefined => {
    const done = merged.get(locale);
    if (done) return done;
    const catalogue = catalogues.get(locale);
    if (!catalogue) return undefined;
    let inherited: Record<string, string> = {};
    const parent = catalogue.input.extends;
    if (parent) {
      if (chain.includes(parent) || parent === locale) {
        report(createDiagnostic('E0206', { locale, parent }, rangeOfPath(catalogue.file.source, ['extends'])));
        tainted.add(locale);
      } else if (!catalogues.has(parent)) {
        // A parent that exists but is invalid was reported already; its children are incomplete.
        tainted.add(locale);
        if (!present.has(`messages/${parent}.yaml`))
          report(createDiagnostic('E0204', { locale: parent, extendedBy: locale }, rangeOfPath(catalogue.file.source, ['extends'])));
      } else {
        inherited = mergeOf(parent, [...chain, locale]) ?? {};
        if (tainted.has(parent)) tainted.add(locale);
      }
    }
    const result = sortByKey({ ...inherited, ...catalogue.own });
    merged.set(locale, result);
    chains.set(locale, [catalogue.file.source.id, ...(parent ? (chains.get(parent) ?? []) : [])]);
    return result;
  };
  const locales = [...catalogues.keys()].sort(compareStrings);
  for (const locale of locales) mergeOf(locale, []);
  checkKeys(catalogues, merged, tainted, report);
  return { merged: expandPlurals(catalogues, merged, report), chains, incomplete: tainted };
}

/**
 * Each catalogue's plurals (core/plurals.ts) checked where they are written, against the
 * locale's plural categories, then every locale's merged texts with each plural expanded into
 * one plain text per form.
 */
function expandPlurals(
  catalogues: ReadonlyMap<string, Catalogue>,
  merged: ReadonlyMap<string, Readonly<Record<string, string>>>,
  report: Report,
): Map<string, Readonly<Record<string, string>>> {
  for (const [locale, catalogue] of catalogues) {
    for (const [key, text] of Object.entries(catalogue.own)) {
      const at = () => rangeOfPath(catalogue.file.source, ['messages', ...key.split('.')]);
      let plural: PluralText | undefined;
      try {
        plural = parsePlural(text);
      } catch (error) {
        report(createDiagnostic('E0241', { key, reason: error instanceof Error ? error.message : String(error) }, at()));
        continue;
      }
      if (!plural) continue;
      const { missing, unused } = checkPluralForms(plural, locale);
      if (missing.length > 0) report(createDiagnostic('E0242', { key, locale, missing, needed: pluralCategories(locale).needed }, at()));
      if (unused.length > 0) report(createDiagnostic('W0402', { key, locale, unused, all: pluralCategories(locale).all }, at()));
    }
  }
  const expanded = new Map<string, Readonly<Record<string, string>>>();
  for (const [locale, texts] of merged) {
    const out: Record<string, string> = {};
    for (const [key, text] of Object.entries(texts)) {
      let plural: PluralText | undefined;
      try {
        plural = parsePlural(text);
      } catch {
        plural = undefined; // reported where it is written
      }
      Object.assign(out, plural ? expandPlural(key, plural) : { [key]: text });
    }
    expanded.set(locale, sortByKey(out));
  }
  return expanded;
}

/** Every key must exist in every locale (after extension): the missing ones are reported naming both files. */
function checkKeys(
  catalogues: ReadonlyMap<string, Catalogue>,
  merged: ReadonlyMap<string, Readonly<Record<string, string>>>,
  tainted: ReadonlySet<string>,
  report: Report,
): void {
  const locales = [...catalogues.keys()].sort(compareStrings);
  const definedIn = new Map<string, string>();
  const owners = new Map<string, string[]>();
  for (const locale of locales) {
    for (const key of Object.keys(catalogues.get(locale)!.own)) {
      if (!definedIn.has(key)) definedIn.set(key, catalogues.get(locale)!.file.source.file);
      owners.set(key, [...(owners.get(key) ?? []), locale]);
    }
  }
  // A key written in one catalogue only, close to a key that catalogue lacks, is a typo: it is
  // reported once, at the misspelt key, instead of as missing everywhere else.
  const typos = new Map<string, string>();
  for (const locale of locales) {
    if (tainted.has(locale)) continue;
    const catalogue = catalogues.get(locale)!;
    const others = [...owners].filter(([, by]) => !by.includes(locale)).map(([key]) => key);
    for (const key of Object.keys(catalogue.own).sort(compareStrings)) {
      if (owners.get(key)!.length !== 1 || catalogues.size < 2) continue;
      const group = (name: string) => name.slice(0, name.lastIndexOf('.'));
      const meant = suggest(
        key,
        others.filter((other) => group(other) === group(key)),
      );
      if (!meant) continue;
      typos.set(key, meant);
      report(
        createDiagnostic('E0205', { key, locale, guess: meant }, rangeOfKey(catalogue.file.source, ['messages', ...key.split('.')]), {
          hint: 'Rename the key: every catalogue must have the same keys.',
        }),
      );
    }
  }
  const intended = new Set(typos.values());
  for (const locale of [...merged.keys()].sort(compareStrings)) {
    if (tainted.has(locale)) continue;
    const messages = merged.get(locale)!;
    const source = catalogues.get(locale)!.file.source;
    const hasTypoFor = (key: string) => [...typos].some(([typo, meant]) => meant === key && typo in messages);
    for (const [key, origin] of [...definedIn].sort(([a], [b]) => compareStrings(a, b))) {
      if (key in messages || typos.has(key) || (intended.has(key) && hasTypoFor(key))) continue;
      report(createDiagnostic('E0205', { key, locale, file: source.file, definedIn: origin }, rangeOfKey(source, ['messages'])));
    }
    for (const key of RUNTIME_MESSAGE_KEYS) {
      if (key in messages || definedIn.has(key)) continue;
      report(createDiagnostic('E0219', { key, locale, file: source.file }, rangeOfKey(source, ['messages'])));
    }
  }
}
