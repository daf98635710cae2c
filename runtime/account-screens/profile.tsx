import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { writeFlow } from '../account-flow.ts';
import { Field, Form, FormMessage, Submit } from '../components/forms.tsx';
import { homePath } from '../routes.ts';
import { isLoggedIn } from '../session.ts';
import { useSession } from '../site.tsx';
import { ScreenFrame, useFormState, useRequireLogin, useScreen } from './common.tsx';

/**
 * The profile: email and its verification, credits, editable details, and logout. Opening it
 * reloads the profile from the back end (an expired access token is refreshed on the way).
 */
export function ProfileScreen() {
  const { app, site, t, text, screenPath, errorText } = useScreen('profile');
  const ready = useSession((s) => s.ready);
  const loggedIn = useSession(isLoggedIn);
  const profile = useSession((s) => s.userInfo);
  // Set by the logout: the profile may still show while the home page loads, and must not
  // then send the visitor to the login.
  const [leaving, setLeaving] = useState(false);
  useRequireLogin('profile', loggedIn || leaving, ready);
  const [form, setForm] = useState({ nickname: '', firstName: '', lastName: '', birthday: '' });
  const { errors, setErrors, busy, attempt } = useFormState<{ form?: string }>();
  const loaded = useRef(false);

  useEffect(() => {
    if (!ready || !loggedIn || loaded.current) return;
    loaded.current = true;
    app.account.loadProfile().catch(() => undefined); // errors were shown as toasts
  }, [ready, loggedIn, app]);
  useEffect(() => {
    if (profile)
      setForm({ nickname: profile.nickname, firstName: profile.firstName, lastName: profile.lastName, birthday: profile.birthday });
  }, [profile]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    await attempt(async () => {
      await app.account.updateProfile(form);
      app.toasts.notify(t('account.text.saved'));
    });
  }

  async function verifyNow() {
    if (!profile) return;
    try {
      const sent = await app.account.sendVerification(profile.email);
      writeFlow({ email: profile.email, purpose: 'verify', next: screenPath('profile'), resendAt: Date.now() + sent.resendAfter * 1000 });
      app.go(screenPath('verify-email'));
    } catch (error) {
      setErrors({ form: errorText(error) });
    }
  }

  function logout() {
    setLeaving(true);
    app.go(homePath(site));
    app.account.logout();
    app.toasts.notify(t('account.text.loggedOut'));
  }

  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  return (
    <ScreenFrame heading={text('title')} lead={text('lead')} login={screenPath('login')}>
      {profile && (
        <dl className="profile-facts">
          <div>
            <dt>{t('account.fields.email')}</dt>
            <dd data-testid="profile-email">{profile.email}</dd>
          </div>
          <div>
            <dt>{t('account.fields.status')}</dt>
            <dd>
              {profile.verified ? t('account.text.verified') : t('account.text.unverified')}
              {!profile.verified && (
                <>
                  {' '}
                  <button type="button" className="link-button" onClick={verifyNow}>
                    {t('account.actions.verify')}
                  </button>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('account.fields.credits')}</dt>
            <dd>{profile.credits}</dd>
          </div>
        </dl>
      )}
      <Form className="account-form" onSubmit={submit}>
        <FormMessage error>{errors.form}</FormMessage>
        <Field
          label={t('account.fields.nickname')}
          name="nickname"
          autoComplete="nickname"
          maxLength={40}
          value={form.nickname}
          onValue={set('nickname')}
        />
        <Field
          label={t('account.fields.firstName')}
          name="given-name"
          autoComplete="given-name"
          maxLength={60}
          value={form.firstName}
          onValue={set('firstName')}
        />
        <Field
          label={t('account.fields.lastName')}
          name="family-name"
          autoComplete="family-name"
          maxLength={60}
          value={form.lastName}
          onValue={set('lastName')}
        />
        <Field
          label={t('account.fields.birthday')}
          type="date"
          name="bday"
          autoComplete="bday"
          value={form.birthday}
          onValue={set('birthday')}
        />
        <Submit busy={busy} disabled={!profile}>
          {t('account.actions.save')}
        </Submit>
      </Form>
      <p>
        <button type="button" className="button secondary" onClick={logout} disabled={!loggedIn}>
          {t('account.actions.logout')}
        </button>
      </p>
    </ScreenFrame>
  );
}
