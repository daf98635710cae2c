import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildRegions, listFiles } from '../../generator/build.ts';
import { imageAsset, readSourceArt } from '../../generator/images.ts';
import { PACKAGE_ROOT } from '../../generator/paths.ts';

/** Pages are rendered as of the build's instant; the same instant gives the same bytes. */
const BUILT_AT = Date.parse('2026-11-22T12:00:00+08:00');
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-determinism-'));
afterAll(() => rm(work, { recursive: true, force: true }));

async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const files = await listFiles(dir);
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f))] as const)));
}

describe('the build output', () => {
  it('is byte-identical across two builds of the same content, and a partial build replaces only its regions', async () => {
    const first = path.join(work, 'first');
    const second = path.join(work, 'second');
    const a = await buildRegions({ out: first, sites: path.join(work, 'sites-a'), now: BUILT_AT });
    const b = await buildRegions({ out: second, sites: path.join(work, 'sites-b'), regions: ['kr', 'jp', 'de', 'fr', 'eu', 'uk', 'us', 'cn'], now: BUILT_AT });
    expect(a.ok && b.ok).toBe(true);
    const treeA = await readTree(first);
    const treeB = await readTree(second);
    expect([...treeB.keys()]).toEqual([...treeA.keys()]);
    for (const [file, bytes] of treeA) expect(treeB.get(file)?.equals(bytes), file).toBe(true);
    // Every region has its home, chooser and not-found pages, cn at the root.
    for (const prefix of ['', 'us/', 'uk/', 'eu/', 'fr/', 'de/', 'jp/', 'kr/']) {
      for (const page of ['index.html', 'choose-your-region/index.html', '404.html']) expect(treeA.has(`${prefix}${page}`), `${prefix}${page}`).toBe(true);
    }

    // Every drawing of content/assets/ becomes webp and png images, small and 2x, shared by all regions.
    const art = await readSourceArt(path.join(PACKAGE_ROOT, 'content'));
    expect(art.length).toBeGreaterThan(0);
    const images = [...treeA.keys()].filter((f) => f.startsWith('static/img/'));
    expect(images).toEqual(art.flatMap((item) => ['2x.png', '2x.webp', 'small.png', 'small.webp'].map((variant) => `${imageAsset(item)!.src.slice(1)}.${variant}`)).sort());
    const small = await sharp(treeA.get(images.find((f) => f.endsWith('.small.webp'))!)!).metadata();
    const double = await sharp(treeA.get(images.find((f) => f.endsWith('.2x.png'))!)!).metadata();
    expect([small.format, small.width, double.format, double.width]).toEqual(['webp', 480, 'png', 960]);

    // Rebuilding only us keeps every other region's files as they were.
    await writeFile(path.join(second, 'uk', 'marker.txt'), 'uk stays');
    await writeFile(path.join(second, 'index.html'), 'cn stays');
    await writeFile(path.join(second, 'us', 'marker.txt'), 'us is replaced');
    const c = await buildRegions({ out: second, sites: path.join(work, 'sites-b'), regions: ['us'], now: BUILT_AT });
    expect(c.ok).toBe(true);
    expect(await readFile(path.join(second, 'uk', 'marker.txt'), 'utf8')).toBe('uk stays');
    expect(await readFile(path.join(second, 'index.html'), 'utf8')).toBe('cn stays');
    // The deployment's own files describe every region, whichever regions a build rebuilt.
    for (const file of ['sitemap.xml', 'robots.txt', 'schedule.json', ...images]) {
      expect((await readFile(path.join(second, file))).equals(treeA.get(file)!), file).toBe(true);
    }
    // ...and gives the region exactly the files a build of all eight gives it.
    const usTree = await readTree(path.join(second, 'us'));
    expect([...usTree.keys()]).toEqual([...treeA.keys()].filter((f) => f.startsWith('us/')).map((f) => f.slice(3)));
    for (const [file, bytes] of usTree) expect(treeA.get(`us/${file}`)?.equals(bytes), file).toBe(true);
  });
});
