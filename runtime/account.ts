import type { ApiClient, SessionTokens } from './api-client.ts';
import type { Profile, Session } from './session.ts';

/**
 * The account calls of docs/api.md as functions of one client and one session (docs/runtime.md,
 * "Accounts"). Every login stores user_id, apptoken and reftoken, then fetches the profile.
 * The form calls pass `toast: false`: the screens show their errors next to the form.
 */
export interface LoginTokens {
  user_id: string;
  apptoken: string;
  reftoken: string;
}

export type ProfileUpdate = Partial<Pick<Profile, 'nickname' | 'firstName' | 'lastName' | 'birthday' | 'country'>>;

export interface SubscribeRequest {
  email: string;
  region?: string;
  weekly?: boolean;
  member?: boolean;
  source: 'footer' | 'popup';
}

export function createAccount(api: ApiClient, session: Session) {
  const quiet = { toast: false } as const;
  const post = <T>(path: string, body: Record<string, unknown>, toast = false) =>
    api.call<T>(path, { method: 'POST', body, ...(toast ? {} : quiet) });

  /** Revokes a session's tokens on the back end (POST /account/user/logout); never rejects: the session is already gone here. */
  function revoke(tokens: SessionTokens): Promise<void> {
    if (!tokens.apptoken && !tokens.reftoken) return Promise.resolve();
    return api.call('/account/user/logout', { method: 'POST', body: {}, toast: false, tokens, refresh: false }).then(
      () => undefined,
      () => undefined,
    );
  }

  async function loadProfile(): Promise<Profile> {
    const profile = await api.call<Profile>('/account/user/profile/new');
    session.setProfile(profile);
    return profile;
  }

  async function signIn<T extends LoginTokens>(path: string, body: Record<string, unknown>): Promise<T> {
    const answer = await post<T>(path, body);
    session.signIn({ user_id: answer.user_id, apptoken: answer.apptoken, reftoken: answer.reftoken });
    await loadProfile();
    return answer;
  }

  return {
    loadProfile,
    /** Login by password (`login/pwd`: the caller handles errors). */
    loginByPassword: (email: string, password: string) => signIn('/account/user/login/pwd', { email, password }),
    /**
     * The old sign-in (`sign_in`): the password login of an account carried over from the brand's
     * previous site, which `login/pwd` answers 4019 (the login screen goes on with this).
     */
    oldSignIn: (email: string, password: string) => signIn('/account/user/sign_in', { email, password }),
    /** Login by a code from `sendCode`, for an existing account. */
    loginByCode: (email: string, code: string) => signIn('/account/user/login/code', { email, code }),
    /** Login by code that creates the account when the email is new (`created`). */
    registerOrLogin: (email: string, code: string) =>
      signIn<LoginTokens & { created: boolean }>('/account/user/register_or_login', { email, code }),
    /**
     * The regional login of a back end with `regionalLogin` (the cn regional login): by email
     * code at `/account/user/<back end>/login`, creating the account when new.
     */
    regionalLogin: (backend: string, email: string, code: string) =>
      signIn<LoginTokens & { created: boolean }>(`/account/user/${encodeURIComponent(backend)}/login`, { email, code }),
    /** Password registration: an unverified account, logged in; a verification code is mailed. */
    registerByPassword: (email: string, password: string) => signIn('/account/user/register/pwd', { email, password }),
    sendCode: (email: string) => post<{ resendAfter: number }>('/account/user/code/send', { email }),
    sendVerification: (email: string) => post<{ resendAfter: number }>('/account/user/verify/send', { email }),
    verifyByCode: (email: string, code: string) => post<{ email: string }>('/account/user/verify', { email, code }),
    verifyByLink: (token: string) => post<{ email: string }>('/account/user/verify', { token }),
    forgotPassword: (email: string) => post<{ resendAfter: number }>('/account/user/password/forgot', { email }),
    resetPassword: (token: string, password: string) => post<Record<string, never>>('/account/user/password/reset', { token, password }),
    /**
     * A password for the logged-in account: `currentPassword` when it has one and the login is
     * not recent. Every session of the account ends; this client goes on with the new one.
     */
    async setPassword(password: string, currentPassword?: string): Promise<LoginTokens> {
      const answer = await post<LoginTokens>('/account/user/password/set', {
        password,
        ...(currentPassword !== undefined && { currentPassword }),
      });
      session.signIn({ user_id: answer.user_id, apptoken: answer.apptoken, reftoken: answer.reftoken });
      return answer;
    },
    /** Posts the profile, then reloads it. */
    async updateProfile(update: ProfileUpdate): Promise<Profile> {
      await post('/account/user/profile/new', update, true);
      return loadProfile();
    },
    /** Newsletter subscription: the region goes in the body and the header; no error toast. */
    subscribe: (request: SubscribeRequest) => post<{ created: boolean }>('/account/user/subscribe/create', { ...request }),
    revoke,
    /** Logout: clears all four stored values at once, then revokes the tokens on the back end. */
    logout(): Promise<void> {
      const { user_id, apptoken, reftoken } = session.store.getState();
      session.clear();
      return revoke({ user_id, apptoken, reftoken });
    },
  };
}

export type Account = ReturnType<typeof createAccount>;
