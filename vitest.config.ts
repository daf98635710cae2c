import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The tests' build cache: one per run, fresh, shared by every test of it (the global set-up and
// the test workers inherit it; tests/support/global-setup.ts removes it at the end).
process.env.BUILD_REGION_CACHE_DIR = path.join(os.tmpdir(), `robot-sites-test-cache-${process.pid}`);

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a browser test waits for (a navigation after a form is sent, a label after a back end's
    // answer) may take seconds on a loaded 2-core CI machine: expect.poll's default second is too short.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './tests/support/summary-reporter.ts'],
    typecheck: { enabled: true, include: ['tests/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
