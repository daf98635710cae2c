import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { clearFlow, writeFlow } from '../account-flow.ts';
import { EmailField, Form, FormMessage, Submit, useCountdown } from '../components/forms.tsx';
import { SiteLink } from '../components/SiteLink.tsx';
import { fill, isValidEmail } from '../../core/validation.ts';
import { ScreenFrame, useFlow, useFormState, useNewPasswordForm, useQuery, useScreen } from './common.tsx';

const LINK_UNUSABLE = 4014;
/** How long the password reset success screen waits before going to login. */
export const RESET_REDIRECT_SECONDS = 5;

/** Forgot password: the email of the account, to mail a secure reset link to. */
export function ForgotPasswordScreen() {
  const { app, t, text, screenPath } = useScreen('forgotPassword');
  const [email, setEmail] = useState('');
  const { errors, setErrors, busy, attempt } = useFormState<{ email?: string; form?: string }>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setErrors({ email: t('account.validation.email') });
      return;
    }
    setErrors({});
    await attempt(async () => {
      const sent = await app.account.forgotPassword(email.trim());
      writeFlow({ email: email.trim(), purpose: 'reset', resendAt: Date.now() + sent.resendAfter * 1000 });
      app.go(screenPath('secure-link-sent'));
    });
  }

  return (
    <ScreenFrame heading={text('title')} lead={text('lead')} still>
      <Form className="account-form" onSubmit={submit}>
        <FormMessage error>{errors.form}</FormMessage>
        <EmailField value={email} onValue={setEmail} error={errors.email} />
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
  const { app, t, text, screenPath, hydrated } = useScreen('secureLinkSent');
  const { flow } = useFlow();
  const [resendAt, setResendAt] = useState<number | undefined>(undefined);
  // The resend's failure (`form`) or confirmation.
  const { errors: message, setErrors: setMessage, busy, attempt } = useFormState<{ form?: string; notice?: string }>();
  const left = useCountdown(resendAt ?? flow?.resendAt);

  async function resend() {
    if (!flow) return;
    await attempt(async () => {
      const sent = await app.account.forgotPassword(flow.email);
      const at = Date.now() + sent.resendAfter * 1000;
      writeFlow({ ...flow, resendAt: at });
      setResendAt(at);
      setMessage({ notice: t('account.text.linkResent') });
    });
  }

  return (
    <ScreenFrame heading={text('title')} lead={flow ? fill(text('lead'), { email: flow.email }) : text('description')}>
      <FormMessage error>{message.form}</FormMessage>
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
  const { app, t, text, screenPath, hydrated } = useScreen('resetPassword');
  const token = useQuery('token');
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
  const { app, t, text, screenPath, hydrated } = useScreen('passwordResetSuccess');
  const [until, setUntil] = useState<number | undefined>(undefined);
  useEffect(() => setUntil(Date.now() + RESET_REDIRECT_SECONDS * 1000), []);
  const left = useCountdown(until);
  useEffect(() => {
    if (until !== undefined && left === 0) app.go(screenPath('login'), { replace: true });
  }, [until, left, app, screenPath]);
  return (
    <ScreenFrame
      heading={text('title')}
      lead={fill(text('lead'), { seconds: hydrated && until !== undefined ? left : RESET_REDIRECT_SECONDS })}
    >
      <p>
        <SiteLink className="button" href={screenPath('login')}>
          {t('account.actions.login')}
        </SiteLink>
      </p>
    </ScreenFrame>
  );
}
