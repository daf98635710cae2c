import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * The localised error messages of the back ends: the `errors.code<N>` texts of the site's own
 * catalogues (content/messages/<locale>.yaml), so a visitor meets the site's wording. A locale
 * without the key follows its `extends` chain, then en-US, then the English built in here.
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
  4290: 'Too many requests. Please wait a moment.',
  4291: 'Too many attempts. Please try again in {seconds} seconds.',
  5000: 'Server error, please try again later.',
});

const FALLBACK_LOCALE = 'en-US';

/** `Accept-Language` carries `en` or a region code (docs/api.md, "Requests"). */
const LOCALE_BY_LANGUAGE: Readonly<Record<string, string>> = Object.freeze({
  en: 'en-US',
  us: 'en-US',
  uk: 'en-GB',
  eu: 'en-EU',
  cn: 'zh-CN',
  fr: 'fr-FR',
  de: 'de-DE',
  jp: 'ja-JP',
  kr: 'ko-KR',
});

export const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));

/** The locale an `Accept-Language` header asks for; en-US when absent or unknown. */
export function localeFor(acceptLanguage: string | undefined): string {
  // Only the first entry counts; a browser-style `fr-FR,fr;q=0.9` still finds `fr`.
  const first = (acceptLanguage ?? '').split(',', 1)[0]!.split(';', 1)[0]!.trim().toLowerCase();
  return LOCALE_BY_LANGUAGE[first] ?? LOCALE_BY_LANGUAGE[first.split('-', 1)[0]!] ?? FALLBACK_LOCALE;
}

interface Catalogue {
  extends?: string;
  errors: Record<string, string>;
}

export interface Messages {
  /** The text of `code` in `locale`, with `{name}` placeholders filled from `params`. */
  text(locale: string, code: number, params?: Record<string, string | number>): string;
}

function readCatalogue(file: string): [string, Catalogue] | undefined {
  const document = parse(readFileSync(file, 'utf8')) as unknown;
  if (!document || typeof document !== 'object') return undefined;
  const { locale, extends: parent, messages } = document as { locale?: unknown; extends?: unknown; messages?: { errors?: unknown } };
  if (typeof locale !== 'string') return undefined;
  const errors: Record<string, string> = {};
  const source = messages?.errors;
  if (source && typeof source === 'object') {
    for (const [key, value] of Object.entries(source)) if (typeof value === 'string') errors[key] = value;
  }
  return [locale, { extends: typeof parent === 'string' ? parent : undefined, errors }];
}

/** Reads every catalogue once. A missing or broken catalogue is reported and left out, never fatal. */
export function loadMessages(contentDir: string = DEFAULT_CONTENT_DIR): Messages {
  const catalogues = new Map<string, Catalogue>();
  const folder = path.join(contentDir, 'messages');
  let files: string[] = [];
  try {
    files = readdirSync(folder).filter((name) => name.endsWith('.yaml'));
  } catch (error) {
    console.warn(`serve-regions: no message catalogues in ${folder} (${(error as Error).message}); the back ends answer in English.`);
  }
  for (const name of files) {
    try {
      const entry = readCatalogue(path.join(folder, name));
      if (entry) catalogues.set(entry[0], entry[1]);
    } catch (error) {
      console.warn(`serve-regions: cannot read ${path.join(folder, name)}: ${(error as Error).message}`);
    }
  }

  /** The locale, its `extends` chain, then en-US; a cycle in the chain stops at the repeat. */
  function chainOf(locale: string): Catalogue[] {
    const chain: Catalogue[] = [];
    const seen = new Set<string>();
    for (let at: string | undefined = locale; at && !seen.has(at); at = catalogues.get(at)?.extends) {
      seen.add(at);
      const catalogue = catalogues.get(at);
      if (catalogue) chain.push(catalogue);
    }
    const fallback = catalogues.get(FALLBACK_LOCALE);
    if (fallback && !seen.has(FALLBACK_LOCALE)) chain.push(fallback);
    return chain;
  }

  const chains = new Map<string, Catalogue[]>();
  return {
    text(locale, code, params = {}) {
      let chain = chains.get(locale);
      if (!chain) chains.set(locale, (chain = chainOf(locale)));
      const key = `code${code}`;
      const template = chain.find((catalogue) => key in catalogue.errors)?.errors[key] ?? ENGLISH_MESSAGES[code] ?? ENGLISH_MESSAGES[5000]!;
      return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
    },
  };
}
