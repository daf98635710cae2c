import type { EmulatedClock } from './clock.ts';

/**
 * The emulator's limits on guessing (docs/api.md, "Limits"). A lockout that a stranger can set
 * off is a weapon against the owner, so nothing here ever refuses the owner's right password
 * from the owner's own address, or a code from the owner's mailbox, because someone else guessed:
 *
 * - Wrong passwords (and wrong codes, counted apart) slow down the address that sends them, for
 *   that email only: the first `attempts` within `attemptWindowMs` are free, then each next try
 *   from that address waits `backoffMs`, doubling with every further failure up to
 *   `maxBackoffMs` (4291 with the seconds left): about four guesses an hour once slowed. A
 *   right one from that address forgets its failures.
 * - Many addresses guessing one email (`accountAttempts` wrong passwords within `accountWindowMs`, from
 *   all addresses together) slow password login to that email down for the addresses it does
 *   not know: one try per `accountSpacingMs` among them. An address the account logged in from
 *   within `knownMs` is known and never slowed by others; code login stays open to everyone
 *   (the mailbox is the proof).
 * - A code dies after `codeTries` wrong guesses (proofs.ts); a new one may be sent once per
 *   `resendMs` per email and purpose, and at most `codesPerHour` in an hour at the request of
 *   addresses the account does not know, which bounds how fast codes can be guessed at all.
 *
 * Measured on the emulated clock, so moving the clock ends a wait exactly as waiting would.
 * Kept in memory: a restart forgets them, which is fine for an emulator.
 */
export interface LimitOptions {
  /** Wrong passwords (or codes) one address may send for one email within the window before it is slowed (5). */
  attempts: number;
  /** How long an address's failures for one email are remembered (24 hours). */
  attemptWindowMs: number;
  /** The first wait of a slowed address; each further failure doubles it (30 s). */
  backoffMs: number;
  /** The longest wait (15 minutes). */
  maxBackoffMs: number;
  /** Wrong passwords for one email from all addresses within `accountWindowMs` that slow it for addresses it does not know (20). */
  accountAttempts: number;
  /** The window of those (15 minutes). */
  accountWindowMs: number;
  /** Then, the least time between two password tries from addresses the account does not know (30 s). */
  accountSpacingMs: number;
  /** How long an address stays known to an account after a login from it (30 days). */
  knownMs: number;
  /** Wrong guesses that end a code (3). */
  codeTries: number;
  /** Codes of one purpose per email sent in an hour at the request of addresses the account does not know (10). */
  codesPerHour: number;
  /** The least time between two mails of one purpose to one email (60 s). */
  resendMs: number;
  /** Account requests per client address per rolling window (120). */
  clientRequests: number;
  /** That rolling window (1 minute). */
  clientWindowMs: number;
}

export const DEFAULT_LIMITS: Readonly<LimitOptions> = Object.freeze({
  attempts: 5,
  attemptWindowMs: 24 * 60 * 60_000,
  backoffMs: 30_000,
  maxBackoffMs: 15 * 60_000,
  accountAttempts: 20,
  accountWindowMs: 15 * 60_000,
  accountSpacingMs: 30_000,
  knownMs: 30 * 24 * 60 * 60_000,
  codeTries: 3,
  codesPerHour: 10,
  resendMs: 60_000,
  clientRequests: 120,
  clientWindowMs: 60_000,
});

/** What was guessed: passwords and codes are counted apart (a code is guessed at apart from the password). */
export type SecretKind = 'password' | 'code';

export interface Limits {
  readonly options: Readonly<LimitOptions>;
  /** Milliseconds this address must wait before its next guess of that kind for the email; 0 when it may try now. */
  waitFor(email: string, address: string, kind: SecretKind): number;
  /** Counts a wrong password or code from the address. */
  recordFailure(email: string, address: string, kind: SecretKind): void;
  /** A right password or code from the address: its failures are forgotten and the account knows it from now on. */
  recordSuccess(email: string, address: string): void;
  /** Milliseconds before a mail of this purpose may go to the email at this address's request; 0 when it may. */
  resendWait(email: string, purpose: string, address: string): number;
  recordSent(email: string, purpose: string, address: string): void;
  /** Counts one request of a client; false when it is over its limit. */
  admitClient(address: string): boolean;
}

/** Keeps the maps from growing without end when many emails or clients come and go. */
const SWEEP_AT = 10_000;
const HOUR = 60 * 60_000;

// Instants after `now` are dropped too: the clock may have been moved back.
const recent = (times: number[] | undefined, now: number, window: number) => (times ?? []).filter((t) => t > now - window && t <= now);
const pairKey = (email: string, address: string, kind: SecretKind) => `${kind}\n${email}\n${address}`;

function sweep<V>(map: Map<string, V>, isStale: (value: V) => boolean): void {
  if (map.size < SWEEP_AT) return;
  for (const [key, value] of map) if (isStale(value)) map.delete(key);
}

/** The wait of an address after its own failures: none for the first ones, then doubling. */
function backoff(options: Readonly<LimitOptions>, times: number[], now: number): number {
  const over = times.length - options.attempts;
  if (over < 0) return 0;
  const wait = Math.min(options.maxBackoffMs, options.backoffMs * 2 ** over);
  return Math.max(0, times.at(-1)! + wait - now);
}

export function createLimits(clock: EmulatedClock, overrides: Partial<LimitOptions> = {}): Limits {
  const options: Readonly<LimitOptions> = Object.freeze({ ...DEFAULT_LIMITS, ...overrides });
  /** Failure instants per kind, email and address. */
  const failures = new Map<string, number[]>();
  /** Wrong-password instants per email, from every address. */
  const accountFailures = new Map<string, number[]>();
  /** Per email, the addresses it logged in from and when last. */
  const known = new Map<string, Map<string, number>>();
  /** Last mail per purpose and email; and the instants of the hour's mails asked by unknown addresses. */
  const sent = new Map<string, number>();
  const unknownSends = new Map<string, number[]>();
  const clients = new Map<string, number[]>();

  function isKnown(email: string, address: string, now: number): boolean {
    const at = known.get(email)?.get(address);
    return at !== undefined && at <= now && at > now - options.knownMs;
  }

  return {
    options,
    waitFor(email, address, kind) {
      const now = clock.now();
      const own = backoff(options, recent(failures.get(pairKey(email, address, kind)), now, options.attemptWindowMs), now);
      if (kind === 'code' || isKnown(email, address, now)) return own;
      const all = recent(accountFailures.get(email), now, options.accountWindowMs);
      const shared = all.length >= options.accountAttempts ? Math.max(0, all.at(-1)! + options.accountSpacingMs - now) : 0;
      return Math.max(own, shared);
    },
    recordFailure(email, address, kind) {
      const now = clock.now();
      const key = pairKey(email, address, kind);
      failures.set(key, [...recent(failures.get(key), now, options.attemptWindowMs), now]);
      sweep(failures, (list) => recent(list, clock.now(), options.attemptWindowMs).length === 0);
      if (kind !== 'password') return;
      accountFailures.set(email, [...recent(accountFailures.get(email), now, options.accountWindowMs), now]);
      sweep(accountFailures, (list) => recent(list, clock.now(), options.accountWindowMs).length === 0);
    },
    recordSuccess(email, address) {
      for (const kind of ['password', 'code'] as const) failures.delete(pairKey(email, address, kind));
      const addresses = known.get(email) ?? new Map<string, number>();
      addresses.set(address, clock.now());
      known.set(email, addresses);
      sweep(known, (list) => [...list.values()].every((at) => at <= clock.now() - options.knownMs));
    },
    resendWait(email, purpose, address) {
      const now = clock.now();
      const at = sent.get(`${purpose}\n${email}`);
      const spacing = at === undefined || at > now ? 0 : Math.max(0, at + options.resendMs - now);
      if (isKnown(email, address, now)) return spacing;
      const hour = recent(unknownSends.get(`${purpose}\n${email}`), now, HOUR);
      const budget = hour.length >= options.codesPerHour ? hour[hour.length - options.codesPerHour]! + HOUR - now : 0;
      return Math.max(spacing, budget);
    },
    recordSent(email, purpose, address) {
      const now = clock.now();
      const key = `${purpose}\n${email}`;
      sent.set(key, now);
      sweep(sent, (at) => at + options.resendMs <= clock.now());
      if (isKnown(email, address, now)) return;
      unknownSends.set(key, [...recent(unknownSends.get(key), now, HOUR), now]);
      sweep(unknownSends, (list) => recent(list, clock.now(), HOUR).length === 0);
    },
    admitClient(address) {
      const now = clock.now();
      const times = recent(clients.get(address), now, options.clientWindowMs);
      if (times.length >= options.clientRequests) {
        clients.set(address, times);
        return false;
      }
      times.push(now);
      clients.set(address, times);
      sweep(clients, (list) => recent(list, clock.now(), options.clientWindowMs).length === 0);
      return true;
    },
  };
}
