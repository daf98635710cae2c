import { createRequire } from 'node:module';
import { splitId, unitId } from './unit.ts';
import type { ExchangeUnit, ReturnedText } from './unit.ts';

/** Translations as gettext PO, written and read by gettext-parser: one entry per text, its id the context. */

interface PoEntry {
  msgctxt?: string;
  msgid: string;
  msgstr: string[];
  comments?: { extracted?: string; reference?: string; flag?: string; translator?: string };
}
interface PoData {
  charset: string;
  headers: Record<string, string>;
  translations: Record<string, Record<string, PoEntry>>;
}
interface GettextModule {
  po: { compile(data: PoData, options?: { foldLength?: number }): Buffer; parse(text: string): PoData };
}

const require = createRequire(import.meta.url);
const gettext = (): GettextModule => {
  const loaded = require('gettext-parser') as GettextModule & { default?: GettextModule };
  return loaded.default ?? loaded;
};

export function writePo(units: readonly ExchangeUnit[], languages: { source: string; target: string }): string {
  const translations: PoData['translations'] = { '': { '': { msgid: '', msgstr: [''] } } };
  for (const u of units) {
    const context = unitId(u);
    translations[context] = {
      [u.source]: {
        msgctxt: context,
        msgid: u.source,
        msgstr: [u.target],
        // A stale translation is a fuzzy one in gettext's terms: there, to be checked.
        comments: { reference: `content/${u.file}`, extracted: u.note, ...(u.state === 'stale' && { flag: 'fuzzy' }) },
      },
    };
  }
  const headers = { Language: languages.target, 'Content-Type': 'text/plain; charset=UTF-8', 'X-Source-Language': languages.source };
  return gettext().po.compile({ charset: 'utf-8', headers, translations }, { foldLength: 0 }).toString('utf8');
}

export function readPo(text: string): { targetLanguage?: string; texts: ReturnedText[] } {
  const data = gettext().po.parse(text);
  const texts: ReturnedText[] = [];
  for (const [context, entries] of Object.entries(data.translations)) {
    if (context === '') continue;
    for (const entry of Object.values(entries)) texts.push({ ...splitId(entry.msgctxt ?? context), target: entry.msgstr[0] ?? '' });
  }
  return { ...(data.headers.Language && { targetLanguage: data.headers.Language }), texts };
}
