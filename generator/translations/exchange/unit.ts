import type { TextState } from '../index.ts';

/**
 * What a translator's file holds, in any of the formats (generator/translations/exchange/json.ts, po.ts,
 * xliff.ts), and the states a text goes through there (docs/translations.md, "States").
 */

export const EXCHANGE_FORMATS = ['xliff', 'xliff1.2', 'po', 'json'] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number];

/**
 * How far a text is in a translator's file, in XLIFF 2.0's words (its `state` attribute):
 * `initial` not translated yet, or to be checked again (a stale text, PO's `fuzzy`);
 * `translated`; `reviewed`; `final`. Each format's own states map onto these.
 */
export const UNIT_STATES = ['initial', 'translated', 'reviewed', 'final'] as const;
export type UnitState = (typeof UNIT_STATES)[number];

/** Whether a returned text's state says a translator made or accepted it. */
export const isDone = (state: UnitState): boolean => state !== 'initial';

/**
 * The state a text is exported with, from its freshness: a current text (recorded as
 * translating its source as it is) is `reviewed`; a stale, missing or unrecorded one is
 * `initial` (to translate, or to check and confirm).
 */
export function exportState(state: TextState): UnitState {
  return state === 'current' ? 'reviewed' : 'initial';
}

/** One text to translate: where it is (the translated file, the text's key), its source, the translation there is. */
export interface ExchangeUnit {
  readonly file: string;
  readonly key: string;
  readonly source: string;
  readonly target: string;
  /** Its freshness in the content. */
  readonly state: TextState;
  /** What a translator needs to know, as a sentence: the state, where the text shows, its maximum length. */
  readonly note: string;
  /** The pages (paths: /fr/mini-robot) the text shows on; none for an interface text, shown everywhere. */
  readonly shownOn: readonly string[];
  /** Its maximum length in characters (Unicode code points), where the schema sets one. */
  readonly maxLength?: number;
  /** The line of the text in its translated file (of its source file when missing there), for references. */
  readonly line: number;
}

/** A text read from a translator's file: where it goes, what it now says, its state, and where it is in that file. */
export interface ReturnedText {
  readonly file: string;
  readonly key: string;
  /**
   * The source text the file says it translated (XLIFF `<source>`, PO `msgid`, JSON `source`):
   * when it is no longer the source's text, the translation is of an older source and stays stale.
   */
  readonly source?: string;
  readonly target: string;
  readonly state: UnitState;
  /** The line of the text's entry in the translator's file (1-based), where a refusal points. */
  readonly line: number;
}

/** What a reader found in a translator's file. */
export interface ReadResult {
  /** The language the file says it translates into, as written there. */
  readonly targetLanguage?: string;
  readonly texts: readonly ReturnedText[];
}

/**
 * A translator's file that cannot be read as its standard defines it (not well-formed, cut
 * off, in a charset the header does not name, an inline element with no placeholder behind
 * it): the whole file is refused at `line`.
 */
export class ExchangeReadError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'ExchangeReadError';
  }
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
