import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../api-error.ts';
import { useApp, useNow, useT } from '../site.tsx';
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

export function SupportForm({ kind, lang }: { kind: SupportKind; lang?: string | undefined }) {
  const app = useApp();
  const t = useT();
  const now = useNow();
  const errorText = useErrorText();
  const productId = useId();
  const reasonId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'form', string>>>({});
  const [done, setDone] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const products = app.content.productNames();
  // By update: fields keeping what was entered before they hydrated each set theirs at once.
  const set = (key: keyof Values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const productKept = useKeptValue<HTMLSelectElement>(values.product, set('product'));
  const reasonKept = useKeptValue<HTMLTextAreaElement>(values.reason, set('reason'));

  function check(): typeof errors {
    const found: typeof errors = {};
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
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
        <div className="field">
          <label htmlFor={productId}>{t('support.fields.product')}</label>
          <select
            ref={productKept}
            id={productId}
            name="product"
            required
            value={values.product}
            onChange={(e) => set('product')(e.target.value)}
            aria-invalid={errors.product ? true : undefined}
            aria-describedby={errors.product ? `${productId}-error` : undefined}
          >
            <option value="">{t('support.text.chooseProduct')}</option>
            {products.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {errors.product && (
            <p className="field-error" id={`${productId}-error`}>
              {errors.product}
            </p>
          )}
        </div>
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
        )}
        <Submit busy={busy}>{t(kind === 'registration' ? 'support.actions.register' : 'support.actions.return')}</Submit>
        <FormMessage>{done}</FormMessage>
      </Form>
    </section>
  );
}
