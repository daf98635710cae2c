import { useId, useState } from 'react';
import type { ChangesAnswer, ProposeAnswer } from '../api.ts';
import { api } from './api.ts';

/**
 * Propose (docs/studio.md, "Propose"): the change made a branch and a commit (its message from
 * the diff's words), pushed to the repository's remote, and a pull request opened where GitHub is
 * configured; otherwise the studio says what to do. Nothing outside the content's change is
 * committed, nothing is ever force-pushed, and the maintainer's own checkout is left as it was.
 */
export function Propose({ proposal, onProposed }: { proposal: ChangesAnswer['proposal']; onProposed: () => void }) {
  const id = useId();
  const [title, setTitle] = useState(proposal.title);
  const [branch, setBranch] = useState('');
  const [state, setState] = useState<{ busy?: boolean; answer?: ProposeAnswer; problem?: string }>({});
  const send = () => {
    setState({ busy: true });
    api.propose(title, branch.trim() || undefined).then(
      (answer) => {
        setState({ answer });
        onProposed();
      },
      (error: Error) => setState({ problem: error.message }),
    );
  };
  const { answer } = state;
  return (
    <section aria-labelledby={`${id}-title`} className="propose">
      <h2 id={`${id}-title`}>Propose</h2>
      <p className="quiet">
        A branch with one commit of the content's change (only the files listed above), pushed to the repository's remote, and a pull
        request whose text is the words above where GitHub is configured. Your own checkout stays as it is.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-subject`}>Commit message (its first line)</label>
          <input id={`${id}-subject`} value={title} onChange={(event) => setTitle(event.target.value)} size={72} maxLength={200} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-branch`}>Branch (optional: one is named after the message)</label>
          <input id={`${id}-branch`} value={branch} onChange={(event) => setBranch(event.target.value)} size={40} />
        </div>
        <details>
          <summary>The rest of the message, and the pull request's text</summary>
          <pre className="proposal-body">{proposal.body}</pre>
        </details>
        <button type="submit" disabled={state.busy}>
          Propose
        </button>
      </form>
      <div role="status">
        {state.busy && 'Committing and pushing…'}
        {answer && (
          <>
            <p>
              Committed {answer.files.length} {answer.files.length === 1 ? 'file' : 'files'} on branch <code>{answer.branch}</code> (
              <code>{answer.commit.slice(0, 12)}</code>)
              {answer.rebased &&
                `, on ${answer.rebased.onto}, which had moved by ${answer.rebased.commits} ${answer.rebased.commits === 1 ? 'commit' : 'commits'}`}
              . {answer.push.done ? `Pushed to ${answer.push.remote}.` : `Not pushed: ${answer.push.reason}`}
            </p>
            {answer.pullRequest && 'url' in answer.pullRequest && (
              <p>
                Pull request <a href={answer.pullRequest.url}>#{answer.pullRequest.number}</a> opened.
              </p>
            )}
            {answer.pullRequest && 'failed' in answer.pullRequest && <p>The pull request was not opened: {answer.pullRequest.failed}</p>}
            <p>{answer.next}</p>
          </>
        )}
      </div>
      {state.problem && <p role="alert">{state.problem}</p>}
    </section>
  );
}
