import type { Backend, BackendName } from './backend.ts';
import { createUserId, DEFAULT_PASSWORD_COST, hashPasswordNow } from './secrets.ts';

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

/**
 * CARRIED_OVER_PASSWORD hashed at the default cost (`hashPasswordNow`, once, its salt random
 * then): a back end seeds its account with it instead of hashing the password again as it
 * opens. That hash took 115 ms of the thread that answers every request, at the first request a
 * back end got: in the live preview, while the first page's modules were loading. At another cost
 * (the tests' fast one) the password is hashed once per process and cost.
 * tests/server/carried-over.test.ts checks that it is the password's.
 */
export const CARRIED_OVER_HASH = 'scrypt$16384$2BR8wp5NVonWxcuM7_He_A$GvZxyWB8vMSje2kJ8xXrmEy-2xYeip_-8-ZynkJzDuw';

const hashes = new Map<number, string>([[DEFAULT_PASSWORD_COST, CARRIED_OVER_HASH]]);

/** The carried-over password's hash at a cost. */
function carriedOverHash(cost: number): string {
  let hash = hashes.get(cost);
  if (hash === undefined) hashes.set(cost, (hash = hashPasswordNow(CARRIED_OVER_PASSWORD, cost)));
  return hash;
}

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
    password_hash: carriedOverHash(backend.passwordCost),
    nickname: CARRIED_OVER_NICKNAME,
    credits: backend.sites().newUserReward,
    created_at: backend.clock.now(),
  });
}
