import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';

/**
 * The one clock of a page (docs/runtime.md): stage indexes, activity prices,
 * banners, countdowns, nav items and route windows all read it.
 *
 * It starts at the instant the page was prerendered (embedded in the HTML), so hydration
 * renders exactly what the server did. After that it follows server time: each sync sets the
 * last known server instant, and between syncs time advances with the local monotonic clock.
 * A failed sync keeps the last known time, advanced by the local time elapsed since.
 */
export interface ClockState {
  /** The instant components render with; changes only when the clock syncs. */
  readonly instant: number;
  /** Whether server time has been read at least once (routes windows wait for it). */
  readonly synced: boolean;
  /** How many reads of server time have ended (read or failed): each one is a settled point. */
  readonly syncs: number;
}

export interface Clock {
  readonly store: StoreApi<ClockState>;
  /** The current instant: the last known server time plus local time elapsed since. */
  now(): number;
  /** Sets the clock to a server instant (synced). */
  set(serverInstant: number): void;
  /**
   * Reads server time with `read` and moves the clock to it; on failure moves the clock to
   * `now()`. Resolves to the instant the clock shows afterwards. Concurrent calls share one read.
   */
  sync(read: () => Promise<number>): Promise<number>;
}

export function createClock(initial: number, monotonic: () => number = () => performance.now()): Clock {
  const store = createStore<ClockState>(() => ({ instant: initial, synced: false, syncs: 0 }));
  let base = initial;
  let baseAt = monotonic();
  let pending: Promise<number> | undefined;
  const now = () => base + (monotonic() - baseAt);
  const set = (serverInstant: number) => {
    base = serverInstant;
    baseAt = monotonic();
    store.setState({ instant: serverInstant, synced: true });
  };
  return {
    store,
    now,
    set,
    sync(read) {
      pending ??= read()
        .then((instant) => {
          if (!Number.isFinite(instant)) throw new Error('server time is not a number');
          set(instant);
        })
        .catch(() => store.setState({ instant: now() })) // the last known time, advanced locally
        .then(() => {
          store.setState({ syncs: store.getState().syncs + 1 });
          return store.getState().instant;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
}

/** The `timestamp` cookie an edge server may set (epoch milliseconds), if present and valid. */
export function cookieTimestamp(cookie: string): number | undefined {
  const match = /(?:^|;\s*)timestamp=(\d{10,16})(?:;|$)/.exec(cookie);
  return match ? Number(match[1]) : undefined;
}
