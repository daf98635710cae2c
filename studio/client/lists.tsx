import { useEffect, useRef, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { buttonId, getTemplate, getUiOptions } from '@rjsf/utils';
import type { ArrayFieldTemplateProps, ErrorSchema, FieldPathId, Registry, RJSFSchema, UiSchema } from '@rjsf/utils';
import { StagesTimeline } from './timeline.tsx';
import type { FoldMemory, FormContext } from './widgets.tsx';

/**
 * The form's lists (docs/studio.md, "Editing a file: the form"): as react-jsonschema-form draws
 * them (its ArrayFieldTemplate), with two additions. A stages list's instants (marked
 * `studio:stages`, studio/server/schemas.ts) show on a timeline between their description and
 * their fields. A list of more than FOLD_ABOVE entries that are groups of fields (a region's
 * routes, its menus) shows each entry folded to one line that names it, so the file reads as a
 * table of contents: an entry opens with a click or Enter, by itself when it holds a problem or
 * is new, and when a field in it is asked for (open-at.ts `focusField`).
 */
export const FOLD_ABOVE = 3;

/** A form without a memory of its own (none is made outside FormView): each entry as it first shows. */
export const NO_MEMORY: FoldMemory = new Map();

/** The keys whose value names an entry in its folded line, the first present one. */
const NAMING_KEYS = ['path', 'label', 'title', 'name', 'heading', 'key', 'code', 'id', 'href', 'link', 'src', 'image', 'kind'];

/** An entry's folded line: its number and what names it (a routes entry: "3. /us/faq"). */
export function entryName(value: unknown, index: number): string {
  const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const named = NAMING_KEYS.map((key) => fields[key]).find((v) => (typeof v === 'string' && v.trim()) || typeof v === 'number');
  return `${index + 1}. ${named === undefined ? 'Entry' : String(named)}`;
}

/** How many problems an entry's fields have (the diagnostics the form shows at them). */
export function problemsIn(errors: ErrorSchema | undefined): number {
  if (!errors || typeof errors !== 'object') return 0;
  let count = 0;
  for (const [key, child] of Object.entries(errors))
    count += key === '__errors' ? (Array.isArray(child) ? child.length : 0) : problemsIn(child as ErrorSchema);
  return count;
}

/** The problems under a field's path (react-jsonschema-form gives a list's template none of its own). */
export function problemsAt(problems: ErrorSchema | undefined, path: readonly (string | number)[]): ErrorSchema | undefined {
  let node: unknown = problems;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[String(key)] : undefined;
  return node as ErrorSchema | undefined;
}

/** One folded entry: its line (a summary) and, opened, its fields. */
function Fold(props: { id: string; memory: FoldMemory; name: string; problems: number; opened: boolean; children: ReactNode }) {
  const { id, memory, name, problems } = props;
  const [open, setOpen] = useState(() => memory.get(id) ?? (props.opened || problems > 0));
  useEffect(() => {
    // A problem that comes up in a folded entry (an edit elsewhere, the YAML view) opens it.
    if (problems > 0) setOpen(true);
  }, [problems]);
  useEffect(() => {
    memory.set(id, open);
  }, [memory, id, open]);
  return (
    <details className="fold" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {name}
        {problems > 0 && <span className="fold-problems"> ({problems === 1 ? '1 problem' : `${problems} problems`})</span>}
      </summary>
      {props.children}
    </details>
  );
}

/** Whether a value is a group of fields (an object, not a list). */
export const isGroup = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One entry of a list or a map, as `Folds` shows it: `id` is its field's id. */
export interface Entry {
  id: string;
  key: string;
  name: string;
  problems: number;
  element: ReactNode;
}

/** Entries folded, each to its line; one added since they first showed starts open. */
export function Folds({ entries, memory }: { entries: readonly Entry[]; memory: FoldMemory }) {
  const first = useRef<Set<string>>(undefined);
  first.current ??= new Set(entries.map((entry) => entry.key));
  return entries.map((entry) => (
    <Fold key={entry.key} id={entry.id} memory={memory} name={entry.name} problems={entry.problems} opened={!first.current!.has(entry.key)}>
      {entry.element}
    </Fold>
  ));
}

/**
 * Whether a list's or a map's entries fold: more than FOLD_ABOVE of them, each a group of fields
 * by the schema (not by the data, which an entry just added holds none of yet).
 */
export function folds(count: number, entrySchema: unknown, registry: Registry): boolean {
  if (count <= FOLD_ABOVE || !isGroup(entrySchema)) return false;
  const resolved = registry.schemaUtils.retrieveSchema(entrySchema as RJSFSchema);
  return resolved.type === 'object' || isGroup(resolved.properties);
}

/** A list's entries, folded when `folds` says so. */
function Entries(props: {
  items: ReactElement[];
  values: readonly unknown[];
  errors: ErrorSchema | undefined;
  fold: boolean;
  id: string;
  memory: FoldMemory;
}) {
  const { items, values, errors } = props;
  if (!props.fold) return <div className="row array-item-list">{items}</div>;
  const entries = items.map((item, index) => ({
    id: `${props.id}_${index}`,
    key: String(item.key),
    name: entryName(values[index], index),
    problems: problemsIn(problemsAt(errors, [index])),
    element: item,
  }));
  return (
    <div className="row array-item-list folded">
      <Folds entries={entries} memory={props.memory} />
    </div>
  );
}

/** The "+ Add" of a list or a map, as react-jsonschema-form's templates draw it. */
export function AddEntry(props: {
  fieldPathId: FieldPathId;
  className: string;
  onClick: () => void;
  off: boolean | undefined;
  uiSchema: UiSchema | undefined;
  registry: Registry;
}) {
  const { AddButton } = props.registry.templates.ButtonTemplates;
  return (
    <AddButton
      id={buttonId(props.fieldPathId, 'add')}
      className={props.className}
      onClick={props.onClick}
      disabled={props.off}
      uiSchema={props.uiSchema}
      registry={props.registry}
    />
  );
}

export function StudioArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const {
    canAdd,
    className,
    disabled,
    fieldPathId,
    uiSchema,
    items,
    onAddClick,
    optionalDataControl,
    readonly,
    registry,
    required,
    schema,
  } = props;
  const options = getUiOptions(uiSchema);
  const Title = getTemplate('ArrayFieldTitleTemplate', registry, options);
  const Description = getTemplate('ArrayFieldDescriptionTemplate', registry, options);
  const values = Array.isArray(props.formData) ? (props.formData as unknown[]) : [];
  const context = (registry.formContext ?? {}) as FormContext;
  // As the default template: the control that adds or removes an optional list sits in the title while it can be used.
  const controlInTitle = !readonly && !disabled;
  return (
    <fieldset className={className} id={fieldPathId.$id}>
      <Title
        fieldPathId={fieldPathId}
        title={options.title || props.title}
        required={required}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
        optionalDataControl={controlInTitle ? optionalDataControl : undefined}
      />
      <Description
        fieldPathId={fieldPathId}
        description={options.description || schema.description}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      {!controlInTitle && optionalDataControl}
      {schema.$comment === 'studio:stages' && <StagesTimeline id={fieldPathId.$id} values={values} context={context} />}
      <Entries
        items={items}
        values={values}
        errors={problemsAt(context.problems, fieldPathId.path)}
        fold={folds(items.length, schema.items, registry)}
        id={fieldPathId.$id}
        memory={context.folds ?? NO_MEMORY}
      />
      {canAdd && (
        <AddEntry
          {...{ fieldPathId, uiSchema, registry }}
          className="rjsf-array-item-add"
          onClick={onAddClick}
          off={disabled || readonly}
        />
      )}
    </fieldset>
  );
}
