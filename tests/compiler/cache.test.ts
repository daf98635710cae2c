import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleDir, KEPT_BUNDLES, sourceKey, sweepBundles } from '../../bin/launch.js';
import { buildRegions, listFiles, checkContent, PACKAGE_ROOT } from '../../generator/index.ts';
import { copyContent, setYamlValue } from '../support/content.ts';
import { expectSameBytes, readTree } from '../support/files.ts';

/**
 * The build cache (docs/cache.md): a cached build's output is byte-identical to a cold one's,
 * and a damaged or deleted cache only makes the build cold again.
 */
const NOW_TEXT = '2026-11-22T12:00:00+08:00';
const NOW = Date.parse(NOW_TEXT);
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-cache-'));
afterAll(() => rm(work, { recursive: true, force: true }));
const cacheDir = path.join(work, 'cache');
let run = 0;

async function build(cache: string | false) {
  const out = path.join(work, `dist-${++run}`);
  const result = await buildRegions({ out, sites: path.join(work, 'sites'), regions: ['kr'], now: NOW, cache });
  expect(result.ok).toBe(true);
  return { result, tree: await readTree(out), out };
}

const missed = (cache: Record<string, { hits: number; misses: number }> = {}) =>
  Object.values(cache).reduce((sum, { misses }) => sum + misses, 0);
const found = (cache: Record<string, { hits: number; misses: number }> = {}) =>
  Object.values(cache).reduce((sum, { hits }) => sum + hits, 0);

/** The output of a build that neither read nor wrote a cache: what every cached build must equal. */
let coldTree: Promise<Map<string, Buffer>> | undefined;
const cold = () =>
  (coldTree ??= build(false).then(({ result, tree }) => {
    expect(result.cache).toEqual({});
    return tree;
  }));

describe('the build cache', () => {
  it('gives a cached build the bytes of a cold one, and reuses every part it can', async () => {
    const coldBuild = await cold();
    const first = await build(cacheDir);
    expect(missed(first.result.cache)).toBeGreaterThan(0);
    const second = await build(cacheDir);
    // Nothing changed: every part came from the cache (the pages are still rendered, at the build's instant).
    expect(missed(second.result.cache)).toBe(0);
    // The server renderer came from the cache once; this process then keeps the one it loaded.
    expect(first.result.cache).toMatchObject({ ssr: { misses: 1 } });
    expect(second.result.cache).toMatchObject({ images: { misses: 0 }, client: { hits: 1 }, declarations: { misses: 0 } });
    expect(second.result.cache?.ssr ?? { hits: 0, misses: 0 }).toEqual({ hits: 0, misses: 0 });
    expectSameBytes(coldBuild, first.tree);
    expectSameBytes(coldBuild, second.tree);
    // The share cards from the cache are linked into the output, not written again.
    const cards = [...second.tree.keys()].filter((file) => file.endsWith('.jpg'));
    expect(cards.length).toBeGreaterThanOrEqual(2);
    const kept = new Set((await listFiles(path.join(cacheDir, 'share'))).map((file) => statSync(path.join(cacheDir, 'share', file)).ino));
    for (const card of cards) expect(kept.has(statSync(path.join(second.out, card)).ino), card).toBe(true);
  });

  it('reuses the client bundle after a new price and a new page text: they reach only the data files and the pages', async () => {
    const { work: folder, content } = await copyContent();
    const cache = path.join(folder, 'cache');
    const sites = path.join(folder, 'sites');
    const kr = async (name: string, use: string | false) => {
      const out = path.join(folder, name);
      const result = await buildRegions({ content, cwd: folder, out, sites, regions: ['kr'], now: NOW, cache: use });
      expect(result.ok).toBe(true);
      return { result, tree: await readTree(out) };
    };
    const scripts = (tree: Map<string, Buffer>) => new Map([...tree].filter(([file]) => file.endsWith('.js')));
    try {
      const before = await kr('before', cache);
      await setYamlValue(path.join(content, 'regions/kr/products.yaml'), ['products', 'miniRobot', 'price'], 259000);
      await setYamlValue(path.join(content, 'pages/mini-robot/ko.yaml'), ['heading'], (heading: string) => `${heading} (2026)`);
      const after = await kr('after', cache);
      expect(after.result.cache).toMatchObject({ client: { hits: 1, misses: 0 } });
      // Every script is the same file with the same bytes; the new price is in the page and in a shard's file.
      expectSameBytes(scripts(before.tree), scripts(after.tree));
      const page = after.tree.get('kr/mini-robot/index.html')!.toString();
      expect(page).toContain('259,000');
      expect(page).toContain(' (2026)</h1>');
      const shards = [...after.tree].filter(([file]) => /^kr\/assets\/routes-kr-\d+-[\w-]{10}\.json$/.test(file));
      expect(shards.map(([, bytes]) => bytes.toString()).filter((json) => json.includes('"price":259000'))).toHaveLength(1);
      // What a cold build of the changed content makes, byte for byte.
      expectSameBytes((await kr('cold', false)).tree, after.tree);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('renders a share card anew when its kept bytes are damaged', async () => {
    const coldBuild = await cold();
    await build(cacheDir);
    const blobs = (await listFiles(path.join(cacheDir, 'share'))).filter((file) => file.endsWith('.jpg'));
    expect(blobs.length).toBeGreaterThanOrEqual(2);
    // Each kept card replaced (not changed in place: earlier outputs link to it) by other bytes.
    for (const blob of blobs) {
      const file = path.join(cacheDir, 'share', blob);
      const bytes = await readFile(file);
      const middle = Math.floor(bytes.length / 2);
      bytes[middle] = bytes[middle]! ^ 0x55;
      await rm(file);
      await writeFile(file, bytes);
    }
    const damaged = await build(cacheDir);
    expect(damaged.result.cache).toMatchObject({ share: { hits: 0, misses: blobs.length } });
    expectSameBytes(coldBuild, damaged.tree);
  });

  it('builds pages to picture as they first paint from the cached CSS: only those pages, no app, no share card', async () => {
    const full = await build(cacheDir);
    const out = path.join(work, `dist-${++run}`);
    const result = await buildRegions({
      out,
      sites: path.join(work, 'sites'),
      regions: ['kr'],
      now: NOW,
      cache: cacheDir,
      firstPaintOnly: ['/kr/mini-robot'],
    });
    expect(result.ok).toBe(true);
    // No client bundle: its CSS came from the cache (a full build kept it).
    expect(result.cache).toMatchObject({ 'client-css': { hits: 1, misses: 0 } });
    expect(result.cache?.client ?? { hits: 0, misses: 0 }).toEqual({ hits: 0, misses: 0 });
    const files = [...(await readTree(out)).keys()];
    expect(files.filter((f) => f.endsWith('.html'))).toEqual(['kr/mini-robot/index.html']);
    expect(files.filter((f) => f.startsWith('kr/assets/') && f.endsWith('.js'))).toEqual([]);
    expect(files.filter((f) => f.includes('share'))).toEqual([]);
    // Of the deployment's own files, the two a server of the folder reads (serve-regions).
    expect(files.filter((f) => !f.includes('/'))).toEqual(['backends.json', 'hosts.json']);
    // The page looks as the full build's: the same styles and the same content.
    const page = (tree: Map<string, Buffer>) => tree.get('kr/mini-robot/index.html')!.toString('utf8');
    const part = (html: string, pattern: RegExp) => html.match(pattern)?.[0];
    const [picture, shipped] = [page(await readTree(out)), page(full.tree)];
    for (const pattern of [/<style>[^]*?<\/style>/, /<main[^]*<\/main>/]) {
      expect(part(picture, pattern)).toBeDefined();
      expect(part(picture, pattern)).toBe(part(shipped, pattern));
    }
  });

  it('treats a damaged entry as missing: the build is correct and the entry made anew', async () => {
    const coldBuild = await cold();
    const entries = (await listFiles(cacheDir)).filter((f) => !f.includes('.tmp-'));
    expect(entries.length).toBeGreaterThan(10);
    // One byte changed in the middle of every entry.
    for (const entry of entries) {
      const file = path.join(cacheDir, entry);
      const bytes = await readFile(file);
      const middle = Math.floor(bytes.length / 2);
      bytes[middle] = bytes[middle]! ^ 0x55;
      await writeFile(file, bytes);
    }
    const damaged = await build(cacheDir);
    expect(found(damaged.result.cache)).toBe(0);
    expectSameBytes(coldBuild, damaged.tree);
    const repaired = await build(cacheDir);
    expect(missed(repaired.result.cache)).toBe(0);
    expectSameBytes(coldBuild, repaired.tree);
  });

  it('builds everything anew from a deleted cache', async () => {
    const coldBuild = await cold();
    await rm(cacheDir, { recursive: true, force: true });
    const rebuilt = await build(cacheDir);
    expect(found(rebuilt.result.cache)).toBe(0);
    expectSameBytes(coldBuild, rebuilt.tree);
  });

  it('keys every entry by the lock file and the sources too: changing either is a different key', async () => {
    const root = path.join(work, 'package');
    for (const entry of ['bin', 'core', 'generator', 'preview', 'runtime', 'schema', 'server', 'templates', 'package-lock.json']) {
      await cp(path.join(PACKAGE_ROOT, entry), path.join(root, entry), { recursive: true });
    }
    const before = sourceKey(root);
    expect(sourceKey(root)).toBe(before);
    await writeFile(path.join(root, 'package-lock.json'), `${await readFile(path.join(root, 'package-lock.json'), 'utf8')} `);
    const locked = sourceKey(root);
    expect(locked).not.toBe(before);
    await writeFile(path.join(root, 'runtime', 'styles.css'), `${await readFile(path.join(root, 'runtime', 'styles.css'), 'utf8')}\n`);
    expect(sourceKey(root)).not.toBe(locked);
  });
});

describe('the bundles of the commands', () => {
  it("are swept as a new one is made: the place's newest few and the last hour's kept, other places' left", async () => {
    const cli = path.join(work, 'cli');
    const hour = 60 * 60 * 1000;
    const now = Date.parse('2026-11-27T12:00:00Z');
    // Of this place: four made in the last hour, three made 2 to 4 hours ago; another place's, older.
    const made: [string, number][] = [
      ...[10, 20, 30, 40].map((minutes): [string, number] => [`recent${minutes}-aaaa1111`, now - minutes * 60 * 1000]),
      ...[2, 3, 4].map((hours): [string, number] => [`old${hours}-aaaa1111`, now - hours * hour]),
      ['other-bbbb2222', now - 30 * hour],
      ['new-aaaa1111', now],
    ];
    for (const [name, at] of made) {
      await mkdir(path.join(cli, name), { recursive: true });
      await writeFile(path.join(cli, name, 'build-region.mjs'), '');
      await utimes(path.join(cli, name), at / 1000, at / 1000);
    }
    sweepBundles(path.join(cli, 'new-aaaa1111'), now);
    const kept = (await readdir(cli)).sort();
    // The new one; the newest KEPT_BUNDLES others; the fourth of the last hour; the other place's.
    expect(KEPT_BUNDLES).toBe(3);
    expect(kept).toEqual([
      'new-aaaa1111',
      'other-bbbb2222',
      'recent10-aaaa1111',
      'recent20-aaaa1111',
      'recent30-aaaa1111',
      'recent40-aaaa1111',
    ]);
  });
});

describe('the commands of two copies of the package sharing node_modules', () => {
  it('each run from the files of their own copy', async () => {
    // Two copies of the same sources, with one node_modules (a second checkout linking it): a
    // bundle of the commands made for one must never read the other's schemas, templates or
    // runtime. The sources get a line of their own, so no bundle of the real package is reused.
    const copies = ['a', 'b'].map((name) => path.join(work, `copy-${name}`));
    for (const root of copies) {
      for (const entry of [
        'bin',
        'core',
        'files',
        'generator',
        'preview',
        'runtime',
        'schema',
        'server',
        'studio',
        'templates',
        'content',
        'package.json',
        'package-lock.json',
      ]) {
        await cp(path.join(PACKAGE_ROOT, entry), path.join(root, entry), { recursive: true });
      }
      await writeFile(
        path.join(root, 'generator', 'paths.ts'),
        `${await readFile(path.join(root, 'generator', 'paths.ts'), 'utf8')}// ${path.basename(work)}\n`,
      );
      await symlink(path.join(PACKAGE_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    }
    const [a, b] = copies as [string, string];
    const bundles = copies.map((root) => bundleDir(sourceKey(root), root));
    expect(new Set(bundles).size).toBe(2);
    const check = (root: string) =>
      spawnSync(process.execPath, [path.join(root, 'bin', 'build-region.js'), '--check', '--no-cache', '--quiet'], {
        cwd: root,
        encoding: 'utf8',
      });
    try {
      expect(check(a).status).toBe(0);
      // The first copy's schema breaks after its commands were bundled: the second copy's own is whole.
      await writeFile(path.join(a, 'schema', 'region.schema.json'), '{ broken');
      const second = check(b);
      expect(second.stderr).toBe('');
      expect(second.status).toBe(0);
      expect(check(a).status).not.toBe(0);
    } finally {
      for (const bundle of bundles) await rm(bundle, { recursive: true, force: true });
    }
  });
});

describe('--check of unchanged content', () => {
  async function check(work: string, cache: string, now: string) {
    let stderr = '';
    const { main } = await import('../../generator/cli.ts');
    const status = await main(['--check', '--now', now, '--cache-dir', cache], {
      cwd: work,
      isTTY: false,
      env: {},
      stdout: () => {},
      stderr: (t) => (stderr += t),
    });
    return { status, stderr };
  }

  it('answers from the cache until a file changes', async () => {
    const { work: folder, content } = await copyContent();
    const cache = path.join(folder, 'cache');
    try {
      const options = { content, cwd: folder, now: NOW, cache };
      expect((await checkContent(options)).cached).toBe(false);
      expect(await checkContent(options)).toMatchObject({ cached: true, diagnostics: [] });
      await setYamlValue(path.join(content, 'regions/kr/region.yaml'), ['currency'], 'KRX');
      const broken = await check(folder, cache, NOW_TEXT);
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain("error E0217: 'KRX' is not a currency code that prices can be printed in");
      // The same broken content again: the same diagnostic, with its code frame, from the cache.
      expect((await checkContent(options)).cached).toBe(true);
      expect(await check(folder, cache, NOW_TEXT)).toEqual(broken);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('answers anew once a stage boundary lies between two checks', async () => {
    const { work: folder, content } = await copyContent();
    const cache = path.join(folder, 'cache');
    try {
      // uk's Halloween list, not archived, with instants of the test's own: stage 1 runs from
      // 2025-10-25 15:00 to 2025-11-10 07:00 (+08:00).
      const uk = path.join(content, 'regions/uk/region.yaml');
      await setYamlValue(uk, ['stages', 'halloween'], (list: unknown) => ({
        ...(list as Record<string, unknown>),
        archived: false,
        instants: ['2025-10-25T15:00:00+08:00', '2025-11-10T07:00:00+08:00'],
      }));
      const during = await check(folder, cache, '2025-11-05T12:00:00+08:00');
      expect(during.stderr).not.toContain("stage 1 of 'halloween' is over");
      const after = await check(folder, cache, '2025-11-12T12:00:00+08:00');
      expect(after.stderr).toContain("warning W0303: stage 1 of 'halloween' is over (the current stage is 2)");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
