import { Children, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useHydrated } from '../hydrated.ts';
import type { FormHTMLAttributes, InputHTMLAttributes, ReactNode, RefObject } from 'react';
import { ApiError } from '../api-error.ts';
import { useSite, useT } from '../site.tsx';
import { fill } from '../../core/validation.ts';
import { countText } from '../../core/plurals.ts';
import { formatsOf } from '../../core/locale.ts';

/**
 * The building blocks of the account, support and newsletter forms: the form, labelled fields
 * whose error is tied to the input (aria-invalid, aria-describedby), one form-level alert, a
 * submit button disabled while a call is under way, and a resend countdown. Before the page has
 * hydrated, a form sent or a button clicked is held by the page's loader and replayed once the
 * app is live (templates/app-loader.js); what was typed meanwhile is kept.
 */

export { useHydrated };

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  value: string;
  onValue(value: string): void;
  error?: string;
  hint?: string;
}

/** The required email field of the account and support forms: the account's label, type and autocomplete. */
export function EmailField(props: { value: string; onValue(value: string): void; error?: string }) {
  const t = useT();
  return <Field label={t('account.fields.email')} type="email" name="email" autoComplete="email" required {...props} />;
}

export function Field({ label, value, onValue, error, hint, ...input }: FieldProps) {
  const id = useId();
  const element = useKeptValue<HTMLInputElement>(value, onValue);
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={element}
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The form's error or confirmation, announced when it appears: the alert (or status) region is
 * in the page only while it has something to say (an alert inserted with its text is read at
 * once), never as an empty box.
 */
export function FormMessage({ error, children }: { error?: boolean; children?: ReactNode }) {
  if (Children.toArray(children).length === 0) return null;
  return (
    <div className={error ? 'form-message error' : 'form-message'} role={error ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/**
 * A form of the app: the app validates and sends it. It posts, so even a browser that runs no
 * script never puts its fields (a password) in an address, where logs and history keep them.
 */
export function Form(props: Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'noValidate'>) {
  return <form method="post" noValidate {...props} />;
}

export function Submit({ busy, children, disabled }: { busy: boolean; children: ReactNode; disabled?: boolean }) {
  const t = useT();
  return (
    <button type="submit" className="button" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? t('account.text.working') : children}
    </button>
  );
}

/**
 * A control's ref that keeps what the visitor entered into the prerendered control before it
 * hydrated (typed, chosen): read as it hydrates (a layout effect: the form re-renders with it
 * before its part is marked hydrated and a held submission is replayed). Once: later the control
 * is controlled.
 */
export function useKeptValue<E extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
  value: string,
  onValue: (value: string) => void,
): RefObject<E | null> {
  const element = useRef<E>(null);
  useLayoutEffect(() => {
    const entered = element.current?.value;
    if (entered !== undefined && entered !== value) onValue(entered);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return element;
}

/**
 * The text a failed call shows: the server's message (already in the visitor's language), the
 * catalogue's text for its code, or the generic one; for a 4291 without message, with the
 * seconds filled in.
 */
export function useErrorText(): (error: unknown) => string {
  const t = useT();
  const locale = formatsOf(useSite());
  return (error) => {
    if (error instanceof ApiError) {
      const seconds = (error.data as { retryAfter?: number } | undefined)?.retryAfter;
      const key = `errors.code${error.code}` as const; // the server's code: '' when the catalogue lacks it
      const text = seconds === undefined ? t(key) : fill(countText(t, key, locale, seconds), { seconds });
      return error.message && !error.message.startsWith('API error') ? error.message : text || t('errors.server');
    }
    return t('errors.server');
  };
}

/** Seconds left until `until` (epoch ms) on the local clock, ticking every second; 0 when past. */
export function useCountdown(until: number | undefined): number {
  const [ticks, tick] = useState(0);
  const left = until === undefined ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    // Every tick schedules the next, also when the whole seconds left did not change.
    const timer = setTimeout(() => tick((n) => n + 1), 250);
    return () => clearTimeout(timer);
  }, [left, ticks]);
  return left;
}
