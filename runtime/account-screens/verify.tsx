import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { clearFlow, writeFlow } from '../account-flow.ts';
import type { AccountFlow } from '../account-flow.ts';
import { ApiError } from '../api-error.ts';
import { Field, Form, FormMessage, Submit, useCountdown } from '../components/forms.tsx';
import { SiteLink } from '../components/SiteLink.tsx';
import { homePath } from '../routes.ts';
import { isLoggedIn } from '../session.ts';
import { useSession } from '../site.tsx';
import type { AppServices } from '../site.tsx';
import { fill } from '../../core/validation.ts';
import { ScreenFrame, useFlow, useFormState, useNewPasswordForm, useNextPath, useQuery, useRequireLogin, useScreen } from './common.tsx';

/** docs/api.md: no account with this email. */
const NO_ACCOUNT = 4012;

/**
 * A code login from the login screen: an existing account's by `login/code`; an address with no
 * account yet (4012, the code unspent) creates one by `register_or_login`.
 */
async function loginByCode(account: AppServices['account'], email: string, given: string): Promise<{ created: boolean }> {
  try {
    await account.loginByCode(email, given);
    return { created: false };
  } catch (error) {
    if (!(error instanceof ApiError && error.code === NO_ACCOUNT)) throw error;
    return account.registerOrLogin(email, given);
  }
}

/**
 * The code form's state, its submit (the flow's verification, or its code login) and its
 * resend (which restarts the countdown). A tuple, not an object: smaller in the bundle.
 */
function useVerifyCode({ app, site, t, screenPath, errorText }: ReturnType<typeof useScreen>, flow: AccountFlow | undefined) {
  const [code, setCode] = useState('');
  const [resendAt, setResendAt] = useState<number | undefined>(undefined);
  const { errors, setErrors, busy, attempt } = useFormState<{ code?: string; form?: string }>();
  const [notice, setNotice] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!flow) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setErrors({ code: t('account.validation.code') });
      return;
    }
    setErrors({});
    await attempt(
      async () => {
        const next = flow.next ?? homePath(site);
        if (flow.purpose === 'verify') {
          await app.account.verifyByCode(flow.email, code.trim());
          if (isLoggedIn(app.session.store.getState())) await app.account.loadProfile().catch(() => undefined);
          clearFlow();
          app.go(`${screenPath('verification-success')}${next !== homePath(site) ? `?fromPath=${encodeURIComponent(next)}` : ''}`, {
            replace: true,
          });
        } else {
          const answer = site.api.regionalLogin
            ? await app.account.regionalLogin(site.backend, flow.email, code.trim())
            : await loginByCode(app.account, flow.email, code.trim());
          clearFlow();
          app.toasts.toast('success', t('account.text.loggedIn'));
          if (answer.created) app.go(screenPath('set-password', { fromPath: next }), { replace: true });
          else app.go(next, { replace: true });
        }
      },
      (error) => (error instanceof ApiError && error.code === 4011 ? { code: errorText(error) } : { form: errorText(error) }),
    );
  }

  async function resend() {
    if (!flow) return;
    await attempt(async () => {
      const sent = flow.purpose === 'verify' ? await app.account.sendVerification(flow.email) : await app.account.sendCode(flow.email);
      const at = Date.now() + sent.resendAfter * 1000;
      writeFlow({ ...flow, resendAt: at });
      setResendAt(at);
      setErrors({});
      setNotice(t('account.text.codeResent'));
    });
  }

  return [code, setCode, resendAt, errors, busy, notice, submit, resend] as const;
}

/**
 * Email verification code: the 6-digit code of a code login (which creates the account when
 * the email is new) or of a new account's verification. Resend waits out a countdown.
 */
export function VerifyEmailScreen() {
  const screen = useScreen('verifyEmail');
  const { t, text, screenPath, hydrated } = screen;
  const { flow, loaded } = useFlow();
  const [code, setCode, resendAt, errors, busy, notice, submit, resend] = useVerifyCode(screen, flow);
  const left = useCountdown(resendAt ?? flow?.resendAt);

  if (loaded && !flow) {
    return (
      // Opened without a code on its way (no flow from login or register): nothing was typed, so
      // nothing is wrong yet; the screen says where a code comes from.
      <ScreenFrame heading={text('title')}>
        <p>{t('account.text.noCode')}</p>
        <p className="account-links">
          <SiteLink href={screenPath('login')}>{t('account.actions.backToLogin')}</SiteLink>
        </p>
      </ScreenFrame>
    );
  }

  return (
    <ScreenFrame heading={text('title')} lead={flow ? fill(text('lead'), { email: flow.email }) : text('description')}>
      <Form className="account-form" onSubmit={submit}>
        <FormMessage error>{errors.form}</FormMessage>
        <FormMessage>{notice}</FormMessage>
        <Field
          label={t('account.fields.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          value={code}
          onValue={(value) => setCode(value.replace(/\D/g, ''))}
          error={errors.code}
        />
        <Submit busy={busy}>{t('account.actions.verify')}</Submit>
        <button type="button" className="link-button" onClick={resend} disabled={!hydrated || busy || left > 0}>
          {left > 0 ? fill(t('account.actions.resendIn'), { seconds: left }) : t('account.actions.resendCode')}
        </button>
      </Form>
    </ScreenFrame>
  );
}

/** docs/api.md: a password is set only within minutes of a login; later the visitor logs in again. */
const LOGIN_AGAIN = 4018;

/** Set password: a new account made by code login adds a password (or skips for now). */
export function SetPasswordScreen() {
  const { app, t, text, screenPath } = useScreen('setPassword');
  const next = useNextPath();
  const ready = useSession((s) => s.ready);
  const loggedIn = useSession(isLoggedIn);
  useRequireLogin('set-password', loggedIn, ready);
  const { errors, busy, submit, fields } = useNewPasswordForm(async (password) => {
    await app.account.setPassword(password);
    await app.account.loadProfile().catch(() => undefined);
    app.go(next, { replace: true });
  });

  return (
    <ScreenFrame heading={text('title')} lead={text('lead')} login={screenPath('login')}>
      <Form className="account-form" onSubmit={submit}>
        <FormMessage error>{errors.form}</FormMessage>
        {fields}
        <Submit busy={busy}>{t('account.actions.setPassword')}</Submit>
      </Form>
      <p className="account-links">
        {errors.code === LOGIN_AGAIN && (
          <SiteLink href={screenPath('login', { fromPath: screenPath('set-password', { fromPath: next }) })}>
            {t('account.actions.login')}
          </SiteLink>
        )}
        <SiteLink href={next}>{t('account.actions.skip')}</SiteLink>
      </p>
    </ScreenFrame>
  );
}

/**
 * Account verification success. Opened from the mailed link (`?token=`), it verifies first and
 * sends an unusable link to the verification failed screen.
 */
export function VerificationSuccessScreen() {
  const { app, t, text, screenPath, hydrated } = useScreen('verificationSuccess');
  const next = useNextPath();
  const token = useQuery('token');
  const [verified, setVerified] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    app.account.verifyByLink(token).then(
      () => {
        if (isLoggedIn(app.session.store.getState())) void app.account.loadProfile().catch(() => undefined);
        setVerified(true);
      },
      () => app.go(screenPath('verification-failed'), { replace: true }),
    );
  }, [token, app, screenPath]);
  // Until hydrated the query is unknown: the prerendered page waits rather than claim success.
  if (!hydrated || (token && !verified)) return <ScreenFrame heading={text('title')} lead={t('account.text.working')} />;
  return (
    <ScreenFrame heading={text('title')} lead={text('lead')}>
      <p>
        <SiteLink className="button" href={next}>
          {t('account.actions.continue')}
        </SiteLink>
      </p>
    </ScreenFrame>
  );
}

/** Verification failed, with the link back home. */
export function VerificationFailedScreen() {
  const { site, t, text } = useScreen('verificationFailed');
  return (
    <ScreenFrame heading={text('title')} lead={text('lead')}>
      <p>
        <SiteLink className="button" href={homePath(site)}>
          {t('account.actions.backHome')}
        </SiteLink>
      </p>
    </ScreenFrame>
  );
}
