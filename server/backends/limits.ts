import type { EmulatedClock } from '../emulator.ts';

/**
 * The emulator's limits (docs/api.md, "Limits"), measured on the emulated clock so that moving
 * the clock ends a lock exactly as waiting would. Kept in memory: a restart forgets them,
 * which is fine for an emulator and avoids a write per request.
 */
export interface LimitOptions {
  /** Wrong passwords or codes per email that lock it (default 5). */
  attempts: number;
  /** The window in which those failures count (default 15 minutes). */
  attemptWindowMs: number;
  /** How long the lock lasts, from the failure that set it (default 5 minutes). */
  lockMs: number;
  /** The least time between two mails of one purpose to one email (default 60 s). */
  resendMs: number;
  /** Account requests per client address per rolling window (default 120). */
  clientRequests: number;
  /** That rolling window (default 1 minute). */
  clientWindowMs: number;
}

export const DEFAULT_LIMITS: Readonly<LimitOptions> = Object.freeze({
  attempts: 5,
  attemptWindowMs: 15 * 60_000,
  lockMs: 5 * 60_000,
  resendMs: 60_000,
  clientRequests: 120,
  clientWindowMs: 60_000,
});

export interface Limits {
  readonly options: Readonly<LimitOptions>;
  /** Milliseconds left of the email's lock; 0 when it may try. */
  lockedFor(email: string): number;
  /** Counts a wrong password or code; the failure that reaches the limit starts the lock. */
  recordFailure(email: string): void;
  /** Forgets the failures of an email after it proved itself (a right password or code). */
  clearFailures(email: string): void;
  /** Milliseconds before a mail of this purpose may go to the email again; 0 when it may. */
  resendWait(email: string, purpose: string): number;
  recordSent(email: string, purpose: string): void;
  /** Counts one request of a client; false when it is over its limit. */
  admitClient(address: string): boolean;
}

/** Keeps the maps from growing without end when many emails or clients come and go. */
const SWEEP_AT = 10_000;

export function createLimits(clock: EmulatedClock, overrides: Partial<LimitOptions> = {}): Limits {
  const options: Readonly<LimitOptions> = Object.freeze({ ...DEFAULT_LIMITS, ...overrides });
  const failures = new Map<string, number[]>();
  const locks = new Map<string, number>();
  const sent = new Map<string, number>();
  const clients = new Map<string, number[]>();

  // Instants after `now` are dropped too: the clock may have been moved back.
  const recent = (times: number[] | undefined, now: number, window: number) => (times ?? []).filter((t) => t > now - window && t <= now);

  function sweep<V>(map: Map<string, V>, isStale: (value: V) => boolean): void {
    if (map.size < SWEEP_AT) return;
    for (const [key, value] of map) if (isStale(value)) map.delete(key);
  }

  return {
    options,
    lockedFor(email) {
      const until = locks.get(email);
      const now = clock.now();
      return until !== undefined && until > now ? until - now : 0;
    },
    recordFailure(email) {
      const now = clock.now();
      const times = [...recent(failures.get(email), now, options.attemptWindowMs), now];
      if (times.length >= options.attempts) {
        // A lock starts afresh: the failures that caused it do not count towards the next one.
        locks.set(email, now + options.lockMs);
        failures.delete(email);
        sweep(locks, (until) => until <= clock.now());
        return;
      }
      failures.set(email, times);
      sweep(failures, (list) => recent(list, clock.now(), options.attemptWindowMs).length === 0);
    },
    clearFailures(email) {
      failures.delete(email);
      locks.delete(email);
    },
    resendWait(email, purpose) {
      const at = sent.get(`${purpose}\n${email}`);
      const now = clock.now();
      if (at === undefined || at > now) return 0;
      return Math.max(0, at + options.resendMs - now);
    },
    recordSent(email, purpose) {
      sent.set(`${purpose}\n${email}`, clock.now());
      sweep(sent, (at) => at + options.resendMs <= clock.now());
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
