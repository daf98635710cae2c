import type { BackendsData } from '../../core/backends.ts';
import { countText } from '../../core/plurals.ts';

/**
 * The localised error messages of the back ends: the `errors.code<N>` texts of the site's own
 * catalogues, compiled by the build into backends.json (merged along `extends`), so a visitor
 * meets the site's wording. The back ends never read content YAML.
 */

/** The English texts of docs/api.md, "Codes": the last resort when no catalogue has the key. */
export const ENGLISH_MESSAGES: Readonly<Record<number, string>> = Object.freeze({
  2000: 'success',
  4000: 'The request was not understood. Please try again.',
  4001: 'Please enter a valid email address.',
  4002: 'Please use a more complex password: at least 8 characters with letters and numbers.',
  4003: 'Login expired, please log in again.',
  4010: 'Incorrect email or password. Please try again.',
  4011: 'Invalid code. Please try again.',
  4012: 'No account found with this email.',
  4013: 'This email is already in use. Log In.',
  4014: 'Verification Unsuccessful: The verification link is invalid or has already been used. Please request a new one to continue.',
  4015: 'Please try again to continue.',
  4016: 'The request is too large.',
  4017: 'Please confirm your email address first: log in with the code we send you.',
  4018: 'Please log in again to set your password.',
  4019: 'This account comes from our previous site: please sign in with its password through the old sign-in.',
  4290: 'Too many requests. Please wait a moment.',
  4291: 'Too many attempts. Please try again in {seconds} seconds.', // the catalogues have its singular
  5000: 'Server error, please try again later.',
});

/**
 * The locale an `Accept-Language` header asks for: the sites send a region code, or `en` for
 * English (docs/api.md, "Requests"). A region code gives its region's locale; a language gives
 * the fallback locale when it is in that language, else the first region's locale in it; anything
 * else the fallback locale.
 */
export function localeFor(acceptLanguage: string | undefined, sites: BackendsData): string {
  // Only the first entry counts; a browser-style `fr-FR,fr;q=0.9` still finds `fr`.
  const first = (acceptLanguage ?? '').split(',', 1)[0]!.split(';', 1)[0]!.trim().toLowerCase();
  const language = first.split('-', 1)[0]!;
  const region = sites.regions.find((r) => r.code === first) ?? sites.regions.find((r) => r.code === language);
  if (region) return region.locale;
  const speaks = (locale: string) => locale.toLowerCase() === first || locale.split('-', 1)[0]!.toLowerCase() === language;
  if (language && speaks(sites.fallbackLocale)) return sites.fallbackLocale;
  return sites.regions.find((r) => language && speaks(r.locale))?.locale ?? sites.fallbackLocale;
}

export interface Messages {
  /** The text of `code` in `locale`, with `{name}` placeholders filled from `params`. */
  text(locale: string, code: number, params?: Record<string, string | number>): string;
}

/**
 * The answer texts of the compiled catalogues (backends.json): the locale's, else the fallback
 * locale's, else the English of docs/api.md. `sites` is read on every call: the live preview
 * changes it as the content changes.
 */
export function createMessages(sites: () => BackendsData): Messages {
  return {
    text(locale, code, params = {}) {
      const data = sites();
      const key = `code${code}`;
      const t = (name: string) => catalogueText(data, locale, name) ?? '';
      // A text with a count has a form per plural category (core/plurals.ts): the count's.
      const count = Object.values(params).find((value): value is number => typeof value === 'number');
      const text = count === undefined ? t(key) : countText(t, key, locale, count);
      return fill(text || ENGLISH_MESSAGES[code] || ENGLISH_MESSAGES[5000]!, params);
    },
  };
}

/** A text of the compiled catalogues (backends.json): the locale's, else the fallback locale's. */
export function catalogueText(data: BackendsData, locale: string, key: string): string | undefined {
  return data.messages[locale]?.[key] ?? data.messages[data.fallbackLocale]?.[key];
}

/** A text with its `{name}` placeholders filled from `params` (an unknown one stays as written). */
export function fill(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
