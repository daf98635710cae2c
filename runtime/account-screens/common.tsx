import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import { readFlow } from '../account-flow.ts';
import { useHydrated } from '../components/forms.tsx';
import type { AccountFlow } from '../account-flow.ts';
import { homePath } from '../routes.ts';
import { useApp, useSite, useT } from '../site.tsx';
import type { AccountScreen } from '../types.ts';
import { safeFromPath } from '../validation.ts';

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

/** A screen's frame: heading, lead and the form or message below. */
export function ScreenFrame({ heading, lead, children }: { heading: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <section className="account-screen" aria-labelledby="screen-heading">
      <h1 id="screen-heading">{heading}</h1>
      {lead && <p className="lead">{lead}</p>}
      {children}
    </section>
  );
}

/** The catalogue texts of one screen. */
export function useScreenText(screen: string): (name: 'title' | 'lead' | 'description') => string {
  const t = useT();
  return (name) => t(`account.screens.${screen}.${name}`);
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
