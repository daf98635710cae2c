import { useEffect, useRef, useState } from 'react';
import { BackLink } from './BackLink.tsx';
import type { Overview } from '../api.ts';
import { Diagnostics } from './Diagnostics.tsx';
import { FormView } from './FormView.tsx';
import { fieldId, useOpenAt } from './open-at.ts';
import { Preview } from './Preview.tsx';
import { useFile } from './file-state.ts';
import type { Conflict } from './file-state.ts';
import { YamlEditor } from './YamlEditor.tsx';
import type { YamlEditorHandle } from './YamlEditor.tsx';

interface EditorProps {
  id: string;
  line?: number;
  /** The form field asked for (its id), shown and focused in the form. */
  field?: string;
  /** Counts the visits: the same place asked for again is gone to again. */
  visit?: number;
  overview: Overview | undefined;
  onSaved: () => void;
  onClose: () => void;
  /** Opens a file (this one, or another) at a place: a text picked in the preview. */
  onOpen: (place: { file: string; line: number; field?: string }) => void;
  /** Searches a text in Find. */
  onFind: (text: string) => void;
}

/**
 * The file screen (docs/studio.md, "Editing"): the raw YAML with the compiler's diagnostics,
 * checked as the maintainer types (the whole content, with this unsaved text); saved with
 * Save or Ctrl+S. A save never overwrites a file changed on disk meanwhile: both versions show
 * and the maintainer chooses. Unsaved text survives a reload (drafts.ts). A file with errors
 * may be saved, and the page says plainly that the sites will not build until they are fixed.
 */
export function Editor({ id, line, field, visit, overview, onSaved, onClose, onOpen, onFind }: EditorProps) {
  const editor = useRef<YamlEditorHandle>(null);
  const { loaded, text, problem, diagnostics, conflict, status, dirty, onChange, drafted, save, choose } = useFile(id, editor, onSaved);
  // The form, unless the file has no schema or a line of its YAML was asked for (a search's hit).
  const [view, setView] = useState<'form' | 'yaml'>(line && !field ? 'yaml' : 'form');
  const shown = loaded?.schema ? view : 'yaml';
  // The markers follow the diagnostics; once loaded, the editor goes to the line asked for.
  useEffect(() => editor.current?.showDiagnostics(diagnostics), [diagnostics, loaded]);
  const opened = loaded !== undefined;
  useOpenAt({ opened, schema: loaded?.schema, line, field, visit, editor, showYaml: () => setView('yaml') });
  return (
    <main
      id="main"
      className="editor"
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          void save();
        }
      }}
    >
      <BackLink go={onClose} />
      <h1>{id}</h1>
      {problem && <p role="alert">{problem}</p>}
      {conflict && (
        <ConflictPanel conflict={conflict} keepMine={() => choose(conflict, 'mine')} takeDisk={() => choose(conflict, 'disk')} />
      )}
      {loaded && (
        <div className="workbench">
          <div className="source">
            <SaveBar dirty={dirty} blocked={conflict !== undefined} status={status} save={() => void save()} />
            {loaded.schema && <ViewChoice view={shown} choose={setView} />}
            {shown === 'form' && loaded.schema && (
              <FormView
                id={id}
                schemaName={loaded.schema}
                text={text}
                overview={overview}
                diagnostics={diagnostics}
                onText={(next) => {
                  // The server keeps it as the unsaved text already (and the preview shows it).
                  drafted(next);
                  editor.current?.replace(next);
                }}
              />
            )}
            {/* The YAML view stays, hidden under the form: it holds the text and its undo history. */}
            <div hidden={shown !== 'yaml'}>
              <YamlEditor ref={editor} text={loaded.start} label={`YAML of ${id}`} onChange={onChange} />
            </div>
            <Diagnostics diagnostics={diagnostics} moveTo={(l, c) => editor.current?.moveTo(l, c)} />
          </div>
          {overview && (
            <Preview
              id={id}
              overview={overview}
              // A picked text opens in the view that shows: its field in the form, its line in the YAML.
              found={(hit) => onOpen({ file: hit.id, line: hit.line, ...(shown === 'form' && { field: fieldId(hit.path) }) })}
              find={onFind}
            />
          )}
        </div>
      )}
    </main>
  );
}

/** Save, whether there are unsaved changes, and what the last save said (announced). */
function SaveBar({ dirty, blocked, status, save }: { dirty: boolean; blocked: boolean; status: string; save: () => void }) {
  return (
    <div className="actions">
      <button type="button" onClick={save} disabled={!dirty || blocked}>
        Save
      </button>
      <span className="quiet">{dirty ? 'Unsaved changes (kept in this browser until saved).' : 'No unsaved changes.'}</span>
      <p role="status" className="save-status">
        {status}
      </p>
    </div>
  );
}

/** Form or YAML: two views of one text. */
function ViewChoice({ view, choose }: { view: 'form' | 'yaml'; choose: (view: 'form' | 'yaml') => void }) {
  return (
    <div className="views" role="group" aria-label="View">
      {(['form', 'yaml'] as const).map((v) => (
        <button key={v} type="button" aria-pressed={view === v} onClick={() => choose(v)}>
          {v === 'form' ? 'Form' : 'YAML'}
        </button>
      ))}
    </div>
  );
}

function ConflictPanel({ conflict, keepMine, takeDisk }: { conflict: Conflict; keepMine: () => void; takeDisk: () => void }) {
  return (
    <section className="conflict" aria-labelledby="conflict-title" role="alert">
      <h2 id="conflict-title">This file changed on disk since you opened it</h2>
      <p>Someone (or another program) saved it meanwhile. Nothing was overwritten: choose which version to keep.</p>
      <div className="versions">
        <figure>
          <figcaption>On disk now</figcaption>
          <pre tabIndex={0}>{conflict.disk}</pre>
        </figure>
        <figure>
          <figcaption>Yours</figcaption>
          <pre tabIndex={0}>{conflict.mine}</pre>
        </figure>
      </div>
      <button type="button" onClick={keepMine}>
        Keep mine (replace the version on disk)
      </button>{' '}
      <button type="button" onClick={takeDisk}>
        Take the version on disk (drop mine)
      </button>
    </section>
  );
}
