import type { DiffPart } from '../api.ts';

/** A word diff: removed words struck through, added ones underlined, each said in words to a screen reader. */
export function WordDiff({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <span className="word-diff">
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          part.text
        ) : part.kind === 'removed' ? (
          <del key={index}>
            <span className="visually-hidden">removed: </span>
            {part.text}
          </del>
        ) : (
          <ins key={index}>
            <span className="visually-hidden">added: </span>
            {part.text}
          </ins>
        ),
      )}
    </span>
  );
}
