import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { SessionTokens } from './api-client.ts';

/** The profile the back end answers (docs/api.md, "Profile"). */
export interface Profile {
  readonly user_id: string;
  readonly email: string;
  readonly verified: boolean;
  readonly hasPassword: boolean;
  readonly nickname: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly birthday: string;
  readonly country: string;
  readonly credits: number;
  readonly createdAt: number;
}

export interface SessionState extends SessionTokens {
  readonly userInfo?: Profile;
  /** Whether the stored session has been read (false on the server and before hydration). */
  readonly ready: boolean;
}

/**
 * The visitor's session (docs/runtime.md): user_id, apptoken, reftoken and userInfo,
 * each kept under its own key in local storage so that it survives reloads and is shared by
 * the tabs of the site. A zustand vanilla store: it works on the server (where it stays
 * empty, so the prerendered HTML is always the logged-out page) and in tests.
 */
export interface Session {
  readonly store: StoreApi<SessionState>;
  /** Reads the stored session; called after hydration and when another tab changes it. */
  restore(): void;
  /** A login of any kind: stores the three values (the profile follows). */
  signIn(tokens: { user_id: string; apptoken: string; reftoken: string }): void;
  /** A token refresh: replaces user_id and apptoken, and the reftoken when the refresh answered a new one (docs/api.md). */
  refreshed(tokens: { user_id: string; apptoken: string; reftoken?: string }): void;
  /** The tokens as stored now (another tab may have written them since this one last read). */
  storedTokens(): SessionTokens;
  setProfile(userInfo: Profile): void;
  /** Logout or a failed refresh: clears all four values. */
  clear(): void;
}

/** What the session keeps in storage, under these names (other tabs' changes to them are followed). */
type StoredKey = 'user_id' | 'apptoken' | 'reftoken' | 'userInfo';

export function createSession(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined): Session {
  const store = createStore<SessionState>(() => ({ ready: false }));
  /** Stores the values given (a profile as JSON; undefined removes one) and puts them in the state. */
  const update = (values: Partial<Pick<SessionState, StoredKey>>) => {
    for (const [key, value] of Object.entries(values)) {
      try {
        if (value === undefined) storage?.removeItem(key);
        else storage?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
      } catch {
        // Storage full or denied (private mode): the session still lives for this page.
      }
    }
    store.setState(values);
  };
  const read = (key: string): string | undefined => {
    try {
      return storage?.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  };
  return {
    store,
    restore() {
      let userInfo: Profile | undefined;
      try {
        const text = read('userInfo');
        userInfo = text ? (JSON.parse(text) as Profile) : undefined;
      } catch {
        userInfo = undefined;
      }
      const user_id = read('user_id');
      const apptoken = read('apptoken');
      const reftoken = read('reftoken');
      store.setState({ user_id, apptoken, reftoken, userInfo, ready: true }, true);
    },
    signIn({ user_id, apptoken, reftoken }) {
      update({ user_id, apptoken, reftoken });
    },
    refreshed({ user_id, apptoken, reftoken }) {
      update({ user_id, apptoken, ...(reftoken !== undefined && { reftoken }) });
    },
    storedTokens() {
      if (!storage) return store.getState();
      return { user_id: read('user_id'), apptoken: read('apptoken'), reftoken: read('reftoken') };
    },
    setProfile(userInfo) {
      update({ userInfo });
    },
    clear() {
      update({ user_id: undefined, apptoken: undefined, reftoken: undefined, userInfo: undefined });
    },
  };
}

/** Whether the session holds a login. */
export function isLoggedIn(state: SessionState): boolean {
  return Boolean(state.user_id && state.apptoken);
}
