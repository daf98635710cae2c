import { useCallback, useEffect, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useSearch } from 'wouter';
import { readFlow } from '../account-flow.ts';
import { ApiError } from '../api-error.ts';
import { Field, useErrorText, useHydrated } from '../components/forms.tsx';
import type { AccountFlow } from '../account-flow.ts';
import { homePath } from '../routes.ts';
import { useApp, useSite, useT } from '../site.tsx';
import type { Translate } from '../site.tsx';
import type { RuntimeMessageKey } from '../../core/message-keys.ts';
import type { AccountScreen } from '../../core/kinds.ts';
import { isStrongPassword, safeFromPath } from '../../core/validation.ts';

/** The path of an account screen in the current region: `/us/login`, `/login` in cn. */
export function useScreenPath(): (screen: AccountScreen, query?: Record<string, string>) => string {
  const { basePath } = useSite();
  return useCallback(
    (screen, query) => {
      const search = query ? new URLSearchParams(query).toString() : '';
      return `${basePath}/${screen}${search ? `?${search}` : ''}`;
    },
    [basePath],
  );
}

/**
 * A query parameter of the current address. '' until hydrated: the prerendered HTML has no
 * query, and the first client render must match it.
 */
export function useQuery(name: string): string {
  const search = useSearch();
  return useHydrated() ? (new URLSearchParams(search).get(name) ?? '') : '';
}

/** Where the flow ends: `fromPath` when it is a path on this site, else the region's home. */
export function useNextPath(): string {
  const site = useSite();
  return safeFromPath(useQuery('fromPath'), homePath(site));
}

/** The flow carried from the previous screen, read once hydrated (undefined before). */
export function useFlow(): { flow: AccountFlow | undefined; loaded: boolean } {
  const [state, setState] = useState<{ flow: AccountFlow | undefined; loaded: boolean }>({ flow: undefined, loaded: false });
  useEffect(() => setState({ flow: readFlow(), loaded: true }), []);
  return state;
}

/**
 * A screen's frame: heading, lead and the form or message below. A screen changes by itself once
 * live (it reads the address, the flow or the session), so it hydrates with the page (`data-live`,
 * runtime/parts.ts), but for a `still` one (log in, create account, forgot password), which
 * changes only as the visitor acts (or when the address has a query, or the visitor is logged in:
 * runtime/shell/wants.ts). A screen for logged-in visitors names the login screen
 * (`data-login`): the app shell sends a visitor with no stored login there at once, before the
 * screen's code loads (runtime/client.tsx); `useRequireLogin` does once the screen is live.
 */
export function ScreenFrame({
  heading,
  lead,
  still,
  login,
  children,
}: {
  heading: string;
  lead?: ReactNode;
  still?: boolean;
  /** The login screen's path, on a screen for logged-in visitors only. */
  login?: string;
  children?: ReactNode;
}) {
  return (
    <section className="account-screen" aria-labelledby="screen-heading" data-live={still ? undefined : ''} data-login={login}>
      <h1 id="screen-heading">{heading}</h1>
      {lead && <p className="lead">{lead}</p>}
      {children}
    </section>
  );
}

/** `account.screens.<screen>.title` -> the screen. */
type ScreenOfKey<K> = K extends `account.screens.${infer Screen}.title` ? Screen : never;

/** A screen whose texts the catalogue has (`account.screens.login.title`, `.lead`, `.description`). */
export type TextScreen = ScreenOfKey<RuntimeMessageKey>;

/** The catalogue texts of one screen. */
export function useScreenText(screen: TextScreen): (name: 'title' | 'lead' | 'description') => string {
  const t = useT();
  return (name) => t(`account.screens.${screen}.${name}`);
}

/**
 * What every account screen starts with: the app services and region, the catalogue (`t`), the
 * screen's own texts (`text('title')`), account screen paths, the text of a failed call, and
 * whether the page has hydrated.
 */
export function useScreen(screen: TextScreen) {
  const app = useApp();
  const t = useT();
  const text = useScreenText(screen);
  const screenPath = useScreenPath();
  const errorText = useErrorText();
  const hydrated = useHydrated();
  return { app, site: app.site, t, text, screenPath, errorText, hydrated };
}

/**
 * A form's errors (`form`: beside the form, the others by their fields) and whether a call is
 * under way. `attempt` makes a call with the form busy: a failure becomes the errors `fail`
 * gives (by default the call's error text, as `form`).
 */
export function useFormState<E extends { form?: string }>() {
  const errorText = useErrorText();
  const [errors, setErrors] = useState<E>({} as E);
  const [busy, setBusy] = useState(false);
  async function attempt(call: () => Promise<void>, fail = (error: unknown): E => ({ form: errorText(error) }) as E): Promise<void> {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      setErrors(fail(error));
    } finally {
      setBusy(false);
    }
  }
  return { errors, setErrors, busy, attempt };
}

/** Leaves a screen that needs a login for the login screen, coming back here afterwards. */
export function useRequireLogin(screen: AccountScreen, loggedIn: boolean, ready: boolean): void {
  const app = useApp();
  const screenPath = useScreenPath();
  useEffect(() => {
    // Only while the visitor is on this screen: a navigation away may have begun already.
    if (!ready || loggedIn || window.location.pathname !== screenPath(screen)) return;
    app.go(screenPath('login', { fromPath: `${window.location.pathname}${window.location.search}` }), { replace: true });
  }, [screen, ready, loggedIn, app, screenPath]);
}

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

/** docs/runtime.md: at least 8 characters with letters and numbers, and a confirmation that matches. */
export function checkNewPassword(password: string, confirm: string, minimum: number, t: Translate): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!isStrongPassword(password, minimum)) errors.password = t('account.validation.password');
  if (confirm !== password) errors.confirm = t('account.validation.confirm');
  return errors;
}

/** A new password and its confirmation (create account, set password, reset password). */
export function NewPasswordFields(props: {
  /** The first field's label: "Password" when creating an account, else "New password". */
  label?: 'password' | 'newPassword';
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
  errors: NewPasswordErrors;
}) {
  const t = useT();
  return (
    <>
      <Field
        label={t(`account.fields.${props.label ?? 'newPassword'}`)}
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        value={props.password}
        onValue={props.onPassword}
        hint={t('account.text.passwordRule')}
        error={props.errors.password}
      />
      <Field
        label={t('account.fields.confirmPassword')}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        value={props.confirm}
        onValue={props.onConfirm}
        error={props.errors.confirm}
      />
    </>
  );
}

export interface NewPasswordFormErrors extends NewPasswordErrors {
  form?: string;
  /** The answer was an ApiError with this code (e.g. a used reset link). */
  code?: number;
}

/**
 * The state of a form that chooses a new password (set password, reset password): checks both
 * fields as docs/runtime.md says, then `save`s; a failure shows beside the form.
 */
export function useNewPasswordForm(save: (password: string) => Promise<void>) {
  const site = useSite();
  const t = useT();
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, setErrors, busy, attempt } = useFormState<NewPasswordFormErrors>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkNewPassword(password, confirm, site.constants.passwordMinimum, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await attempt(
      () => save(password),
      (error) => ({ form: errorText(error), code: error instanceof ApiError ? error.code : undefined }),
    );
  }

  const fields = (
    <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors} />
  );
  return { errors, busy, submit, fields };
}
