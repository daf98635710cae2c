import { useEffect, useMemo, useRef, useState } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { parse } from 'yaml';
import type { Overview, StudioDiagnostic } from '../api.ts';
import { api } from './api.ts';
import { noValidation } from './no-validation.ts';
import { newestOnly } from './newest.ts';
import { placesOf } from './places.ts';
import { StudioArrayFieldTemplate } from './lists.tsx';
import { StudioFieldTemplate, StudioWrapIfAdditionalTemplate } from './map-entry.tsx';
import { StudioObjectFieldTemplate } from './maps.tsx';
import { StudioTextWidget } from './widgets.tsx';
import type { FoldMemory, FormContext } from './widgets.tsx';

/** The diagnostics as the form's errors, each at the field of its path (those with none stay in the list below). */
export function errorsAt(diagnostics: readonly StudioDiagnostic[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const d of diagnostics) {
    if (!d.path) continue;
    let node = root;
    for (const key of d.path) node = (node[String(key)] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(`${d.code}: ${d.message}`);
  }
  return root as ErrorSchema;
}

const isEmpty = (value: unknown) => value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * The form's data without what the form added by itself: a field the file did not have that
 * holds nothing (an empty object or list the form made for a part of the schema).
 */
export function prune(value: unknown, was: unknown): unknown {
  if (Array.isArray(value)) return value.map((item, i) => prune(item, Array.isArray(was) ? was[i] : undefined));
  if (typeof value !== 'object' || value === null) return value;
  const before = typeof was === 'object' && was !== null && !Array.isArray(was) ? (was as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const kept = prune(child, before[key]);
    if (!(key in before) && isEmpty(kept)) continue;
    out[key] = kept;
  }
  return out;
}

/**
 * The form view of a file (docs/studio.md, "Forms"): made by react-jsonschema-form from the
 * file's JSON Schema (titles and help from its titles and descriptions), with the studio's
 * widgets for prices, instants, links and product keys, stages lists on a timeline (timeline.tsx)
 * and a gallery's art picked from content/assets/. A change goes through the server
 * (`POST /api/yaml`), which writes it into the file's YAML changing only what differs, so the
 * form and the YAML view are one text, checked and saved alike.
 */
export function FormView({
  id,
  schemaName,
  text,
  overview,
  diagnostics,
  onText,
}: {
  id: string;
  schemaName: string;
  text: string;
  /** The file's regions (the first is the widgets'), the studio's instant and the art of content/assets/. */
  overview: Overview | undefined;
  diagnostics: readonly StudioDiagnostic[];
  onText: (text: string) => void;
}) {
  const [schema, setSchema] = useState<RJSFSchema>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    api.schema(schemaName).then(setSchema, (error: Error) => setProblem(error.message));
  }, [schemaName]);
  const data = useMemo(() => {
    try {
      return { value: parse(text) as unknown };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [text]);
  const latest = useRef(text);
  latest.current = text;
  const [newest] = useState(newestOnly);
  const problems = useMemo(() => errorsAt(diagnostics), [diagnostics]);
  const [folds] = useState<FoldMemory>(() => new Map());
  const context = useMemo<FormContext>(() => {
    const region = overview && placesOf(id, overview)[0]?.region;
    return {
      ...(region && { region, regionsOwn: id.startsWith(`regions/${region.code}/`) }),
      ...(overview && { now: overview.now, art: overview.art }),
      problems,
      folds,
    };
  }, [id, overview, problems, folds]);
  if (problem) return <p role="alert">{problem}</p>;
  if ('error' in data)
    return <p role="alert">The YAML does not parse, so the form cannot show it: fix it in the YAML view. ({data.error})</p>;
  if (!schema) return <p className="quiet">Loading the form…</p>;
  return (
    <Form
      schema={schema}
      formData={data.value}
      validator={noValidation}
      widgets={{ TextWidget: StudioTextWidget, UpDownWidget: StudioTextWidget }}
      templates={{
        ArrayFieldTemplate: StudioArrayFieldTemplate,
        FieldTemplate: StudioFieldTemplate,
        ObjectFieldTemplate: StudioObjectFieldTemplate,
        WrapIfAdditionalTemplate: StudioWrapIfAdditionalTemplate,
      }}
      // The form shows the file as it is: no list filled to its minimum, no default added.
      experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' }, emptyObjectFields: 'skipEmptyDefaults' }}
      formContext={context}
      extraErrors={problems}
      showErrorList={false}
      noHtml5Validate
      uiSchema={{ 'ui:submitButtonOptions': { norender: true } }}
      onChange={(event) => {
        const formData = prune(event.formData, data.value);
        // Nothing the maintainer changed (the form's first render): nothing to write.
        if (JSON.stringify(formData) === JSON.stringify(data.value)) return;
        const from = latest.current;
        // Each edit sends the whole form, so the newest answer holds every edit before it.
        newest(api.yaml(id, from, formData)).then(
          ({ newest: last, value: answer }) => {
            if (last && latest.current === from && answer.text !== from) onText(answer.text);
          },
          (error: Error) => setProblem(error.message),
        );
      }}
    />
  );
}
