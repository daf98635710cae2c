import path from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `tests: N passed, N failed`, that any CI log reader
 * understands, after Vitest's own summary. A test that passed only when tried again (CI tries a
 * failed test once more, vitest.config.ts) is named above it with its first failure, and counted
 * in the line: a flaky test stays in sight, it does not pass unnoticed.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    const flaky: TestCase[] = [];
    for (const module of testModules) {
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
        if (state === 'passed' && test.diagnostic()?.flaky) flaky.push(test);
      }
    }
    for (const test of flaky) {
      const first = test.result().errors?.[0]?.message.split('\n')[0] ?? 'no error kept';
      process.stdout.write(
        `\nflaky: ${path.relative(process.cwd(), test.module.moduleId)} > ${test.fullName}\n  passed when tried again; it first failed with: ${first}\n`,
      );
    }
    const notes = [skipped && `${skipped} skipped`, flaky.length && `${flaky.length} of them passed only when tried again`].filter(Boolean);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${notes.map((note) => `, ${note}`).join('')}\n`);
  }
}
