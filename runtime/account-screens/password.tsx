import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { clearFlow, writeFlow } from '../account-flow.ts';
import { Field, Form, FormMessage, Submit, useCountdown, useErrorText, useHydrated } from '../components/forms.tsx';
import { SiteLink } from '../components/SiteLink.tsx';
import { useApp, useT } from '../site.tsx';
import { fill, isValidEmail } from '../../core/validation.ts';
import { ScreenFrame, useNewPasswordForm, useFlow, useQuery, useScreenPath, useScreenText } from './common.tsx';

const LINK_UNUSABLE = 4014;
/** How long the password reset success screen waits before going to login. */
export const RESET_REDIRECT_SECONDS = 5;

/** Forgot password: the email of the account, to mail a secure reset link to. */
export function ForgotPasswordScreen() {
  const app = useApp();
  const t = useT();
  const text = useScreenText('forgotPassword');
  const screenPath = useScreenPath();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ email?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setErrors({ email: t('account.validation.email') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const sent = await app.account.forgotPassword(email.trim());
      writeFlow({ email: email.trim(), purpose: 'reset', resendAt: Date.now() + sent.resendAfter * 1000 });
      app.go(screenPath('secure-link-sent'));
    } catch (error) {
      setErrors({ form: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ScreenFrame heading={text('title')} lead={text('lead')}>
      <Form className="account-form" onSubmit={submit}>
        <FormMessage error>{errors.form}</FormMessage>
        <Field label={t('account.fields.email')} type="email" name="email" autoComplete="email" required value={email} onValue={setEmail} error={errors.email} />
        <Submit busy={busy}>{t('account.actions.sendLink')}</Submit>
      </Form>
      <p className="account-links">
        <SiteLink href={screenPath('login')}>{t('account.actions.backToLogin')}</SiteLink>
      </p>
    </ScreenFrame>
  );
}

/** Secure link sent, with a resend after the countdown. */
export function SecureLinkSentScreen() {
  const app = useApp();
  const t = useT();
  const text = useScreenText('secureLinkSent');
  const screenPath = useScreenPath();
  const errorText = useErrorText();
  const hydrated = useHydrated();
  const { flow } = useFlow();
  const [resendAt, setResendAt] = useState<number | undefined>(undefined);
  const [message, setMessage] = useState<{ error?: string; notice?: string }>({});
  const [busy, setBusy] = useState(false);
  const left = useCountdown(resendAt ?? flow?.resendAt);

  async function resend() {
    if (!flow) return;
    setBusy(true);
    try {
      const sent = await app.account.forgotPassword(flow.email);
      const at = Date.now() + sent.resendAfter * 1000;
      writeFlow({ ...flow, resendAt: at });
      setResendAt(at);
      setMessage({ notice: t('account.text.linkResent') });
    } catch (error) {
      setMessage({ error: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ScreenFrame heading={text('title')} lead={flow ? fill(text('lead'), { email: flow.email }) : text('description')}>
      <FormMessage error>{message.error}</FormMessage>
      <FormMessage>{message.notice}</FormMessage>
      {flow && (
        <p>
          <button type="button" className="button secondary" onClick={resend} disabled={!hydrated || busy || left > 0}>
            {left > 0 ? fill(t('account.actions.resendIn'), { seconds: left }) : t('account.actions.resendLink')}
          </button>
        </p>
      )}
      <p className="account-links">
        <SiteLink href={screenPath('login')}>{t('account.actions.backToLogin')}</SiteLink>
      </p>
    </ScreenFrame>
  );
}

/** Reset password, opened from the mailed link (`?token=`). */
export function ResetPasswordScreen() {
  const app = useApp();
  const t = useT();
  const text = useScreenText('resetPassword');
  const screenPath = useScreenPath();
  const token = useQuery('token');
  const hydrated = useHydrated();
  const { errors, busy, submit, fields } = useNewPasswordForm(async (password) => {
    await app.account.resetPassword(token, password);
    clearFlow();
    app.account.logout(); // the reset ended every session of the account
    app.go(screenPath('password-reset-success'), { replace: true });
  });

  const unusable = (hydrated && !token) || errors.code === LINK_UNUSABLE;
  return (
    <ScreenFrame heading={text('title')} lead={text('lead')}>
      <Form className="account-form" onSubmit={submit}>
        <FormMessage error>{hydrated && !token ? t('account.screens.verificationFailed.lead') : errors.form}</FormMessage>
        {unusable && (
          <p className="account-links">
            <SiteLink href={screenPath('forgot-password')}>{t('account.actions.requestNew')}</SiteLink>
          </p>
        )}
        {fields}
        <Submit busy={busy} disabled={!token}>
          {t('account.actions.resetPassword')}
        </Submit>
      </Form>
    </ScreenFrame>
  );
}

/** Password reset success: a countdown, then the login screen. */
export function PasswordResetSuccessScreen() {
  const app = useApp();
  const t = useT();
  const text = useScreenText('passwordResetSuccess');
  const screenPath = useScreenPath();
  const hydrated = useHydrated();
  const [until, setUntil] = useState<number | undefined>(undefined);
  useEffect(() => setUntil(Date.now() + RESET_REDIRECT_SECONDS * 1000), []);
  const left = useCountdown(until);
  useEffect(() => {
    if (until !== undefined && left === 0) app.go(screenPath('login'), { replace: true });
  }, [until, left, app, screenPath]);
  return (
    <ScreenFrame heading={text('title')} lead={fill(text('lead'), { seconds: hydrated && until !== undefined ? left : RESET_REDIRECT_SECONDS })}>
      <p>
        <SiteLink className="button" href={screenPath('login')}>
          {t('account.actions.login')}
        </SiteLink>
      </p>
    </ScreenFrame>
  );
}
