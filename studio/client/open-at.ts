import { useEffect } from 'react';
import type { RefObject } from 'react';
import type { YamlEditorHandle } from './YamlEditor.tsx';

/** A form field's id, as react-jsonschema-form names it: `root`, then each key and index of its path, joined by `_`. */
export function fieldId(path: readonly (string | number)[]): string {
  return ['root', ...path].join('_');
}

/**
 * Focuses a form's field by its id once the form shows it (the form's schema loads first),
 * scrolled to the middle of the view, the folded entries it is in opened. `missing` runs when the form shows without that field (a
 * value the form does not show as a field of its own: a message of a nested group is a text or
 * a group, which the form cannot tell apart), or when no form showed within `wait` milliseconds.
 * Returns what cancels it.
 */
export function focusField(id: string, missing: () => void, wait = 10_000): () => void {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    const field = document.getElementById(id);
    if (field) {
      // A field in a folded entry of a list (lists.tsx): its entries open first.
      for (let fold = field.closest('details'); fold; fold = fold.parentElement?.closest('details') ?? null) fold.open = true;
      field.scrollIntoView({ block: 'center' });
      field.focus({ preventScroll: true });
      // The form renders all its fields at once: shown without this one, it has none.
    } else if (document.querySelector('form.rjsf') || performance.now() - started > wait) missing();
    else timer = setTimeout(attempt, 50);
  };
  timer = setTimeout(attempt, 0);
  return () => clearTimeout(timer);
}

/**
 * Goes to the place the address asks for once the file is open: its field in the form (a text
 * picked in the preview, while the form shows), else its line in the YAML view (a search's hit).
 * `visit` changes with each visit, so asking for the same place again goes there again. A field
 * the form does not show leaves the form for the YAML view at the line.
 */
export function useOpenAt(options: {
  opened: boolean;
  schema: string | undefined;
  line: number | undefined;
  field: string | undefined;
  visit: number | undefined;
  editor: RefObject<YamlEditorHandle | null>;
  showYaml: () => void;
}): void {
  const { opened, schema, line, field, visit, editor, showYaml } = options;
  useEffect(() => {
    if (!opened) return;
    if (field && schema)
      return focusField(field, () => {
        showYaml();
        // Once the YAML view shows (a hidden editor takes no focus).
        if (line) setTimeout(() => editor.current?.moveTo(line), 50);
      });
    if (line) editor.current?.moveTo(line);
    // The place asked for, once per visit: a new view chosen later moves nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, schema, line, field, visit]);
}
