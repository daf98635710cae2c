import { pageComponentName } from '../../core/kinds.ts';
import type { AccountScreen, PageComponentName } from '../../core/kinds.ts';
import { isAccountScreen } from '../../core/kinds.ts';
import type { RouteInfo } from '../../core/model.ts';
import { lazyComponent } from '../lazy-component.ts';
import type { LazyComponent } from '../lazy-component.ts';
import type { PageProps } from './props.ts';

const components: Record<PageComponentName, LazyComponent<PageProps>> = {
  Home: lazyComponent(() => import('./Home.tsx')),
  ChooseRegion: lazyComponent(() => import('./ChooseRegion.tsx')),
  ContentPage: lazyComponent(() => import('./ContentPage.tsx')),
  ProductPage: lazyComponent(() => import('./ProductPage.tsx')),
  FormPage: lazyComponent(() => import('./FormPage.tsx')),
};

/** An account screen: one export of one module of account-screens/ (core/kinds.ts `ACCOUNT_SCREEN_MODULES`). */
const screen = <M>(load: () => Promise<M>, pick: (module: M) => () => React.JSX.Element | null): LazyComponent<PageProps> =>
  lazyComponent(() => load().then((module) => ({ default: pick(module) })));

const screens: Record<AccountScreen, LazyComponent<PageProps>> = {
  login: screen(
    () => import('../account-screens/login.tsx'),
    (m) => m.LoginScreen,
  ),
  register: screen(
    () => import('../account-screens/register.tsx'),
    (m) => m.RegisterScreen,
  ),
  'verify-email': screen(
    () => import('../account-screens/verify.tsx'),
    (m) => m.VerifyEmailScreen,
  ),
  'set-password': screen(
    () => import('../account-screens/verify.tsx'),
    (m) => m.SetPasswordScreen,
  ),
  'verification-success': screen(
    () => import('../account-screens/verify.tsx'),
    (m) => m.VerificationSuccessScreen,
  ),
  'verification-failed': screen(
    () => import('../account-screens/verify.tsx'),
    (m) => m.VerificationFailedScreen,
  ),
  'forgot-password': screen(
    () => import('../account-screens/password.tsx'),
    (m) => m.ForgotPasswordScreen,
  ),
  'secure-link-sent': screen(
    () => import('../account-screens/password.tsx'),
    (m) => m.SecureLinkSentScreen,
  ),
  'reset-password': screen(
    () => import('../account-screens/password.tsx'),
    (m) => m.ResetPasswordScreen,
  ),
  'password-reset-success': screen(
    () => import('../account-screens/password.tsx'),
    (m) => m.PasswordResetSuccessScreen,
  ),
  profile: screen(
    () => import('../account-screens/profile.tsx'),
    (m) => m.ProfileScreen,
  ),
};

/**
 * The lazily loaded component that renders a route (none for a redirect or an unknown account
 * screen). Only the entries (client.tsx, server.tsx) import it, and hand it to the app services
 * (`AppServices.pages`): what the pages import never imports the registry back.
 */
export function pageFor(route: Pick<RouteInfo, 'kind' | 'page'>): LazyComponent<PageProps> | undefined {
  if (route.kind === 'account') return isAccountScreen(route.page) ? screens[route.page] : undefined;
  const name = pageComponentName(route.kind);
  return name && components[name];
}
