import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../api-error.ts';
import { useApp, useSite, useT } from '../site.tsx';
import { isValidEmail } from '../../core/validation.ts';
import { Field, Form, FormMessage, Submit, useErrorText } from './forms.tsx';

const INVALID_EMAIL = 4001;

/**
 * Subscribing (docs/runtime.md): the region's own texts for an invalid address and for
 * success, the region in the payload (and header); the call shows no toast.
 */
function useSubscribe(source: 'footer' | 'popup') {
  const app = useApp();
  const site = useSite();
  const errorText = useErrorText();
  const texts = site.subscribe;
  const [result, setResult] = useState<{ error?: string; success?: string }>({});
  const [busy, setBusy] = useState(false);

  /** Resolves true once subscribed. */
  async function subscribe(email: string, options: { weekly?: boolean; member?: boolean } = {}): Promise<boolean> {
    if (!isValidEmail(email.trim())) {
      setResult({ error: texts.invalidEmail });
      return false;
    }
    setBusy(true);
    setResult({});
    try {
      await app.account.subscribe({ email: email.trim(), region: site.code, source, ...options });
      setResult({ success: texts.success });
      return true;
    } catch (error) {
      setResult({ error: error instanceof ApiError && error.code === INVALID_EMAIL ? texts.invalidEmail : errorText(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { result, setResult, busy, subscribe };
}

/** The footer's newsletter form. */
export function Newsletter() {
  const site = useSite();
  const t = useT();
  const texts = site.subscribe;
  const [email, setEmail] = useState('');
  const { result, busy, subscribe } = useSubscribe('footer');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await subscribe(email)) setEmail('');
  }

  return (
    <section className="newsletter" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading">{texts.title}</h2>
      <p>{texts.text}</p>
      <Form className="newsletter-form" onSubmit={submit}>
        <Field
          label={t('newsletter.label')}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={texts.placeholder}
          value={email}
          onValue={setEmail}
        />
        <Submit busy={busy}>{texts.button}</Submit>
      </Form>
      <FormMessage error>{result.error}</FormMessage>
      <FormMessage>{result.success}</FormMessage>
    </section>
  );
}

/**
 * The popup newsletter form, opened from the home page's invitation (NewsletterInvite.tsx, which
 * loads it on first use and raises `opens` on each click): the visitor must agree to the
 * privacy policy and terms; weekly emails and member communications are optional opt-ins. A
 * modal dialog: focus stays inside, Escape or the close button closes it (and focus goes back
 * to the invitation).
 */
export function NewsletterPopup({ opens }: { opens: number }) {
  const site = useSite();
  const t = useT();
  const texts = site.subscribe;
  const dialog = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [weekly, setWeekly] = useState(false);
  const [member, setMember] = useState(false);
  const [agreementError, setAgreementError] = useState<string | undefined>(undefined);
  const { result, setResult, busy, subscribe } = useSubscribe('popup');
  const agreementId = useId();

  useEffect(() => {
    if (opens === 0) return;
    setResult({});
    setAgreementError(undefined);
    if (!dialog.current?.open) dialog.current?.showModal();
    // Each click opens it afresh; the rest is read as of that click.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opens]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!agreed) {
      setResult({});
      setAgreementError(t('newsletter.agreementRequired'));
      return;
    }
    setAgreementError(undefined);
    if (await subscribe(email, { weekly, member })) setEmail('');
  }

  return (
    <dialog ref={dialog} className="newsletter-popup" aria-labelledby="newsletter-popup-heading">
      <Form onSubmit={submit}>
        <div className="popup-head">
          <h2 id="newsletter-popup-heading">{texts.title}</h2>
          <button type="button" className="popup-close" onClick={() => dialog.current?.close()} aria-label={t('newsletter.close')}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <p>{texts.text}</p>
        <Field
          label={t('newsletter.label')}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={texts.placeholder}
          value={email}
          onValue={setEmail}
        />
        <div className="check">
          <input
            id={agreementId}
            type="checkbox"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            required
            aria-invalid={agreementError ? true : undefined}
            aria-describedby={agreementError ? `${agreementId}-error` : undefined}
          />
          <label htmlFor={agreementId}>{texts.agreement}</label>
        </div>
        {agreementError && (
          <p className="field-error" id={`${agreementId}-error`}>
            {agreementError}
          </p>
        )}
        <Check label={texts.weeklyOptIn} checked={weekly} onChange={setWeekly} />
        <Check label={texts.memberOptIn} checked={member} onChange={setMember} />
        <FormMessage error>{result.error}</FormMessage>
        <FormMessage>{result.success}</FormMessage>
        <Submit busy={busy}>{texts.button}</Submit>
      </Form>
    </dialog>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div className="check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
