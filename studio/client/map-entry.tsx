import { getDefaultRegistry } from '@rjsf/core';
import { ADDITIONAL_PROPERTY_FLAG, buttonId, getSchemaType } from '@rjsf/utils';
import type { FieldTemplateProps, WrapIfAdditionalTemplateProps } from '@rjsf/utils';

/**
 * A map's entry (a region's product, by its key), as react-jsonschema-form draws it, but said
 * once: its key in a field labelled "Key", then its group of fields titled by the group's own
 * legend (react-jsonschema-form also put the key and the schema's description above the group as
 * a label, pointing at no field), then the button that removes it, named for the entry.
 */

const DefaultFieldTemplate = getDefaultRegistry().templates.FieldTemplate;

/** Whether a field is a map's entry (a key of the maintainer's). */
const isEntry = (schema: FieldTemplateProps['schema']) => ADDITIONAL_PROPERTY_FLAG in schema;

/** A field as the default template draws it; a map entry that is a group or a list has no label above it (its legend titles it). */
export function StudioFieldTemplate(props: FieldTemplateProps) {
  const type = getSchemaType(props.schema);
  const titledByItself = isEntry(props.schema) && (type === 'object' || type === 'array');
  return <DefaultFieldTemplate {...props} displayLabel={props.displayLabel && !titledByItself} />;
}

/**
 * A renamed entry is drawn anew under its new key: the focus, on its way to one of its fields (the
 * next, with Tab), would fall to the page's start. That field is found again by its new id, once
 * drawn, and focused. (A key already taken gets another name from the form: then nothing is found.)
 */
function refocusAfterRename(id: string, from: string, to: string, target: string | undefined): void {
  if (!target || !id.endsWith(from) || !target.startsWith(id) || !/^(?:$|[_-])/.test(target.slice(id.length))) return;
  const next = `${id.slice(0, id.length - from.length)}${to}${target.slice(id.length)}`;
  let frames = 0;
  const look = () => {
    const element = document.getElementById(next);
    if (element) element.focus();
    else if (++frames < 30) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** A map entry's key (renamed when the field is left) and its remove button around its field; any other field as it is. */
export function StudioWrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { id, classNames, style, disabled, label, onKeyRenameBlur, onRemoveProperty, readonly, schema, hideError, rawErrors } = props;
  const className = ['form-group', classNames, !hideError && rawErrors && rawErrors.length > 0 && 'has-error has-danger']
    .filter(Boolean)
    .join(' ');
  if (!isEntry(schema))
    return (
      <div className={className} style={style}>
        {props.children}
      </div>
    );
  const { RemoveButton } = props.registry.templates.ButtonTemplates;
  const off = disabled || readonly;
  return (
    <div className={`${className} map-entry`} style={style}>
      <div className="form-group map-key">
        <label className="control-label" htmlFor={`${id}-key`}>
          Key
        </label>
        <input
          className="form-control"
          type="text"
          id={`${id}-key`}
          key={label}
          defaultValue={label}
          onBlur={(event) => {
            const renamed = event.target.value;
            if (renamed !== label) refocusAfterRename(id, label, renamed, (event.relatedTarget as HTMLElement | null)?.id);
            onKeyRenameBlur(event);
          }}
          disabled={off}
        />
      </div>
      {props.children}
      <div className="btn-group map-entry-tools">
        <RemoveButton
          id={buttonId(id, 'remove')}
          className="rjsf-object-property-remove"
          title={`Remove ${label}`}
          disabled={off}
          onClick={onRemoveProperty}
          uiSchema={props.uiSchema}
          registry={props.registry}
        />
      </div>
    </div>
  );
}
