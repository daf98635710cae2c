import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../generator/index.ts';
import { unwatched } from '../../preview/dev/index.ts';

// The live preview's watcher (preview/dev/index.ts): the package's folders it never serves are
// left out of its first walk, but never the content's own folder, wherever the content is.
describe("the live preview's watcher", () => {
  it('leaves out the tests, docs, scripts, the studio and a build, but not the runtime, the sites or the content', () => {
    const ignored = unwatched(path.join(PACKAGE_ROOT, 'content'));
    for (const name of ['tests', 'docs', 'scripts', 'studio', 'dist'])
      expect(ignored).toEqual(expect.arrayContaining([path.join(PACKAGE_ROOT, name), `${path.join(PACKAGE_ROOT, name)}/**`]));
    for (const name of ['runtime', 'sites', 'content', 'core'])
      expect(ignored.some((pattern) => pattern.startsWith(path.join(PACKAGE_ROOT, name)))).toBe(false);
  });

  it('watches a content folder kept under one of those folders (a fixture under tests/)', () => {
    const ignored = unwatched(path.join(PACKAGE_ROOT, 'tests', 'fixtures', 'content'));
    expect(ignored.some((pattern) => pattern.startsWith(path.join(PACKAGE_ROOT, 'tests')))).toBe(false);
    expect(ignored).toContain(path.join(PACKAGE_ROOT, 'docs'));
  });
});
