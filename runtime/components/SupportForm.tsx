import { useId, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { ApiError } from '../api-error.ts';
import { useApp, useNow, useT } from '../site.tsx';
import type { AppServices, Translate } from '../site.tsx';
import { fill, isSerial, isValidEmail } from '../../core/validation.ts';
import { EmailField, Field, Form, FormMessage, Submit, useErrorText, useKeptValue } from './forms.tsx';

/**
 * The product registration and return-to-manufacturer forms (docs/api.md, "Support"): checked
 * in the browser first, then sent to the region's back end, which answers a reference.
 */
export type SupportKind = 'registration' | 'return';

const PATHS: Readonly<Record<SupportKind, string>> = { registration: '/support/product-registration', return: '/support/return' };

type Values = Record<'name' | 'email' | 'product' | 'serial' | 'purchaseDate' | 'retailer' | 'orderNumber' | 'reason', string>;
const EMPTY: Values = { name: '', email: '', product: '', serial: '', purchaseDate: '', retailer: '', orderNumber: '', reason: '' };

/** The day of an instant as YYYY-MM-DD (UTC), for the date field's upper bound. */
function day(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

type Errors = Partial<Record<keyof Values | 'form', string>>;
type SetValue = (key: keyof Values) => (value: string) => void;

/** What the browser finds wrong with the values before sending them. */
function check(kind: SupportKind, values: Values, now: number, t: Translate): Errors {
  const found: Errors = {};
  const required = t('support.validation.required');
  if (!values.name.trim()) found.name = required;
  if (!isValidEmail(values.email.trim())) found.email = t('account.validation.email');
  if (!values.product) found.product = required;
  if (!isSerial(values.serial)) found.serial = t('support.validation.serial');
  if (kind === 'registration' && (!values.purchaseDate || values.purchaseDate > day(now)))
    found.purchaseDate = t('support.validation.date');
  if (kind === 'return' && values.reason.trim().length < 10) found.reason = t('support.validation.reason');
  return found;
}

/**
 * The form's values, errors and outcome, and its submit: checked here, then sent to the back end
 * (a tuple, not an object: smaller in the bundle).
 */
function useSupportSubmit(kind: SupportKind, app: AppServices, t: Translate, now: number, errorText: (error: unknown) => string) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  // By update: fields keeping what was entered before they hydrated each set theirs at once.
  const set: SetValue = (key) => (value) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(kind, values, now, t);
    setErrors(found);
    setDone(undefined);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const common = { name: values.name.trim(), email: values.email.trim(), product: values.product, serial: values.serial.trim() };
    const body =
      kind === 'registration'
        ? { ...common, purchaseDate: values.purchaseDate, retailer: values.retailer.trim() }
        : { ...common, orderNumber: values.orderNumber.trim(), reason: values.reason.trim() };
    try {
      const answer = await app.api.call<{ reference: string }>(PATHS[kind], { method: 'POST', body, toast: false });
      setDone(
        fill(t(kind === 'registration' ? 'support.text.registered' : 'support.text.returnRequested'), {
          reference: answer.reference,
          email: common.email,
        }),
      );
      setValues(EMPTY);
    } catch (error) {
      const field = error instanceof ApiError ? (error.data as { field?: string } | undefined)?.field : undefined;
      setErrors(field && field in EMPTY ? { [field]: errorText(error) } : { form: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return [values, errors, done, busy, set, submit] as const;
}

export function SupportForm({ kind, lang }: { kind: SupportKind; lang?: string | undefined }) {
  const app = useApp();
  const t = useT();
  const now = useNow();
  const errorText = useErrorText();
  const productId = useId();
  const reasonId = useId();
  const [values, errors, done, busy, set, submit] = useSupportSubmit(kind, app, t, now, errorText);
  const products = app.content.productNames();
  const productKept = useKeptValue<HTMLSelectElement>(values.product, set('product'));
  const reasonKept = useKeptValue<HTMLTextAreaElement>(values.reason, set('reason'));

  return (
    <section className="support-form" aria-labelledby={`${productId}-heading`} lang={lang}>
      <h2 id={`${productId}-heading`}>{t(kind === 'registration' ? 'support.titles.registration' : 'support.titles.return')}</h2>
      <Form className="account-form" onSubmit={submit}>
        <FormMessage error>{errors.form}</FormMessage>
        <Field
          label={t('support.fields.name')}
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onValue={set('name')}
          error={errors.name}
        />
        <EmailField value={values.email} onValue={set('email')} error={errors.email} />
        {productField(t, productId, productKept, products, values.product, set, errors.product)}
        <Field
          label={t('support.fields.serial')}
          name="serial"
          autoComplete="off"
          required
          value={values.serial}
          onValue={set('serial')}
          hint={t('support.text.serialHint')}
          error={errors.serial}
        />
        {kind === 'registration' ? (
          <>
            <Field
              label={t('support.fields.purchaseDate')}
              type="date"
              name="purchase-date"
              required
              max={day(now)}
              value={values.purchaseDate}
              onValue={set('purchaseDate')}
              error={errors.purchaseDate}
            />
            <Field
              label={t('support.fields.retailer')}
              name="retailer"
              value={values.retailer}
              onValue={set('retailer')}
              error={errors.retailer}
            />
          </>
        ) : (
          returnFields(t, values, errors, set, reasonId, reasonKept)
        )}
        <Submit busy={busy}>{t(kind === 'registration' ? 'support.actions.register' : 'support.actions.return')}</Submit>
        <FormMessage>{done}</FormMessage>
      </Form>
    </section>
  );
}

/**
 * The product field: a select of the region's products (Field is for inputs). A function of the
 * form's render, not a component: the tree stays as it was, and the bundle small.
 */
function productField(
  t: Translate,
  id: string,
  kept: RefObject<HTMLSelectElement | null>,
  products: readonly string[],
  value: string,
  set: SetValue,
  error: string | undefined,
) {
  return (
    <div className="field">
      <label htmlFor={id}>{t('support.fields.product')}</label>
      <select
        ref={kept}
        id={id}
        name="product"
        required
        value={value}
        onChange={(e) => set('product')(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t('support.text.chooseProduct')}</option>
        {products.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function returnFields(
  t: Translate,
  values: Values,
  errors: Errors,
  set: SetValue,
  reasonId: string,
  reasonKept: RefObject<HTMLTextAreaElement | null>,
) {
  return (
    <>
      <Field
        label={t('support.fields.orderNumber')}
        name="order-number"
        value={values.orderNumber}
        onValue={set('orderNumber')}
        error={errors.orderNumber}
      />
      <div className="field">
        <label htmlFor={reasonId}>{t('support.fields.reason')}</label>
        <textarea
          ref={reasonKept}
          id={reasonId}
          name="reason"
          required
          rows={5}
          maxLength={2000}
          value={values.reason}
          onChange={(e) => set('reason')(e.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
        />
        {errors.reason && (
          <p className="field-error" id={`${reasonId}-error`}>
            {errors.reason}
          </p>
        )}
      </div>
    </>
  );
}
