/**
 * What the studio's client and server say to each other about translations side by side
 * (docs/studio.md, "Translations side by side"; studio/api.ts names them all). Types only.
 */

import type { GlossaryData } from '../core/glossary.ts';
import type { FileId, StudioDiagnostic } from './api-base.ts';

/** A text's state in a translation (docs/translations.md, "Fingerprints"). */
export type TextState = 'current' | 'stale' | 'missing' | 'unrecorded';

/** A piece of a word diff: kept, removed or added words. */
export interface DiffPart {
  readonly kind: 'same' | 'removed' | 'added';
  readonly text: string;
}

/** GET /api/translations: every source file that has translations, with each translation's counts (the picker). */
export interface TranslationSourcesAnswer {
  readonly sources: readonly {
    readonly id: FileId;
    readonly kind: 'messages' | 'page';
    readonly translations: readonly ({ readonly id: FileId; readonly locale: string } & Readonly<Record<TextState, number>>)[];
  }[];
}

/** One text of a translation, side by side with its source's. */
export interface TranslationText {
  readonly state: TextState;
  /** The translation's text (none when missing). */
  readonly text?: string;
  /**
   * For a stale text: the source text as it was when translated (found in git by the
   * fingerprint its sources file records) and the word diff from it to the source's text now;
   * or why it is not known (never guessed).
   */
  readonly was?:
    | { readonly found: true; readonly text: string; readonly diff: readonly DiffPart[] }
    | { readonly found: false; readonly reason: string };
}

/** A translation of the source: its file, its language, and its texts by key (a key it inherits is absent). */
export interface TranslationColumn {
  readonly id: FileId;
  /** The file's language tag (`fr`, or a catalogue's `fr-FR`). */
  readonly language: string;
  /** The locale it is read in: the regions' that show it when they share one, else its language. */
  readonly locale: string;
  /** The language's name in English ("French"). */
  readonly name: string;
  /** The glossary's key for its texts, as `--check` reads it: a catalogue's locale (`fr-FR`), a page file's language (`fr`). */
  readonly glossaryLocale: string;
  /** sha256 of the file on disk: what a save says it started from. */
  readonly hash: string;
  /** It has unsaved edits in the studio's editor: texts are written from there until they are saved or dropped. */
  readonly unsaved: boolean;
  readonly texts: Readonly<Record<string, TranslationText>>;
}

/** GET /api/translations?source=: a source file's texts in every locale (docs/studio.md, "Translations side by side"). */
export interface TranslationsAnswer {
  readonly source: {
    readonly id: FileId;
    readonly kind: 'messages' | 'page';
    readonly texts: readonly { readonly key: string; readonly text: string }[];
  };
  readonly translations: readonly TranslationColumn[];
  /** The texts' length limits by key (their schema's maxLength: a page's title and description), counted as one types. */
  readonly limits: Readonly<Record<string, number>>;
  /** The glossary (glossary.yaml) as the last check read it, when the content has a valid one: the page shows its words and warns as one types. */
  readonly glossary?: GlossaryData;
}

/** One suggestion for a text to translate: a current translation of the same or a close source text. */
export interface Suggestion {
  /** The translation to take. */
  readonly text: string;
  /** Where it is: its file, its key, and that file's locale or language. */
  readonly from: { readonly id: FileId; readonly key: string; readonly locale: string };
  /** How alike its source is to this one, in percent (100: the same text). */
  readonly alike: number;
  /** The source it translates. */
  readonly source: string;
  /** Where its source is not the same: the word diff from it to this text's source (what the translator changes). */
  readonly diff?: readonly DiffPart[];
}

/** GET /api/translation/suggestions?id=&key=: the suggestions for one text of a translated file, best first (docs/studio.md, "Suggestions"). */
export interface SuggestionsAnswer {
  /** The source text they are for. */
  readonly source: string;
  readonly suggestions: readonly Suggestion[];
}

/** PUT /api/translation {id, key, text, base}: one text of a translation written, or 409 with the version on disk. */
export type TranslationSaveAnswer =
  | { readonly saved: true; readonly hash: string; readonly diagnostics: readonly StudioDiagnostic[] }
  | { readonly saved: false; readonly conflict: { readonly text: string; readonly hash: string } };

/** POST /api/translation/mark {id, keys}: those texts recorded as translating their source's text now. */
export interface TranslationMarkAnswer {
  /** The sources file written. */
  readonly sources: FileId;
  /** Each key marked, with its state now. */
  readonly states: Readonly<Record<string, TextState>>;
}
