import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import { buildRegions, compileLoaded, emitSites, parseContent, readContentSources, PACKAGE_ROOT } from '../../generator/index.ts';
import { drawableArt, readSourceArt } from '../../generator/art/images.ts';
import { expectSameBytes, readTree } from '../support/files.ts';
import { BUILT_AT } from '../support/instants.ts';

/**
 * Pages are rendered as of the build's instant; the same content and instant give the same
 * bytes, whatever order the files are read in, whatever regions a build covers.
 */
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-determinism-'));
afterAll(() => rm(work, { recursive: true, force: true }));
const contentRoot = path.join(PACKAGE_ROOT, 'content');

/** A random order of a list (Fisher-Yates, with a seeded generator so a failure can be replayed). */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('the build output', () => {
  it('does not depend on the order the content files are read in', async () => {
    const sources = await readContentSources(contentRoot);
    const art = await readSourceArt(contentRoot);
    const emit = async (order: typeof sources) => {
      const { model, diagnostics } = compileLoaded(parseContent(contentRoot, order, PACKAGE_ROOT, undefined, shuffled(art, 7)), BUILT_AT);
      expect(diagnostics).toEqual([]);
      return { model, files: await emitSites(model, path.join(work, 'sites')) };
    };
    const sorted = await emit(sources);
    for (const seed of [1, 2, 3]) {
      const order = shuffled(sources, seed);
      expect(order.map((s) => s.id)).not.toEqual(sources.map((s) => s.id));
      const other = await emit(order);
      expect(other.model).toEqual(sorted.model);
      expect(other.files).toEqual(sorted.files);
    }
  });

  it('is byte-identical across two builds of the same content, one without any cache and on two threads', async () => {
    // The shared test build (tests/support/global-setup.ts) against one that reads and writes no
    // cache, each region's pages rendered on two threads (generator/prerender/index.ts) as a large one's are.
    const fresh = path.join(work, 'fresh');
    expect(
      (await buildRegions({ out: fresh, sites: path.join(work, 'sites-fresh'), now: BUILT_AT, cache: false, pagesForAThread: 1 })).ok,
    ).toBe(true);
    const shared = await readTree(inject('distDir'));
    expectSameBytes(shared, await readTree(fresh));
    // Every region has its home, chooser and not-found pages, cn at the root.
    for (const prefix of ['', 'us/', 'uk/', 'eu/', 'fr/', 'de/', 'jp/', 'kr/']) {
      for (const page of ['index.html', 'choose-your-region/index.html', '404.html'])
        expect(shared.has(`${prefix}${page}`), `${prefix}${page}`).toBe(true);
    }
  });

  // The global set-up builds under the test runner's NODE_ENV=test.
  it('is a production build whatever NODE_ENV says: no development React or JSX', async () => {
    const tree = await readTree(inject('distDir'));
    const scripts = [...tree].filter(([file]) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    for (const [file, bytes] of scripts) expect(bytes.toString('utf8'), file).not.toMatch(/jsxDEV|Invalid hook call/);
  });

  it('makes webp and png images, small and 2x, of every drawing, shared by all regions', async () => {
    const tree = await readTree(inject('distDir'));
    const art = await readSourceArt(contentRoot);
    expect(art.length).toBeGreaterThan(0);
    const images = [...tree.keys()].filter((f) => f.startsWith('static/img/'));
    const drawn = drawableArt(art);
    expect(drawn).toHaveLength(art.length);
    expect(images).toEqual(
      drawn
        .flatMap((item) => ['2x.png', '2x.webp', 'small.png', 'small.webp'].map((variant) => `${item.asset.src.slice(1)}.${variant}`))
        .sort(),
    );
    const small = await sharp(tree.get(images.find((f) => f.endsWith('.small.webp'))!)!).metadata();
    const double = await sharp(tree.get(images.find((f) => f.endsWith('.2x.png'))!)!).metadata();
    expect([small.format, small.width, double.format, double.width]).toEqual(['webp', 480, 'png', 960]);
  });

  it('rebuilds only the regions named, giving each the bytes a build of all of them gives it', async () => {
    const whole = await readTree(inject('distDir'));
    const partial = path.join(work, 'partial');
    await cp(inject('distDir'), partial, { recursive: true });
    await writeFile(path.join(partial, 'uk', 'marker.txt'), 'uk stays');
    await writeFile(path.join(partial, 'index.html'), 'cn stays');
    await writeFile(path.join(partial, 'us', 'marker.txt'), 'us is replaced');
    expect((await buildRegions({ out: partial, sites: path.join(work, 'sites-partial'), regions: ['us'], now: BUILT_AT })).ok).toBe(true);
    expect(await readFile(path.join(partial, 'uk', 'marker.txt'), 'utf8')).toBe('uk stays');
    expect(await readFile(path.join(partial, 'index.html'), 'utf8')).toBe('cn stays');
    // The deployment's own files describe every region, whichever regions a build rebuilt.
    const shared = [
      'backends.json',
      'sitemap.xml',
      'robots.txt',
      'schedule.json',
      ...[...whole.keys()].filter((f) => f.startsWith('static/')),
    ];
    for (const file of shared) expect((await readFile(path.join(partial, file))).equals(whole.get(file)!), file).toBe(true);
    const us = await readTree(path.join(partial, 'us'));
    expectSameBytes(new Map([...whole].filter(([f]) => f.startsWith('us/')).map(([f, b]) => [f.slice(3), b])), us);
  });
});
