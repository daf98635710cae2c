import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/support/sequencer.ts';

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
    // On CI a failed test is tried once more, so one unlucky moment of a loaded machine does not
    // fail a whole run; a test that passes only then is named, with its first failure, above the
    // closing line (tests/support/summary-reporter.ts). Here, on a developer's machine, it fails at once.
    retry: process.env.CI ? 1 : 0,
    // A failure's first line shows the values compared whole enough to read (Chai cuts them at 40 characters).
    chaiConfig: { truncateThreshold: 300 },
    // What a browser test waits for (a navigation after a form is sent, a label after a back end's
    // answer) may take seconds on a loaded 2-core CI machine: expect.poll's default second is too short.
    expect: { poll: { timeout: 10_000 } },
    // The compiler and site projects run their files one after another in each worker process
    // (isolate: false, below): the modules a file imports (the compiler, the server, Playwright)
    // are loaded once per worker, not once per file, which took a second or two of each of about
    // 70 files (issue 47). A file leaves no state behind: nothing of theirs mocks a module or
    // keeps a setting of the process it changed.
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './tests/support/summary-reporter.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // internal-error.test.ts replaces a module of the compiler (vi.mock): it needs a process
          // of its own, which only this project's files have.
          include: ['tests/unit/**/*.test.ts', 'tests/compiler/architecture.test.ts', 'tests/compiler/internal-error.test.ts'],
          typecheck: { enabled: true, include: ['tests/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        extends: true,
        test: {
          name: 'compiler',
          include: ['tests/compiler/**/*.test.ts', 'tests/studio/**/*.test.ts'],
          exclude: ['tests/compiler/architecture.test.ts', 'tests/compiler/internal-error.test.ts', ...SITE_TESTS],
          globalSetup: ['tests/support/cache-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'site',
          include: SITE_TESTS,
          globalSetup: ['tests/support/cache-setup.ts', 'tests/support/global-setup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
