import { useCallback, useEffect, useState } from 'react';
import type { Overview } from '../api.ts';
import { api } from './api.ts';
import { Editor } from './Editor.tsx';
import { Find } from './Find.tsx';

/** Where the studio is: the Find screen, or a file open (at a line), as the address says (`?file=&line=`). */
export interface Place {
  readonly file?: string;
  readonly line?: number;
}

function placeOf(search: string): Place {
  const params = new URLSearchParams(search);
  const file = params.get('file') ?? undefined;
  const line = Number(params.get('line'));
  return { ...(file && { file }), ...(Number.isInteger(line) && line > 0 && { line }) };
}

/**
 * The studio's page (docs/studio.md): a header with the content's state, the Find screen, and
 * the file open. Each place has its address, so the browser's back button and a reload work.
 */
export function App() {
  const [place, setPlace] = useState<Place>(() => placeOf(window.location.search));
  const [overview, setOverview] = useState<Overview>();
  const [problem, setProblem] = useState<string>();
  const refresh = useCallback(() => {
    api.overview().then(setOverview, (error: Error) => setProblem(error.message));
  }, []);
  useEffect(refresh, [refresh]);
  useEffect(() => {
    const follow = () => setPlace(placeOf(window.location.search));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const go = useCallback((next: Place) => {
    const params = new URLSearchParams();
    if (next.file) params.set('file', next.file);
    if (next.line) params.set('line', String(next.line));
    window.history.pushState(null, '', params.size > 0 ? `/?${params}` : '/');
    setPlace(next);
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
      {place.file ? (
        <Editor key={place.file} id={place.file} line={place.line} overview={overview} onSaved={refresh} onClose={() => go({})} />
      ) : (
        <Find overview={overview} open={(file, line) => go({ file, ...(line && { line }) })} />
      )}
    </>
  );
}
