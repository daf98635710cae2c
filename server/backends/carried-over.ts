import type { Backend, BackendName } from './backend.ts';
import { createUserId, hashPasswordNow } from './secrets.ts';

/**
 * The accounts carried over from the brand's previous site (docs/api.md, "Carried-over
 * accounts"). A real back end holds its members' accounts, marked as carried over; their
 * passwords sign in through the old sign-in (`POST /account/user/sign_in`) only, and
 * `login/pwd` answers them 4019 without looking at the password. Each emulated back end holds
 * one, so that the old sign-in is used and tested like the other ways in: its address is made
 * from the back end's name (back ends are content), its password is the one below.
 */

/** The password of every back end's carried-over account. */
export const CARRIED_OVER_PASSWORD = 'oldsite2024';

/** The nickname the previous site knew the member by: the header shows it once the profile is loaded. */
export const CARRIED_OVER_NICKNAME = 'Veteran';

/** The address of a back end's carried-over account: `carried-over@us.example.com` for us. */
export function carriedOverEmail(backend: BackendName): string {
  return `carried-over@${backend}.example.com`;
}

/**
 * Adds the back end's carried-over account unless its address has an account already (a data
 * folder keeps it, with whatever was done to it since). Runs once, as the back end opens.
 */
export function seedCarriedOver(backend: Backend): void {
  const email = carriedOverEmail(backend.name);
  if (backend.store.accountByEmail(email)) return;
  backend.store.insertCarriedOver({
    id: createUserId(),
    email,
    password_hash: hashPasswordNow(CARRIED_OVER_PASSWORD, backend.passwordCost),
    nickname: CARRIED_OVER_NICKNAME,
    credits: backend.sites().newUserReward,
    created_at: backend.clock.now(),
  });
}
