import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { writeFlow } from '../account-flow.ts';
import { Field, Form, FormMessage, Submit } from '../components/forms.tsx';
import { homePath } from '../routes.ts';
import { isLoggedIn } from '../session.ts';
import type { Profile } from '../session.ts';
import { useSession } from '../site.tsx';
import type { AppServices, Translate } from '../site.tsx';
import { ScreenFrame, useFormState, useRequireLogin, useScreen } from './common.tsx';

type ProfileForm = Pick<Profile, 'nickname' | 'firstName' | 'lastName' | 'birthday'>;

/** Opening the profile reloads it from the back end once, and the form takes its details whenever it changes. */
function useProfileReload(
  app: AppServices,
  ready: boolean,
  loggedIn: boolean,
  profile: Profile | undefined,
  setForm: (form: ProfileForm) => void,
): void {
  const loaded = useRef(false);
  useEffect(() => {
    if (!ready || !loggedIn || loaded.current) return;
    loaded.current = true;
    app.account.loadProfile().catch(() => undefined); // errors were shown as toasts
  }, [ready, loggedIn, app]);
  useEffect(() => {
    if (profile)
      setForm({ nickname: profile.nickname, firstName: profile.firstName, lastName: profile.lastName, birthday: profile.birthday });
  }, [profile, setForm]);
}

/** What the profile's buttons do: save the details, verify the email by a code, log out (a tuple: it is smaller in the bundle). */
function profileActions(
  { app, site, t, screenPath, errorText }: ReturnType<typeof useScreen>,
  form: ProfileForm,
  profile: Profile | undefined,
  setErrors: (errors: { form?: string }) => void,
  attempt: (call: () => Promise<void>) => Promise<void>,
  setLeaving: (leaving: boolean) => void,
) {
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

  return [submit, verifyNow, logout] as const;
}

/**
 * The profile's facts: its email and whether it is verified (with the way to verify it), and its
 * credits. A function of the screen's render, not a component: the tree stays as it was.
 */
function profileFacts(t: Translate, profile: Profile, verifyNow: () => void) {
  return (
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
  );
}

/**
 * The profile: email and its verification, credits, editable details, and logout. Opening it
 * reloads the profile from the back end (an expired access token is refreshed on the way).
 */
export function ProfileScreen() {
  const screen = useScreen('profile');
  const { app, t, text, screenPath } = screen;
  const ready = useSession((s) => s.ready);
  const loggedIn = useSession(isLoggedIn);
  const profile = useSession((s) => s.userInfo);
  // Set by the logout: the profile may still show while the home page loads, and must not
  // then send the visitor to the login.
  const [leaving, setLeaving] = useState(false);
  useRequireLogin('profile', loggedIn || leaving, ready);
  const [form, setForm] = useState<ProfileForm>({ nickname: '', firstName: '', lastName: '', birthday: '' });
  const { errors, setErrors, busy, attempt } = useFormState<{ form?: string }>();
  useProfileReload(app, ready, loggedIn, profile, setForm);
  const [submit, verifyNow, logout] = profileActions(screen, form, profile, setErrors, attempt, setLeaving);

  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  return (
    <ScreenFrame heading={text('title')} lead={text('lead')} login={screenPath('login')}>
      {profile && profileFacts(t, profile, verifyNow)}
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
