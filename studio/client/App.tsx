import { useCallback, useEffect, useRef, useState } from 'react';
import type { Overview } from '../api.ts';
import { api } from './api.ts';
import { ScreenBoundary } from './Boundary.tsx';
import { WATCH_MS } from './disk-watch.ts';
import { Changes } from './Changes.tsx';
import { Editor } from './Editor.tsx';
import { Find } from './Find.tsx';
import { Translations } from './Translations.tsx';

/**
 * Where the studio is, as the address says: the Find screen (with a search, `?q=`), or a file
 * open at a line (`?file=&line=`), or at a form's field (`&field=`, its id: a text picked in the
 * preview), or a source file's translations side by side (`?translations=`, empty: none chosen yet).
 */
export interface Place {
  readonly file?: string;
  readonly line?: number;
  readonly field?: string;
  readonly query?: string;
  readonly translations?: string;
  /** The Changes screen, against this revision ('' for the last commit). */
  readonly changes?: string;
}

function placeOf(search: string): Place {
  const params = new URLSearchParams(search);
  const file = params.get('file') ?? undefined;
  const line = Number(params.get('line'));
  const field = params.get('field') ?? undefined;
  const query = params.get('q') ?? undefined;
  const translations = params.get('translations');
  const changes = params.get('changes');
  return {
    ...(changes !== null && { changes }),
    ...(file && { file }),
    ...(Number.isInteger(line) && line > 0 && { line }),
    ...(field && { field }),
    ...(query && { query }),
    ...(translations !== null && { translations }),
  };
}

/** A place's address: `/?file=…&line=…`, `/?translations=…`, or `/` for Find. */
function addressOf(place: Place): string {
  const params = new URLSearchParams();
  if (place.file) params.set('file', place.file);
  if (place.line) params.set('line', String(place.line));
  if (place.field) params.set('field', place.field);
  if (place.query) params.set('q', place.query);
  if (place.translations !== undefined) params.set('translations', place.translations);
  if (place.changes !== undefined) params.set('changes', place.changes);
  return params.size > 0 ? `/?${params}` : '/';
}

/**
 * The content's state (GET /api/overview): read at once and on `refresh` (after a save), and
 * looked at again as an open file is (disk-watch.ts), so another hand's change (an editor, a git
 * pull, another studio) shows in the counts too: the disk's stamp is asked for, and the overview
 * again only when the stamp is not the one its compile read.
 */
function useOverview(): { overview?: Overview; problem?: string; refresh: () => void } {
  const [overview, setOverview] = useState<Overview>();
  const [problem, setProblem] = useState<string>();
  const refresh = useCallback(() => {
    api.overview().then(setOverview, (error: Error) => setProblem(error.message));
  }, []);
  useEffect(refresh, [refresh]);
  const stamp = useRef<string>(undefined);
  stamp.current = overview?.stamp;
  useEffect(() => {
    let looking = false;
    const look = () => {
      if (looking) return;
      looking = true;
      api
        .overviewStamp()
        .then(async (disk) => {
          if (disk.stamp !== stamp.current) setOverview(await api.overview());
        })
        // A look that fails (the studio stopped) is tried again at the next.
        .catch(() => undefined)
        .finally(() => (looking = false));
    };
    const timer = setInterval(look, WATCH_MS);
    window.addEventListener('focus', look);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', look);
    };
  }, []);
  return { overview, problem, refresh };
}

/** Which screen a place shows, as the screens are keyed below: the same one while only its line or field changes. */
const screenOf = (place: Place) =>
  place.changes !== undefined
    ? `changes ${place.changes}`
    : place.translations !== undefined
      ? `translations ${place.translations}`
      : place.file
        ? `file ${place.file}`
        : `find ${place.query ?? ''}`;

/**
 * The studio's page (docs/studio.md): a header with the content's state, the Find screen, and
 * the file open. Each place has its address, so the browser's back button and a reload work.
 */
export function App() {
  const [place, setPlace] = useState<Place>(() => placeOf(window.location.search));
  // Each place gone to counts: the same place asked for again (a text picked twice) is gone to again.
  const [visit, setVisit] = useState(0);
  const { overview, problem, refresh } = useOverview();
  useEffect(() => {
    const follow = () => setPlace(placeOf(window.location.search));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const go = useCallback((next: Place) => {
    const address = addressOf(next);
    // The same place again adds no step to the history.
    if (address === `${window.location.pathname}${window.location.search}`) window.history.replaceState(null, '', address);
    else window.history.pushState(null, '', address);
    setPlace(next);
    setVisit((n) => n + 1);
  }, []);
  return (
    <>
      <header className="bar">
        <a
          className="brand"
          href="/"
          onClick={(event) => {
            event.preventDefault();
            go({});
          }}
        >
          Studio
        </a>
        <p className={overview && !overview.buildable ? 'state broken' : 'state'} role="status">
          {overview === undefined
            ? 'Checking the content…'
            : overview.buildable
              ? `The sites build. ${overview.warnings} warnings.`
              : `The sites will not build: ${overview.errors} ${overview.errors === 1 ? 'error' : 'errors'}, ${overview.warnings} warnings.`}
        </p>
      </header>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      <ScreenBoundary screen={screenOf(place)} home={() => go({})}>
        {place.changes !== undefined ? (
          <Changes key={place.changes} base={place.changes} go={go} onChanged={refresh} />
        ) : place.translations !== undefined ? (
          <Translations key={place.translations} source={place.translations} go={go} onChanged={refresh} />
        ) : place.file ? (
          <Editor
            key={place.file}
            id={place.file}
            line={place.line}
            field={place.field}
            visit={visit}
            overview={overview}
            onSaved={refresh}
            onClose={() => go({})}
            onOpen={go}
            onFind={(query) => go({ query })}
          />
        ) : (
          <Find
            key={place.query}
            overview={overview}
            query={place.query}
            open={(file, line) => go({ file, ...(line && { line }) })}
            openTranslations={() => go({ translations: '' })}
            openChanges={() => go({ changes: '' })}
            refresh={refresh}
          />
        )}
      </ScreenBoundary>
    </>
  );
}
