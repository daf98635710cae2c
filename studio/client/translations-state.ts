import { useEffect, useMemo, useRef, useState } from 'react';
import type { StudioDiagnostic, TranslationColumn, TranslationsAnswer, TranslationSourcesAnswer } from '../api.ts';
import { api } from './api.ts';

/** A text of a translation, named by its file and key. */
export const cellOf = (id: string, key: string) => `${id}\u0000${key}`;

/** What the last write of a text said, shown in its place. */
export interface CellNote {
  readonly text: string;
  readonly diagnostics?: readonly StudioDiagnostic[];
}

/** What a text's field does; the same object for the whole screen, so that a row re-renders only when its own texts change. */
export interface TranslationActions {
  type(column: TranslationColumn, key: string, text: string): void;
  save(column: TranslationColumn, key: string): Promise<void>;
  mark(column: TranslationColumn, key: string): Promise<void>;
}

export interface TranslationsState {
  readonly sources: TranslationSourcesAnswer | undefined;
  readonly answer: TranslationsAnswer | undefined;
  readonly problem: string | undefined;
  /** What the last save or mark did, in words (announced). */
  readonly status: string;
  /** The texts typed and not saved yet, by cell. */
  readonly drafts: ReadonlyMap<string, string>;
  readonly notes: ReadonlyMap<string, CellNote>;
  readonly actions: TranslationActions;
}

const words = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the writes need of the screen's state. */
interface Context {
  readonly drafts: { readonly current: ReadonlyMap<string, string> };
  setDrafts(change: (now: ReadonlyMap<string, string>) => ReadonlyMap<string, string>): void;
  note(cell: string, value: CellNote): void;
  setStatus(status: string): void;
  reload(): Promise<void>;
  /** After a write: the overview's counts and the source's texts read again. */
  settle(): Promise<void>;
}

/** PUT /api/translation: the typed text of a cell written; on a conflict the text stays typed, over the disk's version now shown. */
async function saveText(context: Context, column: TranslationColumn, key: string): Promise<void> {
  const cell = cellOf(column.id, key);
  const text = context.drafts.current.get(cell);
  if (text === undefined) return;
  // Emptied first: the same words again ("Saved.") are announced again.
  context.setStatus('');
  try {
    const saved = await api.saveTranslation(column.id, key, text, column.hash);
    if (!saved.saved) {
      context.setStatus(
        `Not saved: ${column.id} changed on disk since it was shown. Your text is still in its field, and the screen now shows the file as it is on disk: save again to write yours.`,
      );
      return await context.reload();
    }
    context.setDrafts((now) => {
      const next = new Map(now);
      next.delete(cell);
      return next;
    });
    context.note(cell, { text: 'Saved.', diagnostics: saved.diagnostics });
    context.setStatus('Saved.');
    await context.settle();
  } catch (error) {
    context.setStatus(`Not saved: ${words(error)}`);
  }
}

/** POST /api/translation/mark: a cell's saved text recorded as reviewed (a typed one is saved first, by the translator). */
async function markText(context: Context, column: TranslationColumn, key: string): Promise<void> {
  const cell = cellOf(column.id, key);
  const typed = context.drafts.current.get(cell);
  context.setStatus('');
  if (typed !== undefined && typed !== (column.texts[key]?.text ?? ''))
    return context.setStatus(`Save the ${column.locale} text of ${key} first: marking records the saved text as reviewed.`);
  try {
    const marked = await api.markTranslation(column.id, [key]);
    const state = marked.states[key];
    context.note(cell, { text: state === 'current' ? 'Reviewed.' : `Marked; it is ${state} still.` });
    context.setStatus(
      state === 'current'
        ? `Marked as reviewed: ${column.locale} now current for ${key}.`
        : `Marked, but ${column.locale} is ${state} still for ${key}.`,
    );
    await context.settle();
  } catch (error) {
    context.setStatus(`Not marked: ${words(error)}`);
  }
}

/**
 * The side by side's data and its two writes (docs/studio.md, "Translations side by side"): a
 * text saved (PUT /api/translation) and a text marked as reviewed (POST /api/translation/mark),
 * each followed by the source's texts read again, since a write changes states and counts.
 * Typed texts are kept until saved, through every reload: a conflict loses none.
 */
export function useTranslations(source: string, onChanged: () => void): TranslationsState {
  const [sources, setSources] = useState<TranslationSourcesAnswer>();
  const [answer, setAnswer] = useState<TranslationsAnswer>();
  const [problem, setProblem] = useState<string>();
  const [status, setStatus] = useState('');
  const [drafts, setDrafts] = useState<ReadonlyMap<string, string>>(new Map());
  const [notes, setNotes] = useState<ReadonlyMap<string, CellNote>>(new Map());
  // The writes read the typed texts when they run, not when they were made.
  const typed = useRef(drafts);
  typed.current = drafts;
  const { actions, load } = useMemo(() => {
    const reload = async () => {
      const [list, texts] = await Promise.all([api.translationSources(), source ? api.translations(source) : undefined]);
      setSources(list);
      setAnswer(texts);
      setProblem(undefined);
    };
    const context: Context = {
      drafts: typed,
      setDrafts,
      note: (cell, value) => setNotes((now) => new Map(now).set(cell, value)),
      setStatus,
      reload,
      settle: async () => {
        onChanged();
        await reload();
      },
    };
    const actions: TranslationActions = {
      type: (column, key, text) => setDrafts((now) => new Map(now).set(cellOf(column.id, key), text)),
      save: (column, key) => saveText(context, column, key),
      mark: (column, key) => markText(context, column, key),
    };
    return { actions, load: () => reload().catch((error: unknown) => setProblem(words(error))) };
  }, [source, onChanged]);
  useEffect(() => void load(), [load]);
  return { sources, answer, problem, status, drafts, notes, actions };
}
