import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../generator/index.ts';
import { createReviewPages } from '../../studio/server/review-pages.ts';

// The review pages the studio's Changes view makes (studio/server/review-pages.ts): each a
// temporary folder of a few megabytes, so a studio left open keeps only the newest.
describe("the studio's review pages", () => {
  it('keeps the newest few: an older page is forgotten and its folder removed, a failed one at once', async () => {
    const reviews = createReviewPages(2);
    const made: { folder: string; id: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const folder = await reviews.folder();
      const file = path.join(folder, 'index.html');
      await writeFile(file, `<p>review ${i}</p>`);
      made.push({ folder, id: await reviews.keep(folder, file) });
    }
    expect(new Set(made.map((m) => m.id)).size).toBe(3);
    expect(existsSync(made[0]!.folder)).toBe(false);
    expect(reviews.file(made[0]!.id)).toBeUndefined();
    for (const { folder, id } of made.slice(1)) {
      expect(existsSync(folder)).toBe(true);
      expect(reviews.file(id)).toBe(path.join(folder, 'index.html'));
    }
    const failed = await reviews.folder();
    await reviews.drop(failed);
    expect(existsSync(failed)).toBe(false);
    for (const { folder } of made.slice(1)) await reviews.drop(folder);
  });

  it('removes every folder it still keeps when the process ends', async () => {
    const script = [
      `import { createReviewPages } from ${JSON.stringify(path.join(PACKAGE_ROOT, 'studio/server/review-pages.ts'))};`,
      'const reviews = createReviewPages();',
      'const folder = await reviews.folder();',
      "await reviews.keep(folder, folder + '/index.html');",
      'console.log(folder);',
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: PACKAGE_ROOT,
    });
    const folder = stdout.trim();
    expect(folder).toContain('build-region-studio-review-');
    expect(existsSync(folder)).toBe(false);
  });
});
