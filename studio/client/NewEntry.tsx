import { useEffect, useId, useState } from 'react';
import type { EntryAnswer, EntryRequest, Overview, RegionEntry } from '../api.ts';
import { api } from './api.ts';
import { Field, RegionChoice, RegionSelect, visitorsSee } from './entry-fields.tsx';

type Kind = EntryRequest['kind'];
/** The form's fields as typed (strings), made into a request when it is planned. */
type Fields = Record<string, string>;

const KINDS: readonly [Kind, string][] = [
  ['product', 'A product in a region'],
  ['page', 'A page'],
  ['copy', 'A copy of a product or page into other regions'],
];
const LANGUAGES = ['en', 'de', 'fr', 'ja', 'ko', 'zh'];

/** The request the fields make (the server checks every value and says what is wrong). */
export function requestOf(kind: Kind, fields: Fields, chosen: readonly string[]): EntryRequest {
  if (kind === 'product')
    return {
      kind,
      region: fields.region ?? '',
      key: fields.key ?? '',
      name: fields.name ?? '',
      price: Number(fields.price),
      ...(fields.page && { page: fields.page }),
    };
  if (kind === 'page')
    return {
      kind,
      page: fields.page ?? '',
      regions: chosen,
      language: fields.language ?? 'en',
      title: fields.title ?? '',
      description: fields.description ?? '',
      heading: fields.heading ?? '',
    };
  const [what, name] = (fields.what ?? '').split(':');
  const prices = Object.fromEntries(
    chosen.filter((code) => fields[`price-${code}`]).map((code) => [code, Number(fields[`price-${code}`])]),
  );
  return { kind, from: fields.from ?? '', to: chosen, ...(what === 'page' ? { page: name } : { product: name }), prices };
}

/**
 * New entries (docs/studio.md, "New entries"): a product in a region, a page, or a copy of
 * either into other regions. As the maintainer fills the fields, the server plans it and checks
 * the whole content with it (nothing written); Create writes it once it brings no new error,
 * then opens the file it made.
 */
export function NewEntry({ overview, open, refresh }: { overview: Overview; open: (file: string) => void; refresh: () => void }) {
  const id = useId();
  const [kind, setKind] = useState<Kind>('product');
  const [fields, setFields] = useState<Fields>({
    region: overview.regions[0]?.code ?? '',
    from: overview.regions[0]?.code ?? '',
    language: 'en',
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const [plan, setPlan] = useState<EntryAnswer>();
  const [problem, setProblem] = useState<string>();
  const [status, setStatus] = useState('');
  const [touched, setTouched] = useState(false);
  const request = requestOf(kind, fields, chosen);
  const key = JSON.stringify(request);
  useEffect(() => {
    setPlan(undefined);
    // Nothing asked before the first field is filled in (an empty form is not an error).
    if (!touched) return;
    // A plan of fields since changed is dropped: a late one would offer to create what is no longer asked.
    let current = true;
    const timer = setTimeout(() => {
      api.entry(JSON.parse(key) as EntryRequest, false).then(
        (answer) => current && [setPlan(answer.problem ? undefined : answer), setProblem(answer.problem)],
        (error: Error) => current && setProblem(error.message),
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, touched]);
  const set = (name: string) => (value: string) => {
    setTouched(true);
    setFields((f) => ({ ...f, [name]: value }));
  };
  const create = () =>
    api.entry(request, true).then(
      (answer) => {
        setStatus(`Created: ${answer.changes.map((c) => c.id).join(', ')}.`);
        refresh();
        open(answer.open);
      },
      (error: Error) => setProblem(error.message),
    );
  return (
    <section aria-labelledby={`${id}-title`} className="new-entry">
      <h2 id={`${id}-title`}>New entry</h2>
      <fieldset>
        <legend>What to make</legend>
        {KINDS.map(([k, label]) => (
          <label key={k}>
            <input type="radio" name={`${id}-kind`} checked={kind === k} onChange={() => [setKind(k), setChosen([])]} /> {label}
          </label>
        ))}
      </fieldset>
      {kind === 'product' && <ProductFields regions={overview.regions} fields={fields} set={set} />}
      {kind === 'page' && <PageFields regions={overview.regions} fields={fields} set={set} chosen={chosen} choose={setChosen} />}
      {kind === 'copy' && <CopyFields regions={overview.regions} fields={fields} set={set} chosen={chosen} choose={setChosen} />}
      <div aria-live="polite">
        {problem && <p className="bad">{problem}</p>}
        {plan && !problem && <PlanView plan={plan} />}
      </div>
      <button type="button" onClick={() => void create()} disabled={!plan || problem !== undefined || plan.newErrors > 0}>
        Create
      </button>
      <p role="status">{status}</p>
    </section>
  );
}

type FieldsProps = { regions: readonly RegionEntry[]; fields: Fields; set: (name: string) => (value: string) => void };
type ChoiceProps = FieldsProps & { chosen: string[]; choose: (codes: string[]) => void };

function ProductFields({ regions, fields, set }: FieldsProps) {
  const region = regions.find((r) => r.code === fields.region);
  return (
    <>
      <RegionSelect label="Region" regions={regions} value={fields.region} set={set('region')} />
      <Field label="Key" value={fields.key} set={set('key')} hint="A lowercase letter, then letters and digits (scoutRover)." />
      <Field label="Name" value={fields.name} set={set('name')} />
      <Field label="Price" type="number" value={fields.price} set={set('price')} hint={visitorsSee(fields.price, region)} />
      <Field
        label="Its page (optional)"
        value={fields.page}
        set={set('page')}
        hint="Lowercase words joined by '-' (scout-rover): the region gets the page, with a first text in its language."
      />
    </>
  );
}

function PageFields({ regions, fields, set, chosen, choose }: ChoiceProps) {
  const id = useId();
  return (
    <>
      <Field
        label="Page name"
        value={fields.page}
        set={set('page')}
        hint="Lowercase words joined by '-': its address after the region's."
      />
      <RegionChoice legend="Regions that show it" regions={regions} chosen={chosen} choose={choose} />
      <div className="field">
        <label htmlFor={id}>Language of its text</label>
        <select id={id} value={fields.language} onChange={(event) => set('language')(event.target.value)}>
          {LANGUAGES.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </select>
      </div>
      <Field label="Title (at most 70 characters)" value={fields.title} set={set('title')} />
      <Field label="Description (at most 200 characters)" value={fields.description} set={set('description')} />
      <Field label="Heading" value={fields.heading} set={set('heading')} />
    </>
  );
}

function CopyFields({ regions, fields, set, chosen, choose }: ChoiceProps) {
  const id = useId();
  const from = regions.find((r) => r.code === fields.from);
  const [what, name] = (fields.what ?? '').split(':');
  // The product copied: the one named, or the one the page presents.
  const product = what === 'product' ? name : from?.pages.find((p) => p.page === name)?.product;
  const unsold = product ? regions.filter((r) => chosen.includes(r.code) && !r.products.some((p) => p.key === product)) : [];
  return (
    <>
      <RegionSelect label="From region" regions={regions} value={fields.from} set={(v) => [set('from')(v), set('what')(''), choose([])]} />
      <div className="field">
        <label htmlFor={id}>What to copy</label>
        <select id={id} value={fields.what ?? ''} onChange={(event) => set('what')(event.target.value)}>
          <option value="">Choose…</option>
          <optgroup label="Pages">
            {from?.pages
              .filter((p) => !p.redirect)
              .map((p) => (
                <option key={p.path} value={`page:${p.page}`}>
                  {p.path}
                </option>
              ))}
          </optgroup>
          <optgroup label="Products">
            {from?.products.map((p) => (
              <option key={p.key} value={`product:${p.key}`}>
                {p.key} ({p.name})
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <RegionChoice legend="Into regions" regions={regions} chosen={chosen} choose={choose} except={fields.from} />
      {unsold.map((r) => (
        <Field
          key={r.code}
          label={`Price of ${product} in ${r.code}`}
          type="number"
          value={fields[`price-${r.code}`]}
          set={set(`price-${r.code}`)}
          hint={visitorsSee(fields[`price-${r.code}`], r)}
        />
      ))}
    </>
  );
}

/** The plan: the files it changes, what each region will show, and the checks' findings. */
function PlanView({ plan }: { plan: EntryAnswer }) {
  return (
    <div className="plan">
      <h3>It will change</h3>
      <ul>
        {plan.changes.map((c) => (
          <li key={c.id}>
            <code>{c.id}</code> {c.created ? '(new file)' : ''}
          </li>
        ))}
      </ul>
      {plan.notes.length > 0 && (
        <ul>
          {plan.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <p className={plan.newErrors > 0 ? 'bad' : 'good'}>
        {plan.newErrors > 0
          ? `It would bring ${plan.newErrors} ${plan.newErrors === 1 ? 'error' : 'errors'}: the sites would not build. Change the fields above.`
          : 'Checked with the whole content: it brings no error.'}
      </p>
      {plan.diagnostics.length > 0 && (
        <ul>
          {plan.diagnostics.map((d) => (
            <li key={`${d.file}:${d.line}:${d.column}:${d.code}`}>
              {d.code}: {d.message} ({d.file}:{d.line}:{d.column})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
