import type { ComponentType } from 'react';
import { LoginScreen } from '../account-screens/login.tsx';
import { ForgotPasswordScreen, PasswordResetSuccessScreen, ResetPasswordScreen, SecureLinkSentScreen } from '../account-screens/password.tsx';
import { ProfileScreen } from '../account-screens/profile.tsx';
import { RegisterScreen } from '../account-screens/register.tsx';
import { SetPasswordScreen, VerificationFailedScreen, VerificationSuccessScreen, VerifyEmailScreen } from '../account-screens/verify.tsx';
import { isAccountScreen } from '../../core/kinds.ts';
import type { AccountScreen } from '../../core/kinds.ts';
import type { PageProps } from './registry.ts';

const SCREENS: Record<AccountScreen, ComponentType> = {
  login: LoginScreen,
  register: RegisterScreen,
  'verify-email': VerifyEmailScreen,
  'set-password': SetPasswordScreen,
  'forgot-password': ForgotPasswordScreen,
  'secure-link-sent': SecureLinkSentScreen,
  'reset-password': ResetPasswordScreen,
  'password-reset-success': PasswordResetSuccessScreen,
  'verification-success': VerificationSuccessScreen,
  'verification-failed': VerificationFailedScreen,
  profile: ProfileScreen,
};

/** The account screens: one chunk, loaded when a visitor opens any of them. */
export default function Account({ route }: PageProps) {
  if (!isAccountScreen(route.page)) return null;
  const Screen = SCREENS[route.page];
  return <Screen />;
}
