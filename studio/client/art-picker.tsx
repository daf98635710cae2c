import { ariaDescribedByIds } from '@rjsf/utils';
import type { WidgetProps } from '@rjsf/utils';

/**
 * A gallery picture's source art (marked `studio:art`, studio/server/schemas.ts), picked from the
 * drawings of content/assets/ (Overview `art`), with the one chosen shown small beside it (served
 * by `GET /api/art`, so the page's image policy, `img-src 'self'`, allows it). A name the folder
 * lacks stays as it is written, said so beside it: the compiler reports it, and the form never
 * puts another name in its place.
 */
export function ArtPicker(props: WidgetProps & { art: readonly string[] }) {
  const { id, art, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;
  const value = typeof props.value === 'string' ? props.value : '';
  const known = art.includes(value);
  const missing = value !== '' && !known;
  const note = `${id}-note`;
  return (
    <div className="art-picker">
      <select
        id={id}
        name={props.htmlName || id}
        className="form-control"
        value={value}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-describedby={`${ariaDescribedByIds(id)}${missing ? ` ${note}` : ''}`}
        onChange={(event) => onChange(event.target.value === '' ? props.options.emptyValue : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      >
        {value === '' && <option value="">Choose a drawing of content/assets/</option>}
        {missing && <option value={value}>{value} (not in content/assets/)</option>}
        {art.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {known && (
        <img className="art-preview" src={`/api/art?name=${encodeURIComponent(value)}`} alt={`The drawing ${value}.svg`} height={72} />
      )}
      {missing && (
        <p className="widget-note" id={note}>
          content/assets/ has no {value}.svg: add the drawing there, or choose one it has.
        </p>
      )}
    </div>
  );
}
