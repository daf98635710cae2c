import { useState } from 'react';
import type { FormEvent } from 'react';
import { writeFlow } from '../account-flow.ts';
import { ApiError } from '../api-error.ts';
import { EmailField, Form, FormMessage, Submit } from '../components/forms.tsx';
import { SiteLink } from '../components/SiteLink.tsx';
import { fill, isValidEmail } from '../../core/validation.ts';
import { checkNewPassword, NewPasswordFields, ScreenFrame, useFormState, useNextPath, useScreen } from './common.tsx';

const EMAIL_IN_USE = 4013;

/** Create account: email and password; the new account then confirms its email by code. */
export function RegisterScreen() {
  const { app, site, t, text, screenPath, errorText } = useScreen('register');
  const next = useNextPath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, setErrors, busy, attempt } = useFormState<{
    email?: string;
    password?: string;
    confirm?: string;
    form?: string;
    inUse?: boolean;
  }>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...checkNewPassword(password, confirm, site.constants.passwordMinimum, t),
      ...(!isValidEmail(email.trim()) && { email: t('account.validation.email') }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await attempt(
      async () => {
        await app.account.registerByPassword(email.trim(), password);
        writeFlow({ email: email.trim(), purpose: 'verify', next, resendAt: Date.now() + 60_000 });
        app.go(screenPath('verify-email'));
      },
      (error) => ({ form: errorText(error), inUse: error instanceof ApiError && error.code === EMAIL_IN_USE }),
    );
  }

  return (
    <ScreenFrame heading={text('title')} lead={fill(text('lead'), { credits: site.constants.newUserReward })} still>
      <Form className="account-form" onSubmit={submit}>
        <FormMessage error>
          {errors.form}
          {errors.inUse && (
            <>
              {' '}
              <SiteLink href={screenPath('login')}>{t('account.actions.login')}</SiteLink>
            </>
          )}
        </FormMessage>
        <EmailField value={email} onValue={setEmail} error={errors.email} />
        <NewPasswordFields
          label="password"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={errors}
        />
        <Submit busy={busy}>{t('account.actions.createAccount')}</Submit>
      </Form>
      <p className="account-links">
        {t('account.text.haveAccount')} <SiteLink href={screenPath('login')}>{t('account.actions.login')}</SiteLink>
      </p>
    </ScreenFrame>
  );
}
