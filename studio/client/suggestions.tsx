import { useState } from 'react';
import type { SuggestionsAnswer } from '../api.ts';
import { api } from './api.ts';
import { WordDiff } from './word-diff.tsx';

/**
 * Suggestions from the content itself (docs/studio.md, "Suggestions"): asked for one text, the
 * current translations of the same or a close source text in the same language, each with where
 * it is, how alike its source is and what differs; "Use" puts one in the field, unsaved.
 */
export function Suggestions({ id, keyName, use }: { id: string; keyName: string; use: (text: string) => void }) {
  const [answer, setAnswer] = useState<SuggestionsAnswer>();
  const [problem, setProblem] = useState<string>();
  const [asking, setAsking] = useState(false);
  const ask = () => {
    setAsking(true);
    api.suggestions(id, keyName).then(
      (found) => [setAnswer(found), setProblem(undefined), setAsking(false)],
      (error: Error) => [setProblem(error.message), setAsking(false)],
    );
  };
  return (
    <div className="suggestions">
      {!answer && (
        <button type="button" onClick={ask} disabled={asking}>
          Suggest from other translations
        </button>
      )}
      {problem && <p role="alert">{problem}</p>}
      <div role="status">
        {answer &&
          (answer.suggestions.length === 0
            ? 'No translation of the same or a close source text yet.'
            : `${answer.suggestions.length} ${answer.suggestions.length === 1 ? 'suggestion' : 'suggestions'}, best first:`)}
      </div>
      {answer && answer.suggestions.length > 0 && (
        <ol className="suggestion-list">
          {answer.suggestions.map((suggestion) => (
            <li key={`${suggestion.from.id} ${suggestion.from.key}`}>
              <p>
                <q>{suggestion.text}</q>
              </p>
              <p className="quiet">
                {suggestion.alike === 100 ? 'The same source text' : `A source ${suggestion.alike} % alike`}, in{' '}
                <code>{suggestion.from.id}</code> <code>{suggestion.from.key}</code>
                {suggestion.diff && (
                  <>
                    ; from its source to this one: <WordDiff parts={suggestion.diff} />
                  </>
                )}
              </p>
              <button type="button" onClick={() => use(suggestion.text)}>
                Use<span className="visually-hidden"> the suggestion from {suggestion.from.id}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
