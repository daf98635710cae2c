import type { ComponentType } from 'react';
import type { AccountScreen } from '../../core/kinds.ts';
import type { PageProps } from '../pages/props.ts';

/**
 * Each account screen's component, from the module of account-screens/ that renders it
 * (core/kinds.ts `ACCOUNT_SCREEN_MODULES`: a login page loads only the login's code). A chunk
 * of its own, loaded with the first screen shown (runtime/pages/registry.ts): no page that is
 * not an account screen carries this table.
 */
export const screens: Record<AccountScreen, () => Promise<ComponentType<PageProps>>> = {
  login: () => import('./login.tsx').then((module) => module.LoginScreen),
  register: () => import('./register.tsx').then((module) => module.RegisterScreen),
  'verify-email': () => import('./verify.tsx').then((module) => module.VerifyEmailScreen),
  'set-password': () => import('./verify.tsx').then((module) => module.SetPasswordScreen),
  'verification-success': () => import('./verify.tsx').then((module) => module.VerificationSuccessScreen),
  'verification-failed': () => import('./verify.tsx').then((module) => module.VerificationFailedScreen),
  'forgot-password': () => import('./password.tsx').then((module) => module.ForgotPasswordScreen),
  'secure-link-sent': () => import('./password.tsx').then((module) => module.SecureLinkSentScreen),
  'reset-password': () => import('./password.tsx').then((module) => module.ResetPasswordScreen),
  'password-reset-success': () => import('./password.tsx').then((module) => module.PasswordResetSuccessScreen),
  profile: () => import('./profile.tsx').then((module) => module.ProfileScreen),
};
