import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { FileAnswer, StudioDiagnostic } from '../api.ts';
import { api } from './api.ts';
import { useDiskWatch } from './disk-watch.ts';
import { readDraft, writeDraft } from './drafts.ts';
import type { YamlEditorHandle } from './YamlEditor.tsx';

/** The file as the screen holds it: the text on disk (and its hash) and the text being edited. */
export interface Loaded {
  readonly disk: string;
  readonly base: string;
  /** The text the editor starts with: a draft of this version of the file, or the disk's. */
  readonly start: string;
  /** The name of the file's JSON Schema, for its form. */
  readonly schema?: string;
}

/** Another version of the file met on saving (or a draft made on an older version): the maintainer chooses. */
export interface Conflict {
  readonly disk: string;
  readonly hash: string;
  readonly mine: string;
}

/**
 * One open file's state and what the maintainer does with it (Editor.tsx shows it): loaded with
 * its draft, checked as it changes (the latest check wins), saved against the version it
 * started from, and a conflict's choice.
 */
/** The diagnostics of the file's text, checked with the whole content (the latest check wins). */
function useChecks(id: string, setProblem: (problem: string) => void) {
  const [diagnostics, setDiagnostics] = useState<readonly StudioDiagnostic[]>([]);
  const checks = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const check = useCallback(
    (checked: string) => {
      clearTimeout(timer.current);
      const ticket = ++checks.current;
      api.check(id, checked).then(
        (answer) => {
          if (ticket === checks.current) setDiagnostics(answer.diagnostics);
        },
        (error: Error) => setProblem(error.message),
      );
    },
    [id, setProblem],
  );
  /** A check once the typing pauses (80 ms: a keystroke's diagnostics show soon after it). */
  const checkSoon = (checked: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => check(checked), 80);
  };
  // A save's answer is the newest: a check still on its way is dropped.
  const settle = (settled: readonly StudioDiagnostic[]) => {
    checks.current++;
    setDiagnostics(settled);
  };
  return { diagnostics, check, checkSoon, settle };
}

/** The file as another hand left it on disk: opened when there is nothing unsaved, else shown beside the unsaved text. */
function takeMoved(
  file: FileAnswer,
  screen: {
    text: RefObject<string>;
    disk: RefObject<string>;
    editor: RefObject<YamlEditorHandle | null>;
    atDisk: (disk: string, hash: string, mine: string) => void;
    settle: (diagnostics: readonly StudioDiagnostic[]) => void;
    setStatus: (status: string) => void;
    setConflict: (conflict: Conflict) => void;
  },
): void {
  if (screen.text.current !== screen.disk.current) {
    screen.setStatus('The file changed on disk while you were editing it: choose which version to keep.');
    return screen.setConflict({ disk: file.text, hash: file.hash, mine: screen.text.current });
  }
  screen.editor.current?.replace(file.text);
  screen.atDisk(file.text, file.hash, file.text);
  screen.settle(file.diagnostics);
  screen.setStatus('The file changed on disk: its new version is open.');
}

export function useFile(id: string, editor: RefObject<YamlEditorHandle | null>, onSaved: () => void) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [problem, setProblem] = useState<string>();
  const [conflict, setConflict] = useState<Conflict>();
  const [status, setStatus] = useState('');
  const [dirty, setDirty] = useState(false);
  const text = useRef('');
  const base = useRef('');
  const disk = useRef('');
  // The text as the views show it (the form reads it; the YAML view holds its own).
  const [current, setCurrent] = useState('');
  const { diagnostics, check, checkSoon, settle } = useChecks(id, setProblem);
  /** The text the server keeps already as the unsaved one (a form's change, made there). */
  const serverHas = useRef<string | undefined>(undefined);
  const drafted = (next: string) => void (serverHas.current = next);
  /** The file as on disk now, with the editor's text (`mine`). */
  const atDisk = (diskText: string, hash: string, mine: string) => {
    base.current = hash;
    disk.current = diskText;
    text.current = mine;
    setCurrent(mine);
    setLoaded((was) => ({ start: mine, ...was, disk: diskText, base: hash }));
    setDirty(mine !== diskText);
    writeDraft(id, mine !== diskText ? { text: mine, base: hash } : undefined);
  };
  // Another hand changed the file on disk: its version opens, or, over unsaved edits, both show.
  useDiskWatch(id, base, conflict !== undefined, (file) => takeMoved(file, { text, disk, editor, atDisk, settle, setStatus, setConflict }));

  useEffect(() => {
    api.file(id).then(
      (file) => {
        const draft = readDraft(id);
        const conflicted = draft !== undefined && draft.base !== file.hash && draft.text !== file.text;
        if (conflicted) setConflict({ disk: file.text, hash: file.hash, mine: draft.text });
        const start = draft && draft.base === file.hash ? draft.text : file.text;
        atDisk(file.text, file.hash, start);
        if (file.schema) setLoaded((was) => was && { ...was, schema: file.schema });
        settle(file.diagnostics);
        if (start !== file.text) check(start);
        // The studio holds an unsaved text of the file that this screen does not show (a check of a
        // screen closed meanwhile, answered after another hand changed the file): the preview would
        // render it. The file opens as on disk, so the studio is told so.
        else if (file.unsaved && !conflicted) api.draft(id, file.text).catch((error: Error) => setProblem(error.message));
      },
      (error: Error) => setProblem(error.message),
    );
    // Loaded once per file (the screen has a key per file).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const onChange = (next: string) => {
    text.current = next;
    setCurrent(next);
    setDirty(next !== loaded?.disk);
    setStatus('');
    writeDraft(id, next !== loaded?.disk ? { text: next, base: base.current } : undefined);
    // The preview takes the text at once (unless the server has it: a form's change); the check once the typing pauses.
    if (next !== serverHas.current) api.draft(id, next).catch((error: Error) => setProblem(error.message));
    checkSoon(next);
  };
  const save = async (over?: string) => {
    const mine = text.current;
    setStatus('Saving…');
    try {
      const answer = await api.save(id, mine, over ?? base.current);
      if (!answer.saved) {
        setStatus('Not saved: the file changed on disk.');
        return setConflict({ disk: answer.conflict.text, hash: answer.conflict.hash, mine });
      }
      setConflict(undefined);
      atDisk(mine, answer.hash, text.current);
      settle(answer.diagnostics);
      setStatus(savedText(answer.buildable, answer.diagnostics));
      onSaved();
    } catch (error) {
      setStatus(`Not saved: ${(error as Error).message}`);
    }
  };
  const choose = (chosen: Conflict, keep: 'mine' | 'disk') => {
    const next = keep === 'mine' ? chosen.mine : chosen.disk;
    if (text.current !== next) editor.current?.replace(next);
    text.current = next;
    setCurrent(next);
    if (keep === 'mine') return void save(chosen.hash);
    atDisk(chosen.disk, chosen.hash, chosen.disk);
    setConflict(undefined);
    setStatus('The version on disk is open; yours is dropped.');
    check(chosen.disk);
  };
  return { loaded, text: current, problem, diagnostics, conflict, status, dirty, onChange, drafted, save, choose };
}

/** What a save says: plainly, whether the sites still build. */
function savedText(buildable: boolean, diagnostics: readonly StudioDiagnostic[]): string {
  if (buildable) return 'Saved.';
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return `Saved. The sites will not build until the content's errors are fixed${errors > 0 ? ` (${errors} in this file)` : ''}.`;
}
