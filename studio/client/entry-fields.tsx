import { useId } from 'react';
import type { RegionEntry } from '../api.ts';

// The fields of the New entry form (NewEntry.tsx): labelled, with their hints tied to them.

/** A labelled text field. */
export function Field({
  label,
  value,
  set,
  hint,
  type = 'text',
}: {
  label: string;
  value?: string;
  set: (v: string) => void;
  hint?: string;
  type?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value ?? ''}
        onChange={(event) => set(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <p className="quiet" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function RegionSelect({
  label,
  regions,
  value,
  set,
}: {
  label: string;
  regions: readonly RegionEntry[];
  value?: string;
  set: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => set(event.target.value)}>
        {regions.map((r) => (
          <option key={r.code} value={r.code}>
            {r.code} ({r.locale})
          </option>
        ))}
      </select>
    </div>
  );
}

/** The amount as the region's visitors will read it. */
export const visitorsSee = (value: string | undefined, region: RegionEntry | undefined) =>
  region && value && Number.isFinite(Number(value))
    ? `Visitors see ${new Intl.NumberFormat(region.locale, { style: 'currency', currency: region.currency }).format(Number(value))}`
    : `In ${region?.currency ?? "the region's currency"}.`;

export function RegionChoice({
  regions,
  chosen,
  choose,
  except,
  legend,
}: {
  regions: readonly RegionEntry[];
  chosen: string[];
  choose: (codes: string[]) => void;
  except?: string;
  legend: string;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {regions
        .filter((r) => r.code !== except)
        .map((r) => (
          <label key={r.code}>
            <input
              type="checkbox"
              checked={chosen.includes(r.code)}
              onChange={(event) => choose(event.target.checked ? [...chosen, r.code] : chosen.filter((c) => c !== r.code))}
            />{' '}
            {r.code} ({r.locale})
          </label>
        ))}
    </fieldset>
  );
}
