import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The tests' build cache: one per run, fresh, shared by every test of it (the global set-ups and
// the test workers inherit it; tests/support/cache-setup.ts removes it at the end).
process.env.BUILD_REGION_CACHE_DIR = path.join(os.tmpdir(), `robot-sites-test-cache-${process.pid}`);

/**
 * Three projects (docs/architecture.md, "Tests"): `unit` (unit tests, the architecture test, the
 * type tests: seconds, `npm run test:unit`), `compiler` (builds of content trees, the CLI,
 * diagnostics, translations: no browser) and `site`:
 * the tests that need the real content built and Chromium running (tests/support/site.ts): every
 * browser test, the static server's and the back ends' (they serve the build), and the few
 * compiler tests that read the built output. The rest (the `unit` project: unit, compiler, type
 * tests) starts at once, without the build (`npm run test:unit`).
 */
const SITE_TESTS = [
  'tests/e2e/**/*.test.ts',
  'tests/server/**/*.test.ts',
  'tests/compiler/determinism.test.ts',
  'tests/compiler/glance-pages.test.ts',
  'tests/compiler/share-cards.test.ts',
  'tests/compiler/workflows.test.ts',
];

export default defineConfig({
  test: {
    // A limit only stops a test that hangs: it never decides a result. A browser test or a build
    // takes many times its quiet time on a loaded 2-core machine (issue 47), so the limits are
    // generous, and no test sets a shorter one of its own.
    testTimeout: 240_000,
    hookTimeout: 300_000,
    // What a browser test waits for (a navigation after a form is sent, a label after a back end's
    // answer) may take seconds on a loaded 2-core CI machine: expect.poll's default second is too short.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/compiler/architecture.test.ts'],
          typecheck: { enabled: true, include: ['tests/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        extends: true,
        test: {
          name: 'compiler',
          include: ['tests/compiler/**/*.test.ts'],
          exclude: ['tests/compiler/architecture.test.ts', ...SITE_TESTS],
          globalSetup: ['tests/support/cache-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'site',
          include: SITE_TESTS,
          globalSetup: ['tests/support/cache-setup.ts', 'tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
