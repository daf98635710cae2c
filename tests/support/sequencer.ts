import { statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/**
 * The order test files start in: project by project as Vitest's own order (a worker process runs
 * the files of one project, isolate: false, and a file of another project needs another), and
 * within a project the longest first, so that the two workers finish together (issue 47). Vitest
 * orders a project's files by their last durations where its results cache has them, else (a
 * clean clone, CI) the largest first: the longest file then started last and ran alone for a
 * minute and more. (Longest first across projects was tried: the workers changed project at
 * almost every file, and the run took 565 s against 492.)
 *
 * The seconds are each file's time in `npm test` on the 2-core machine (29 November 2026), rounded;
 * a file not listed takes its size in kilobytes as its seconds, which puts it after these. Only
 * the order depends on them: a figure gone stale costs time, never a result.
 */
const SECONDS: Record<string, number> = {
  'tests/e2e/accounts.test.ts': 90,
  'tests/e2e/runtime.test.ts': 80,
  'tests/e2e/layout.test.ts': 75,
  'tests/e2e/lighthouse.test.ts': 55,
  'tests/e2e/review-instants.test.ts': 45,
  'tests/e2e/pictures.test.ts': 40,
  'tests/e2e/storefront.test.ts': 36,
  'tests/compiler/property.test.ts': 30,
  'tests/compiler/cache.test.ts': 27,
  'tests/e2e/navigation.test.ts': 27,
  'tests/e2e/first-paint.test.ts': 26,
  'tests/compiler/translation-import.test.ts': 24,
  'tests/e2e/review.test.ts': 22,
  'tests/e2e/review-marks.test.ts': 22,
  'tests/compiler/failed-builds.test.ts': 19,
  'tests/e2e/consent.test.ts': 16,
  'tests/e2e/regions.test.ts': 16,
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (file: TestSpecification) =>
      SECONDS[path.relative(this.ctx.config.root, file.moduleId).split(path.sep).join('/')] ?? statSync(file.moduleId).size / 1024;
    const project = (file: TestSpecification) => file.project.name;
    return [...files].sort((a, b) => (project(a) === project(b) ? seconds(b) - seconds(a) : project(a) < project(b) ? -1 : 1));
  }
}
