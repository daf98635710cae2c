import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compileContent, defaultCacheDir, PACKAGE_ROOT } from '../../generator/index.ts';
import { renderPage } from '../../generator/prerender/page-render.ts';
import type { PageContext, PageJob } from '../../generator/prerender/page-render.ts';
import { claimPage, startPageThread } from '../../generator/prerender/page-thread.ts';
import { buildServerRenderer } from '../../generator/bundle/server-renderer.ts';
import { pageModules } from '../../core/kinds.ts';
import { pageText } from '../../core/model.ts';
import { BUILT_AT } from '../support/instants.ts';

/**
 * A large region's pages are rendered on two threads (generator/prerender/index.ts): a page thread
 * writes the pages it claims exactly as the build's own thread would, and a failure there stops
 * both threads' claims.
 */
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-page-thread-'));
afterAll(() => rm(work, { recursive: true, force: true }));

const { model } = await compileContent({ content: path.join(PACKAGE_ROOT, 'content'), now: BUILT_AT });
const region = model.regions.find((r) => r.data.code === 'de')!;
const renderer = await buildServerRenderer(defaultCacheDir());
const context: PageContext = {
  data: region.data,
  base: '/de/',
  entry: '/de/assets/entry.js',
  css: 'body{margin:0}',
  siteData: '/de/assets/site-de.json',
  now: BUILT_AT,
};
const jobs: PageJob[] = region.data.routes
  .filter((route) => !route.redirect && pageModules(route))
  .map((route) => ({
    path: route.path,
    file: path.join(route.path.slice('/de/'.length), 'index.html'),
    preloads: ['/de/assets/page.js'],
    content: pageText(route),
    kind: route.kind,
  }));

describe('a page thread', () => {
  it('writes every page it claims with the bytes this thread renders', async () => {
    const outDir = path.join(work, 'out');
    const claims = new SharedArrayBuffer(8);
    // This thread claims nothing: the page thread renders them all.
    const done = await startPageThread({ renderer, context, jobs, claims, outDir });
    expect(jobs.length).toBeGreaterThan(20);
    expect(done.toSorted((a, b) => a - b)).toEqual(jobs.map((_, index) => index));
    for (const job of jobs)
      expect(await readFile(path.join(outDir, job.file), 'utf8'), job.path).toBe(await renderPage(renderer, context, job));
    // Every page was claimed: none is left for this thread.
    expect(claimPage(new Int32Array(claims), jobs.length)).toBeUndefined();
  });

  it('fails with its error, and stops this thread claiming', async () => {
    const broken = path.join(work, 'broken-renderer.mjs');
    await writeFile(broken, 'export async function renderPage(region, path) { throw new Error(`no markup for ${path}`); }\n');
    const claims = new SharedArrayBuffer(8);
    const thread = startPageThread({
      renderer: { ...renderer, module: pathToFileURL(broken).href },
      context,
      jobs,
      claims,
      outDir: path.join(work, 'broken'),
    });
    await expect(thread).rejects.toThrow(/a page thread failed: Error: no markup for \/de\b/);
    expect(claimPage(new Int32Array(claims), jobs.length)).toBeUndefined();
    // Only the page it failed on was claimed.
    expect(Atomics.load(new Int32Array(claims), 0)).toBe(1);
  });
});
