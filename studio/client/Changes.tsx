import { useEffect, useId, useState } from 'react';
import { BackLink } from './BackLink.tsx';
import type { ChangesAnswer, ChangesPicturesAnswer } from '../api.ts';
import { api } from './api.ts';
import { Propose } from './Propose.tsx';

/**
 * The Changes screen (docs/studio.md, "Changes"): the content's working tree against a commit
 * (the last one unless another is named), as visitors will see it: the files changed, the diff's
 * words per region and section (`build-region diff`'s own), the before and after pictures of the
 * pages touched on request (the review page), and Propose (Propose.tsx).
 */

/** The words of one region, by section, in the order the diff gives them. */
function RegionWords({ region, changes }: { region: string; changes: ChangesAnswer['changes'] }) {
  const sections = [...new Set(changes.map((c) => c.section))];
  return (
    <section className="region-changes" aria-label={`Changes in ${region}`}>
      <h3>
        {region} <span className="quiet">({changes.length === 1 ? '1 change' : `${changes.length} changes`})</span>
      </h3>
      {sections.map((section) => (
        <div key={section}>
          <h4>{section}</h4>
          <ul>
            {changes
              .filter((c) => c.section === section)
              .map((c) => (
                <li key={c.change}>{c.change}</li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The before and after pictures of the pages touched, on request: a review page, at the studio's instant and those given. */
function Pictures({ base }: { base: string }) {
  const id = useId();
  const [at, setAt] = useState('');
  const [state, setState] = useState<{ busy?: boolean; answer?: ChangesPicturesAnswer; problem?: string }>({});
  const ask = () => {
    setState({ busy: true });
    const instants = at
      .split(/[\s,]+/)
      .map((a) => a.trim())
      .filter(Boolean);
    api.changesPictures(base, instants).then(
      (answer) => setState({ answer }),
      (error: Error) => setState({ problem: error.message }),
    );
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Pictures</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          ask();
        }}
      >
        <label htmlFor={`${id}-at`}>Also at (instants with their offsets, or “boundaries” for the next 14 days’)</label>{' '}
        <input id={`${id}-at`} value={at} onChange={(event) => setAt(event.target.value)} size={40} />{' '}
        <button type="submit" disabled={state.busy}>
          Make the pictures
        </button>
      </form>
      <p role="status" className="pictures-status">
        {state.busy
          ? 'Building both sides and picturing the pages touched, at phone and desktop width… (this takes a while)'
          : state.answer
            ? `${state.answer.pages} ${state.answer.pages === 1 ? 'page' : 'pages'} pictured, ${state.answer.changed} with changed pixels.`
            : ''}
      </p>
      {state.answer?.url && (
        <p>
          <a href={state.answer.url} target="_blank" rel="noopener">
            Open the review page
          </a>{' '}
          (before, after and what changed, side by side; in a new tab)
        </p>
      )}
      {state.problem && <p role="alert">{state.problem}</p>}
    </section>
  );
}

export function Changes({ base, go, onChanged }: { base: string; go: (place: { changes?: string }) => void; onChanged: () => void }) {
  const id = useId();
  const [typed, setTyped] = useState(base || 'HEAD');
  const [answer, setAnswer] = useState<ChangesAnswer>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let current = true;
    api.changes(base || 'HEAD').then(
      (found) => current && setAnswer(found),
      (error: Error) => current && setProblem(error.message),
    );
    return () => {
      current = false;
    };
  }, [base]);
  const regions = answer ? [...new Set(answer.changes.map((c) => c.region))] : [];
  return (
    <main id="main" className="changes">
      <BackLink go={() => go({})} />
      <h1>Changes</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          go({ changes: typed.trim() === 'HEAD' ? '' : typed.trim() });
        }}
      >
        <label htmlFor={`${id}-base`}>Compared with (a commit, a branch: HEAD is the last commit)</label>{' '}
        <input id={`${id}-base`} value={typed} onChange={(event) => setTyped(event.target.value)} size={24} />{' '}
        <button type="submit">Compare</button>
      </form>
      {problem && <p role="alert">{problem}</p>}
      {!answer && !problem && <p role="status">Comparing…</p>}
      {answer && (
        <>
          <section aria-labelledby={`${id}-files`}>
            <h2 id={`${id}-files`}>Files changed since {answer.base}</h2>
            {answer.files.length === 0 ? (
              <p>No content file differs from the last commit.</p>
            ) : (
              <ul className="files">
                {answer.files.map((file) => (
                  <li key={file.id}>
                    <code>{file.id}</code> <span className="quiet">{file.status}</span>
                  </li>
                ))}
              </ul>
            )}
            {answer.unsaved.length > 0 && (
              <p className="warning">Unsaved edits in {answer.unsaved.join(', ')}: they are not part of the change until they are saved.</p>
            )}
          </section>
          <section aria-labelledby={`${id}-words`}>
            <h2 id={`${id}-words`}>What visitors will see change</h2>
            {answer.errors ? (
              <p role="alert">{answer.errors}</p>
            ) : regions.length === 0 ? (
              <p>No visible change.</p>
            ) : (
              regions.map((region) => (
                <RegionWords key={region} region={region} changes={answer.changes.filter((c) => c.region === region)} />
              ))
            )}
          </section>
          {answer.changes.length > 0 && <Pictures base={answer.base} />}
          {answer.files.length > 0 && !answer.errors && <Propose proposal={answer.proposal} onProposed={onChanged} />}
        </>
      )}
    </main>
  );
}
