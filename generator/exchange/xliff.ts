import { createRequire } from 'node:module';
import type { ExchangeUnit, ReturnedText } from './unit.ts';

/** Translations as XLIFF 2.0 or 1.2, written and read by the xliff package: one file element per content file, one unit per text. */

interface XliffResources {
  sourceLanguage?: string;
  targetLanguage?: string;
  resources: Record<string, Record<string, { source: string; target?: string; note?: string }>>;
}
interface XliffModule {
  js2xliff(js: XliffResources, cb: (error: Error | null, xml: string) => void): void;
  jsToXliff12(js: XliffResources, cb: (error: Error | null, xml: string) => void): void;
  xliff2js(xml: string, cb: (error: Error | null, js: XliffResources) => void): void;
  xliff12ToJs(xml: string, cb: (error: Error | null, js: XliffResources) => void): void;
}

const require = createRequire(import.meta.url);
const xliff = () => require('xliff') as XliffModule;
const promised = <T>(call: (cb: (error: Error | null, value: T) => void) => void) =>
  new Promise<T>((resolve, reject) => call((error, value) => (error ? reject(error) : resolve(value))));

export async function writeXliff(
  units: readonly ExchangeUnit[],
  version: 'xliff' | 'xliff1.2',
  languages: { source: string; target: string },
): Promise<string> {
  const resources: XliffResources['resources'] = {};
  for (const u of units) (resources[u.file] ??= {})[u.key] = { source: u.source, target: u.target, note: u.note };
  const js = { sourceLanguage: languages.source, targetLanguage: languages.target, resources };
  const xml = await promised<string>((cb) => (version === 'xliff' ? xliff().js2xliff(js, cb) : xliff().jsToXliff12(js, cb)));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`;
}

export async function readXliff(text: string, version: 'xliff' | 'xliff1.2'): Promise<{ targetLanguage?: string; texts: ReturnedText[] }> {
  // The XLIFF reader takes a truncated document for a short one: well-formedness is checked first.
  const { XMLValidator } = require('fast-xml-parser') as typeof import('fast-xml-parser');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`line ${valid.err.line}: ${valid.err.msg}`);
  const js = await promised<XliffResources>((cb) => (version === 'xliff' ? xliff().xliff2js(text, cb) : xliff().xliff12ToJs(text, cb)));
  const texts: ReturnedText[] = [];
  for (const [file, units] of Object.entries(js.resources ?? {}))
    for (const [key, unit] of Object.entries(units)) texts.push({ file, key, target: typeof unit.target === 'string' ? unit.target : '' });
  return { ...(js.targetLanguage && { targetLanguage: js.targetLanguage }), texts };
}
