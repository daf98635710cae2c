/**
 * The emulator's clock (server/emulator.ts), one for all its back ends: it starts at `--now` (or
 * the real time) and runs on from there; PUT /__emulator/clock moves it.
 */
export interface EmulatedClock {
  now(): number;
  set(instant: number): void;
}

/** A clock at `start` (default: the real time) that runs on as `monotonic` does; `set` moves it. */
export function createEmulatedClock(start?: number, monotonic: () => number = () => performance.now()): EmulatedClock {
  let base = start ?? Date.now();
  let at = monotonic();
  return {
    now: () => Math.round(base + (monotonic() - at)),
    set(instant) {
      base = instant;
      at = monotonic();
    },
  };
}
