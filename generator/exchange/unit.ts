import type { TextState } from '../translations.ts';

/** What a translator's file holds, in any of the formats (generator/exchange/json.ts, po.ts, xliff.ts). */

export const EXCHANGE_FORMATS = ['xliff', 'xliff1.2', 'po', 'json'] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number];

/** One text to translate: where it is (the translated file, the text's key), its source, the translation there is. */
export interface ExchangeUnit {
  readonly file: string;
  readonly key: string;
  readonly source: string;
  readonly target: string;
  readonly state: TextState;
  /** What a translator needs to know: the state, where the text shows, its maximum length. */
  readonly note: string;
}

/** A text read from a translator's file: where it goes and what it now says. */
export interface ReturnedText {
  readonly file: string;
  readonly key: string;
  readonly target: string;
}

/** A text's id in a translator's file: `<file>#<key>`. */
export function unitId(unit: { readonly file: string; readonly key: string }): string {
  return `${unit.file}#${unit.key}`;
}

/** A text's file and key from its id (`<file>#<key>`). */
export function splitId(id: string): { file: string; key: string } {
  const at = id.lastIndexOf('#');
  return at < 0 ? { file: '', key: id } : { file: id.slice(0, at), key: id.slice(at + 1) };
}
