/**
 * What one account flow carries from screen to screen (login by code -> verification code ->
 * set password; forgot password -> secure link sent): the email, why a code was sent, where to
 * go at the end and when the next resend is allowed. Kept in session storage, so a reload of
 * a screen keeps it, and never in the address bar, so the email stays out of the history.
 */
export interface AccountFlow {
  email: string;
  /** login: a login code (the account is created when new); verify: the new account's code. */
  purpose: 'login' | 'verify' | 'reset';
  /** Where the visitor goes at the end (already checked to be on this site). */
  next?: string;
  /** When a code or link may be sent again (epoch ms, local clock). */
  resendAt?: number;
}

const KEY = 'account-flow';

export function readFlow(): AccountFlow | undefined {
  try {
    const text = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
    const flow = text ? (JSON.parse(text) as AccountFlow) : undefined;
    return flow && typeof flow.email === 'string' ? flow : undefined;
  } catch {
    return undefined;
  }
}

export function writeFlow(flow: AccountFlow): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flow));
  } catch {
    // Storage denied: the flow still works until a reload.
  }
}

export function clearFlow(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
