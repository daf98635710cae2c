import { useEffect, useRef } from 'react';
import { forwardRef, useImperativeHandle } from 'react';
import { yaml } from '@codemirror/lang-yaml';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import type { Diagnostic as EditorDiagnostic } from '@codemirror/lint';
import { EditorView, basicSetup } from 'codemirror';
import type { StudioDiagnostic } from '../api.ts';

/** What the file screen does with the editor: show diagnostics as markers, move to a place. */
export interface YamlEditorHandle {
  showDiagnostics(diagnostics: readonly StudioDiagnostic[]): void;
  /** Puts the cursor at a 1-based line and column, scrolls to it and focuses the editor. */
  moveTo(line: number, column?: number): void;
  /** Replaces the whole text (another version chosen). */
  replace(text: string): void;
}

/** A 1-based line and column as an offset in the document, kept inside it. */
function offsetOf(view: EditorView, line: number, column = 1): number {
  const doc = view.state.doc;
  const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(at.from + Math.max(column, 1) - 1, at.to);
}

/**
 * The raw YAML view of a file (CodeMirror 6, docs/studio.md): YAML highlighting, the compiler's
 * diagnostics as markers and in the gutter, the keyboard's own ways (Tab leaves the editor: it
 * does not indent, so the page stays usable with the keyboard alone).
 */
export const YamlEditor = forwardRef<YamlEditorHandle, { text: string; label: string; onChange: (text: string) => void }>(
  function YamlEditor({ text, label, onChange }, handle) {
    const host = useRef<HTMLDivElement>(null);
    const view = useRef<EditorView>(undefined);
    const changed = useRef(onChange);
    changed.current = onChange;
    useEffect(() => {
      const editor = new EditorView({
        doc: text,
        parent: host.current!,
        extensions: [
          basicSetup,
          yaml(),
          lintGutter(),
          // A tab stop of its own in every browser (axe counts a scrolling region with a focusable element in it).
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          // The page's Content-Security-Policy allows the <style> elements with its nonce (studio/server/static.ts).
          EditorView.cspNonce.of(document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? ''),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      });
      view.current = editor;
      return () => editor.destroy();
      // The editor is made once per file (the screen has a key per file); later texts come through `replace`.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    useImperativeHandle(handle, () => ({
      showDiagnostics(diagnostics) {
        const editor = view.current;
        if (!editor) return;
        const marks: EditorDiagnostic[] = diagnostics.map((d) => {
          const from = offsetOf(editor, d.line, d.column);
          const to = d.endLine ? Math.max(offsetOf(editor, d.endLine, d.endColumn), from) : editor.state.doc.lineAt(from).to;
          return { from, to, severity: d.severity, message: `${d.code}: ${d.message}${d.hint ? `\n${d.hint}` : ''}` };
        });
        editor.dispatch(setDiagnostics(editor.state, marks));
      },
      moveTo(line, column) {
        const editor = view.current;
        if (!editor) return;
        const at = offsetOf(editor, line, column);
        editor.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
        editor.focus();
      },
      replace(next) {
        const editor = view.current;
        if (editor) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: next } });
      },
    }));
    return <div className="yaml-editor" ref={host} />;
  },
);
