import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import SummaryReporter from '../support/summary-reporter.ts';

// The closing line of `npm test` (tests/support/summary-reporter.ts): what CI's reader sees of a
// run, flaky tests included.

interface Outcome {
  name: string;
  state: 'passed' | 'failed' | 'skipped';
  flaky?: boolean;
  errors?: string[];
}

/** A test file as Vitest's reporters get it, holding tests of these outcomes. */
function moduleOf(id: string, outcomes: Outcome[]): TestModule {
  const module = {
    moduleId: id,
    state: () => (outcomes.some((o) => o.state === 'failed') ? 'failed' : 'passed'),
    children: {
      *allTests() {
        yield* tests;
      },
    },
  };
  const tests = outcomes.map((o) => ({
    module,
    fullName: o.name,
    result: () => ({ state: o.state, errors: o.errors?.map((message) => ({ message })) }),
    diagnostic: () => (o.state === 'skipped' ? undefined : { flaky: o.flaky ?? false }),
  }));
  return module as unknown as TestModule;
}

function printed(modules: TestModule[], unhandled: unknown[] = []): string {
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  new SummaryReporter().onTestRunEnd(modules, unhandled);
  return write.mock.calls.map(([text]) => String(text)).join('');
}

afterEach(() => vi.restoreAllMocks());

describe('the closing line of a test run', () => {
  it('counts passed, failed and skipped tests, and an error outside any test as a failure', () => {
    const modules = [
      moduleOf('/p/a.test.ts', [
        { name: 'one', state: 'passed' },
        { name: 'two', state: 'failed', errors: ['expected 1 to be 2'] },
      ]),
      moduleOf('/p/b.test.ts', [{ name: 'three', state: 'skipped' }]),
    ];
    expect(printed(modules, [new Error('a worker died')])).toBe('\ntests: 1 passed, 2 failed, 1 skipped\n');
  });

  it('names a test that passed only when tried again, with its first failure, and says how many did', () => {
    const modules = [
      moduleOf(path.resolve('tests/e2e/studio.test.ts'), [
        {
          name: 'studio > shows the alert',
          state: 'passed',
          flaky: true,
          errors: ['TimeoutError: locator.textContent: Timeout\nCall log'],
        },
        { name: 'studio > saves', state: 'passed' },
      ]),
    ];
    expect(printed(modules)).toBe(
      '\nflaky: tests/e2e/studio.test.ts > studio > shows the alert\n' +
        '  passed when tried again; it first failed with: TimeoutError: locator.textContent: Timeout\n' +
        '\ntests: 2 passed, 0 failed, 1 of them passed only when tried again\n',
    );
  });
});
