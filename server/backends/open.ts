import type { BackendsData } from '../../core/backends.ts';
import type { Backend, BackendName } from './backend.ts';
import { seedCarriedOver } from './carried-over.ts';
import type { EmulatedClock } from './clock.ts';
import { createLimits } from './limits.ts';
import type { LimitOptions } from './limits.ts';
import { DEFAULT_PASSWORD_COST } from './secrets.ts';
import { openStore } from './store.ts';

// Opening a back end (the emulator opens each once): above the modules it is made of, so
// backend.ts, the contract every endpoint module imports, imports none of them.

export interface BackendOptions {
  clock: EmulatedClock;
  sites: () => BackendsData;
  /** Folder of the SQLite file; undefined keeps the data in memory. */
  dataDir?: string;
  limits?: Partial<LimitOptions>;
  passwordCost?: number;
}

/** A back end, its database open and holding its carried-over account (carried-over.ts). */
export function createBackend(name: BackendName, options: BackendOptions): Backend {
  const backend: Backend = {
    name,
    sites: options.sites,
    store: openStore(name, options.dataDir),
    clock: options.clock,
    limits: createLimits(options.clock, options.limits),
    passwordCost: options.passwordCost ?? DEFAULT_PASSWORD_COST,
  };
  try {
    seedCarriedOver(backend);
  } catch (error) {
    backend.store.close();
    throw error;
  }
  return backend;
}
