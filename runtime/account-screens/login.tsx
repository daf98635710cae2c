import { useState } from 'react';
import type { FormEvent } from 'react';
import { writeFlow } from '../account-flow.ts';
import { ApiError } from '../api-error.ts';
import { EmailField, Field, Form, FormMessage, Submit } from '../components/forms.tsx';
import { SiteLink } from '../components/SiteLink.tsx';
import type { AppServices } from '../site.tsx';
import { isValidEmail } from '../../core/validation.ts';
import { ScreenFrame, useFormState, useNextPath, useQuery, useScreen } from './common.tsx';

const NO_ACCOUNT = 4012;
/** docs/api.md: the password of an account whose email is not verified logs nobody in. */
const NOT_VERIFIED = 4017;
/** docs/api.md: an account carried over from the previous site, whose password only the old sign-in reads. */
const CARRIED_OVER = 4019;

/** Login by password: through the old sign-in, with the same email and password, when the account is carried over. */
async function loginByPassword(account: AppServices['account'], email: string, password: string): Promise<void> {
  try {
    await account.loginByPassword(email, password);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === CARRIED_OVER)) throw error;
    await account.oldSignIn(email, password);
  }
}

type LoginErrors = { email?: string; password?: string; form?: string; noAccount?: boolean };

/**
 * The login form's state and its submit: by password (an unverified address goes on by a
 * login code), or by a code mailed to the address; afterwards the visitor goes on to `next`.
 * A tuple, not an object: smaller in the bundle.
 */
function useLoginForm({ app, t, screenPath, errorText }: ReturnType<typeof useScreen>, next: string) {
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, setErrors, busy, attempt } = useFormState<LoginErrors>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!isValidEmail(email.trim())) found.email = t('account.validation.email');
    if (mode === 'password' && !password) found.password = t('account.validation.required');
    setErrors(found);
    if (found.email || found.password) return;
    await attempt(
      async () => {
        if (mode === 'password') {
          try {
            await loginByPassword(app.account, email.trim(), password);
          } catch (error) {
            // An address nobody has verified yet: its mailbox decides, by a login code.
            if (!(error instanceof ApiError && error.code === NOT_VERIFIED)) throw error;
            const sent = await app.account.sendCode(email.trim());
            app.toasts.toast('error', errorText(error));
            writeFlow({ email: email.trim(), purpose: 'login', next, resendAt: Date.now() + sent.resendAfter * 1000 });
            app.go(screenPath('verify-email'));
            return;
          }
          app.toasts.toast('success', t('account.text.loggedIn'));
          app.go(next, { replace: true });
        } else {
          const sent = await app.account.sendCode(email.trim());
          writeFlow({ email: email.trim(), purpose: 'login', next, resendAt: Date.now() + sent.resendAfter * 1000 });
          app.go(screenPath('verify-email'));
        }
      },
      (error) => ({ form: errorText(error), noAccount: error instanceof ApiError && error.code === NO_ACCOUNT }),
    );
  }

  return [mode, setMode, email, setEmail, password, setPassword, errors, setErrors, busy, submit] as const;
}

/**
 * Log in (docs/runtime.md): by password, or by a code mailed to the address;
 * a code login of an unregistered email creates the account. Arriving with `fromPath` (sent
 * here by an expired login) shows the login tip; the visitor goes back there afterwards.
 */
export function LoginScreen() {
  const screen = useScreen('login');
  const { t, text, screenPath } = screen;
  const next = useNextPath();
  const fromPath = useQuery('fromPath');
  const [mode, setMode, email, setEmail, password, setPassword, errors, setErrors, busy, submit] = useLoginForm(screen, next);

  const registerLink = screenPath('register', fromPath ? { fromPath: next } : undefined);
  return (
    <ScreenFrame heading={text('title')} lead={text('lead')} still>
      {/* Shown, and the register link given fromPath, by the shell before this code loads (runtime/shell/wants.ts). */}
      <p className="notice" hidden={!fromPath} data-query-shows="fromPath">
        {t('account.text.loginTip')}
      </p>
      <Form className="account-form" onSubmit={submit}>
        <FormMessage error>
          {errors.form}
          {errors.noAccount && (
            <>
              {' '}
              <SiteLink href={registerLink}>{t('account.actions.createAccount')}</SiteLink>
            </>
          )}
        </FormMessage>
        <EmailField value={email} onValue={setEmail} error={errors.email} />
        {mode === 'password' && (
          <Field
            label={t('account.fields.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onValue={setPassword}
            error={errors.password}
          />
        )}
        <Submit busy={busy}>{mode === 'password' ? t('account.actions.login') : t('account.actions.sendCode')}</Submit>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setMode(mode === 'password' ? 'code' : 'password');
            setErrors({});
          }}
        >
          {mode === 'password' ? t('account.actions.useCode') : t('account.actions.usePassword')}
        </button>
      </Form>
      <p className="account-links">
        <SiteLink href={screenPath('forgot-password')}>{t('account.actions.forgotPassword')}</SiteLink>
      </p>
      <p className="account-links">
        {t('account.text.newHere')}{' '}
        <SiteLink href={registerLink} data-query-keeps="fromPath">
          {t('account.actions.createAccount')}
        </SiteLink>
      </p>
    </ScreenFrame>
  );
}
