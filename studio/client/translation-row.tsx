import { memo, useId } from 'react';
import type { GlossaryData } from '../../core/glossary.ts';
import type { TextState, TranslationColumn, TranslationText } from '../api.ts';
import { glossaryOfCell, SourceWithGlossary } from './glossary-notes.tsx';
import { lengthNote, pluralNotes } from './cell-checks.ts';
import { missingPlaceholders } from '../../core/placeholders.ts';
import { Suggestions } from './suggestions.tsx';
import type { CellNote, TranslationActions } from './translations-state.ts';
import { cellOf } from './translations-state.ts';
import { WordDiff } from './word-diff.tsx';

/** A text's state in words: colour is never the only sign. */
export const STATE_WORDS: Record<TextState | 'inherited', string> = {
  current: 'Current',
  stale: 'Stale: the source changed since it was translated',
  missing: 'Missing: not translated yet',
  unrecorded: 'Not reviewed yet: no record of the source it translates',
  inherited: 'Inherited from the catalogue it extends',
};

/** What the source was when a stale text was translated, and what changed since; or why that is not known. */
function SourceChange({ was }: { was: NonNullable<TranslationText['was']> }) {
  if (!was.found) return <p className="source-change">{was.reason}</p>;
  return (
    <div className="source-change">
      <p>
        The source when translated: <q>{was.text}</q>
      </p>
      <p>
        What changed since: <WordDiff parts={was.diff} />
      </p>
    </div>
  );
}

interface CellProps {
  readonly column: TranslationColumn;
  readonly keyName: string;
  readonly source: string;
  /** The text typed and not saved yet, if any. */
  readonly draft: string | undefined;
  readonly note: CellNote | undefined;
  readonly actions: TranslationActions;
  readonly glossary: GlossaryData | undefined;
  /** The text's length limit (its schema's maxLength), when it has one. */
  readonly limit: number | undefined;
}

/** What the field says under it as one types: the glossary's words, the length against its limit, the plural's forms in the locale. */
function fieldNotes(cell: {
  glossary: GlossaryData | undefined;
  column: TranslationColumn;
  keyName: string;
  source: string;
  value: string;
  limit: number | undefined;
}): { lines: string[]; warnings: string[] } | undefined {
  const terms = glossaryOfCell(cell.glossary, cell.column.glossaryLocale, cell.source, cell.value);
  const length = lengthNote(cell.value, cell.limit);
  const plurals = pluralNotes(cell.source, cell.value, cell.column.locale);
  const lines = [...(terms.asks.length > 0 ? [`Glossary: ${terms.asks.join('; ')}.`] : []), ...plurals.lines];
  const warnings = [...terms.warnings, ...plurals.warnings];
  if (length) (length.over ? warnings : lines).push(length.text);
  return lines.length + warnings.length > 0 ? { lines, warnings } : undefined;
}

/** One locale's text of a key: its state, what changed in the source, its field, Save and Mark as reviewed. */
function Cell({ column, keyName, source, draft, note, actions, glossary, limit }: CellProps) {
  const id = useId();
  const text = column.texts[keyName];
  const value = draft ?? text?.text ?? '';
  const dirty = value !== (text?.text ?? '');
  const lacking = value ? missingPlaceholders(source, value) : [];
  const notes = fieldNotes({ glossary, column, keyName, source, value, limit });
  const described = [lacking.length > 0 && `${id}-lacking`, notes && `${id}-notes`].filter(Boolean).join(' ');
  return (
    <fieldset className={`translation-cell state-${text?.state ?? 'inherited'}`}>
      <legend>
        {column.name} ({column.locale}): <span className="state-words">{STATE_WORDS[text?.state ?? 'inherited']}</span>
      </legend>
      {text?.was && <SourceChange was={text.was} />}
      <label htmlFor={`${id}-text`}>
        {column.name} text of <code>{keyName}</code>
      </label>
      <textarea
        id={`${id}-text`}
        lang={column.language}
        value={value}
        rows={Math.min(8, Math.max(2, Math.ceil(value.length / 60)))}
        onChange={(event) => actions.type(column, keyName, event.target.value)}
        aria-describedby={described || undefined}
      />
      {notes && (
        <div id={`${id}-notes`} className="field-notes">
          {notes.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {notes.warnings.map((warning) => (
            <p key={warning} className="warning">
              Warning {warning}
            </p>
          ))}
        </div>
      )}
      {lacking.length > 0 && (
        <p className="warning" id={`${id}-lacking`}>
          Warning: the translation lacks {lacking.join(', ')}, which the source has. Keep every placeholder of the source, unchanged: Save
          waits until it has them.
        </p>
      )}
      {note && (
        <div className="cell-note">
          <p>{note.text}</p>
          {note.diagnostics?.map((d) => (
            <p key={`${d.code}:${d.line}:${d.column}`} className={d.severity}>
              {d.severity === 'error' ? 'Error' : 'Warning'} {d.code}: {d.message}
            </p>
          ))}
        </div>
      )}
      <div className="cell-actions">
        <button type="button" disabled={!dirty || lacking.length > 0} onClick={() => void actions.save(column, keyName)}>
          Save
        </button>
        {text && (text.state === 'stale' || text.state === 'unrecorded') && (
          <button type="button" onClick={() => void actions.mark(column, keyName)}>
            Mark as reviewed
          </button>
        )}
        {dirty && <span className="quiet">Unsaved.</span>}
      </div>
      {text && (text.state === 'stale' || text.state === 'missing') && (
        <Suggestions id={column.id} keyName={keyName} use={(suggestion) => actions.type(column, keyName, suggestion)} />
      )}
    </fieldset>
  );
}

interface RowProps {
  readonly keyName: string;
  readonly source: string;
  readonly sourceLang: string;
  readonly columns: readonly TranslationColumn[];
  readonly drafts: ReadonlyMap<string, string>;
  readonly notes: ReadonlyMap<string, CellNote>;
  readonly actions: TranslationActions;
  readonly glossary: GlossaryData | undefined;
  readonly limits: Readonly<Record<string, number>> | undefined;
}

/** One key: the source's text, then each shown locale's. */
function Row({ keyName, source, sourceLang, columns, drafts, notes, actions, glossary, limits }: RowProps) {
  return (
    <li className="translation-row" data-key={keyName}>
      <h2>
        <code>{keyName}</code>
      </h2>
      <div className="translation-cells">
        <div className="translation-source">
          <p className="cell-title">Source ({sourceLang})</p>
          <SourceWithGlossary text={source} lang={sourceLang} glossary={glossary} />
        </div>
        {columns.map((column) => {
          const cell = cellOf(column.id, keyName);
          return (
            <Cell
              key={column.id}
              column={column}
              keyName={keyName}
              source={source}
              draft={drafts.get(cell)}
              note={notes.get(cell)}
              actions={actions}
              glossary={glossary}
              limit={limits?.[keyName]}
            />
          );
        })}
      </div>
    </li>
  );
}

/**
 * A row re-renders only when its own texts change: a catalogue has hundreds of keys, and
 * each key typed in one field must not render every other row again.
 */
export const TranslationRow = memo(Row, (before, after) => {
  const same = (name: 'keyName' | 'source' | 'sourceLang' | 'columns' | 'actions' | 'glossary' | 'limits') => before[name] === after[name];
  if (
    !same('keyName') ||
    !same('source') ||
    !same('sourceLang') ||
    !same('columns') ||
    !same('actions') ||
    !same('glossary') ||
    !same('limits')
  )
    return false;
  return after.columns.every((column) => {
    const cell = cellOf(column.id, after.keyName);
    return before.drafts.get(cell) === after.drafts.get(cell) && before.notes.get(cell) === after.notes.get(cell);
  });
});
