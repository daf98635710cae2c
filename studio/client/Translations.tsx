import { useId, useMemo, useState } from 'react';
import { BackLink } from './BackLink.tsx';
import type { TextState, TranslationsAnswer, TranslationSourcesAnswer } from '../api.ts';
import { TranslationRow } from './translation-row.tsx';
import { useTranslations } from './translations-state.ts';

type StateFilter = 'all' | TextState;

const STATE_FILTERS: readonly [StateFilter, string][] = [
  ['all', 'All'],
  ['stale', 'Stale'],
  ['missing', 'Missing'],
  ['unrecorded', 'Not reviewed yet'],
  ['current', 'Current'],
];

/** A source's translations counted in words, for the picker: "fr-FR: 2 stale, 1 missing". */
function countsOf(source: TranslationSourcesAnswer['sources'][number]): string {
  return source.translations
    .map((t) => {
      const behind = [t.stale && `${t.stale} stale`, t.missing && `${t.missing} missing`, t.unrecorded && `${t.unrecorded} not reviewed`]
        .filter(Boolean)
        .join(', ');
      return `${t.locale}: ${behind || 'current'}`;
    })
    .join('; ');
}

interface Filters {
  readonly state: StateFilter;
  readonly locale: string;
}

/** The source picker and the two filters, a labelled field each. */
function Choices(props: {
  source: string;
  sources: TranslationSourcesAnswer | undefined;
  answer: TranslationsAnswer | undefined;
  filters: Filters;
  choose: (source: string) => void;
  filter: (filters: Filters) => void;
}) {
  const { source, sources, answer, filters, choose, filter } = props;
  const id = useId();
  return (
    <form className="translation-choices" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor={`${id}-source`}>Source file</label>
        <select id={`${id}-source`} value={source} onChange={(event) => choose(event.target.value)}>
          <option value="">Choose a source file…</option>
          {sources?.sources.map((s) => (
            <option key={s.id} value={s.id}>
              {s.id} ({countsOf(s)})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-state`}>State</label>
        <select
          id={`${id}-state`}
          value={filters.state}
          onChange={(event) => filter({ ...filters, state: event.target.value as StateFilter })}
        >
          {STATE_FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-locale`}>Locale</label>
        <select id={`${id}-locale`} value={filters.locale} onChange={(event) => filter({ ...filters, locale: event.target.value })}>
          <option value="">All</option>
          {answer?.translations.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.locale})
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

/**
 * The Translations screen (docs/studio.md, "Translations side by side"): a source file's texts
 * in every locale at once, one row per key; a stale text with the source's word diff since it
 * was translated; each text edited, saved and marked as reviewed in its place.
 */
export function Translations({
  source,
  go,
  onChanged,
}: {
  source: string;
  /** Goes to another place of the studio: another source's translations, or Find (`{}`). */
  go: (place: { translations?: string }) => void;
  onChanged: () => void;
}) {
  const state = useTranslations(source, onChanged);
  const [filters, setFilters] = useState<Filters>({ state: 'all', locale: '' });
  const { answer } = state;
  // The same list while the answer and the filter are: the rows compare it by identity.
  const columns = useMemo(
    () => answer?.translations.filter((t) => !filters.locale || t.id === filters.locale) ?? [],
    [answer, filters.locale],
  );
  const rows =
    answer?.source.texts.filter(
      (text) => filters.state === 'all' || columns.some((column) => column.texts[text.key]?.state === filters.state),
    ) ?? [];
  const sourceLang = source.replace(/^.*\//, '').replace(/\.ya?ml$/, '');
  return (
    <main id="main" className="translations">
      <BackLink go={() => go({})} />
      <h1>Translations side by side{source && `: ${source}`}</h1>
      <Choices
        source={source}
        sources={state.sources}
        answer={answer}
        filters={filters}
        choose={(next) => go({ translations: next })}
        filter={setFilters}
      />
      {state.problem && <p role="alert">{state.problem}</p>}
      <p role="status" className="translations-status">
        {state.status}
      </p>
      {answer && (
        <>
          <p className="quiet">
            {rows.length} of {answer.source.texts.length} texts shown, in {columns.length} of {answer.translations.length}{' '}
            {answer.translations.length === 1 ? 'translation' : 'translations'}.
          </p>
          <ol className="translation-rows">
            {rows.map((text) => (
              <TranslationRow
                key={text.key}
                keyName={text.key}
                source={text.text}
                sourceLang={sourceLang}
                columns={columns}
                drafts={state.drafts}
                notes={state.notes}
                actions={state.actions}
                glossary={answer.glossary}
                limits={answer.limits}
              />
            ))}
          </ol>
        </>
      )}
      {!source && <p>Choose a source file: its texts show here beside each of their translations.</p>}
    </main>
  );
}
