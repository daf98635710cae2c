import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../api-client.ts';
import { useApp, useSite, useT } from '../site.tsx';
import { isValidEmail } from '../validation.ts';
import { Field, FormMessage, Submit, useErrorText } from './forms.tsx';

const INVALID_EMAIL = 4001;

/**
 * The footer's newsletter form (SPEC.md section 5): the region's own texts for an invalid
 * address and for success, the region in the payload (and header); the call shows no toast.
 */
export function Newsletter() {
  const app = useApp();
  const site = useSite();
  const t = useT();
  const errorText = useErrorText();
  const texts = site.subscribe;
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ error?: string; success?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setResult({ error: texts.invalidEmail });
      return;
    }
    setBusy(true);
    setResult({});
    try {
      await app.account.subscribe({ email: email.trim(), region: site.code, source: 'footer' });
      setResult({ success: texts.success });
      setEmail('');
    } catch (error) {
      setResult({ error: error instanceof ApiError && error.code === INVALID_EMAIL ? texts.invalidEmail : errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="newsletter" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading">{texts.title}</h2>
      <p>{texts.text}</p>
      <form noValidate onSubmit={submit} className="newsletter-form">
        <Field label={t('newsletter.label')} type="email" name="email" autoComplete="email" placeholder={texts.placeholder} value={email} onValue={setEmail} />
        <Submit busy={busy}>{texts.button}</Submit>
      </form>
      <FormMessage error>{result.error}</FormMessage>
      <FormMessage>{result.success}</FormMessage>
    </section>
  );
}
