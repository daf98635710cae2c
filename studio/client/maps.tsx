import { getDefaultRegistry } from '@rjsf/core';
import { ADDITIONAL_PROPERTY_FLAG, canExpand, descriptionId, getTemplate, getUiOptions, titleId } from '@rjsf/utils';
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { AddEntry, folds, Folds, isGroup, NO_MEMORY, problemsAt, problemsIn } from './lists.tsx';
import type { FormContext } from './widgets.tsx';

/**
 * The form's groups of fields: as react-jsonschema-form draws them (its ObjectFieldTemplate),
 * but a map of more than FOLD_ABOVE groups, keyed by the maintainer's own keys (a region's
 * products by key), shows each entry folded to a line, as a long list does (lists.tsx):
 * "flagshipBumblebee: Flagship Bumblebee (1 problem)".
 */

const DefaultObjectFieldTemplate = getDefaultRegistry().templates.ObjectFieldTemplate;

/**
 * Whether a group is a map: keys of the maintainer's, each value of one schema, no fixed fields
 * (the form lists the keys the data has among the schema's properties, flagged as additional).
 */
const isMap = (schema: RJSFSchema) =>
  isGroup(schema.additionalProperties) &&
  Object.values(schema.properties ?? {}).every((property) => typeof property === 'object' && ADDITIONAL_PROPERTY_FLAG in property);

/** A map entry's line: its key, and its name when it has one ("miniRobot: Mini Robot"). */
export function mapEntryName(key: string, value: unknown): string {
  const fields = isGroup(value) ? (value as Record<string, unknown>) : {};
  const named = ['name', 'title', 'label', 'heading'].map((field) => fields[field]).find((v) => typeof v === 'string' && v.trim());
  return typeof named === 'string' && named !== key ? `${key}: ${named}` : key;
}

export function StudioObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const {
    description,
    disabled,
    formData,
    fieldPathId,
    onAddProperty,
    optionalDataControl,
    properties,
    readonly,
    registry,
    schema,
    title,
  } = props;
  const values = (isGroup(formData) ? formData : {}) as Record<string, unknown>;
  const shown = properties.filter((property) => !property.hidden);
  if (!isMap(schema) || !folds(shown.length, schema.additionalProperties, registry)) return <DefaultObjectFieldTemplate {...props} />;
  const { uiSchema, required } = props;
  const options = getUiOptions(uiSchema);
  const Title = getTemplate('TitleFieldTemplate', registry, options);
  const Description = getTemplate('DescriptionFieldTemplate', registry, options);
  const context = (registry.formContext ?? {}) as FormContext;
  // As the default template: the control that adds or removes an optional group sits in the title while it can be used.
  const controlInTitle = !readonly && !disabled;
  const entries = shown.map((property) => ({
    id: `${fieldPathId.$id}_${property.name}`,
    key: property.name,
    name: mapEntryName(property.name, values[property.name]),
    problems: problemsIn(problemsAt(context.problems, [...fieldPathId.path, property.name])),
    element: property.content,
  }));
  return (
    <fieldset className={props.className} id={fieldPathId.$id}>
      {title && (
        <Title
          id={titleId(fieldPathId)}
          title={title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
          optionalDataControl={controlInTitle ? optionalDataControl : undefined}
        />
      )}
      {description && (
        <Description id={descriptionId(fieldPathId)} description={description} schema={schema} uiSchema={uiSchema} registry={registry} />
      )}
      {!controlInTitle && optionalDataControl}
      <Folds entries={entries} memory={context.folds ?? NO_MEMORY} />
      {properties.filter((property) => property.hidden).map((property) => property.content)}
      {canExpand(schema, uiSchema, formData) && (
        <AddEntry
          {...{ fieldPathId, uiSchema, registry }}
          className="rjsf-object-property-expand"
          onClick={onAddProperty}
          off={disabled || readonly}
        />
      )}
    </fieldset>
  );
}
