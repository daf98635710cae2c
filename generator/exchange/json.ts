import { splitId, unitId } from './unit.ts';
import type { ExchangeUnit, ReturnedText } from './unit.ts';

/** Translations as JSON: `{ sourceLanguage, targetLanguage, texts: { "<file>#<key>": { source, target, state, note } } }`. */

export function writeJson(units: readonly ExchangeUnit[], languages: { source: string; target: string }): string {
  const texts = Object.fromEntries(units.map((u) => [unitId(u), { source: u.source, target: u.target, state: u.state, note: u.note }]));
  return `${JSON.stringify({ sourceLanguage: languages.source, targetLanguage: languages.target, texts }, null, 2)}\n`;
}

export function readJson(text: string): { targetLanguage?: string; texts: ReturnedText[] } {
  const data = JSON.parse(text) as { targetLanguage?: string; texts?: Record<string, { target?: unknown }> };
  if (!data || typeof data !== 'object' || typeof data.texts !== 'object' || data.texts === null)
    throw new Error('expected an object with "texts"');
  return {
    ...(typeof data.targetLanguage === 'string' && { targetLanguage: data.targetLanguage }),
    texts: Object.entries(data.texts).map(([id, unit]) => ({
      ...splitId(id),
      target: typeof unit?.target === 'string' ? unit.target : '',
    })),
  };
}
