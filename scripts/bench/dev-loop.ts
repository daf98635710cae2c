// The live preview's goals of `npm run bench` (scripts/bench.ts, docs/performance.md): a content
// maintainer's loop in `build-region --dev` against Vite's own dev server on the hello app, both
// run as commands (whole processes), in one Chromium, interleaved (Vite, preview, Vite...).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cp, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { PACKAGE_ROOT } from '../../generator/index.ts';
import { launchChromium } from '../../preview/chromium.ts';
import { median, timeCommand } from './process.ts';

export interface DevLoopBench {
  work: string;
  /** The real catalogue's content folder (a copy the bench may edit). */
  content: string;
  runs: number;
  now: string;
  /** bin/build-region.js. */
  bin: string;
  report: (goal: string, measured: string, pass: boolean) => void;
}

/** A dev server started as a command, once it has printed its address. */
export interface Started {
  url: string;
  /** Milliseconds from the spawn until the address was printed. */
  printed: number;
  started: number;
  stop(): Promise<void>;
}

/** A terminal colour code (Vite colours its address even when its output is piped). */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

export function startCommand(args: readonly string[], cwd: string, address: RegExp): Promise<Started> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = address.exec(output.replace(ANSI_COLOUR, ''));
      if (found) resolve({ url: found[1]!, printed: performance.now() - started, started, stop });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}

/**
 * The hello app (scripts/bench/hello) copied into a Vite project of its own: React's plugin (Fast
 * Refresh: an edit of its page's module is a hot update, not a reload) and a dependency cache of
 * its own (the preview's Vite has the package's, and both run at once). Gives its page's module
 * with another greeting.
 */
export async function writeHelloProject(dir: string): Promise<(greeting: string) => string> {
  await cp(path.join(PACKAGE_ROOT, 'scripts', 'bench', 'hello'), dir, { recursive: true });
  await symlink(path.join(PACKAGE_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  await writeFile(
    path.join(dir, 'vite.config.mjs'),
    `import react from '@vitejs/plugin-react';\nexport default { plugins: [react()], cacheDir: ${JSON.stringify(path.join(dir, '.vite'))} };\n`,
  );
  const page = await readFile(path.join(dir, 'Hello.tsx'), 'utf8');
  if (!page.includes('<h1>Hello, {name}</h1>')) throw new Error('scripts/bench/hello/Hello.tsx no longer greets as the bench expects');
  return (greeting: string) => page.replace('<h1>Hello, {name}</h1>', `<h1>${greeting}, {name}</h1>`);
}

/** Milliseconds from `act` until the page's first heading reads `text`. */
export async function until(page: Page, act: () => Promise<void>, shown: (page: Page) => Promise<unknown>, what: string): Promise<number> {
  // The page in front: a page behind another draws no frames.
  await page.bringToFront();
  const started = performance.now();
  await act();
  await shown(page).catch((error: unknown) => {
    throw new Error(`${what}: never shown (${error instanceof Error ? error.message : String(error)})`);
  });
  return performance.now() - started;
}

/** How long a change may take to show before its round is run again; how many rounds may be run again. */
const SHOWN_WITHIN_MS = 20_000;
const MAX_RETRIES = 3;

export const heading = (text: string) => (page: Page) =>
  page.waitForFunction((expected) => document.querySelector('h1')?.textContent === expected, text, {
    polling: 'raf',
    timeout: SHOWN_WITHIN_MS,
  });
/**
 * Until an element of `selector` in `target` (a page or a frame) has a text that `pattern` finds,
 * tested at every frame the page draws. A locator's `waitFor` tests at growing intervals (0, 20,
 * 50, 100, 100, then 500 ms apart): a change shown 300 ms after the action was seen at 770 ms,
 * and a goal measured its own polling (docs/performance.md, 2026-11-30).
 */
export const textShown = (target: Page | Frame, selector: string, pattern: RegExp, timeout = SHOWN_WITHIN_MS) =>
  target.waitForFunction(
    ([css, source]) => [...document.querySelectorAll(css)].some((element) => new RegExp(source!).test(element.textContent ?? '')),
    [selector, pattern.source] as const,
    { polling: 'raf', timeout },
  );
const overlay = (shown: boolean) => (page: Page) =>
  page.waitForFunction((wanted) => (document.querySelector('vite-error-overlay') !== null) === wanted, shown, {
    polling: 'raf',
    timeout: SHOWN_WITHIN_MS,
  });

export async function devLoopGoals(bench: DevLoopBench): Promise<void> {
  const { work, content, runs, now, bin, report } = bench;
  const helloDir = path.join(work, 'hello-dev');
  const hello = await writeHelloProject(helloDir);
  const vite = path.join(PACKAGE_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const startVite = () => startCommand([vite, helloDir, '--host', '127.0.0.1', '--port', '0'], helloDir, /Local:\s+(http:\/\/\S+)/);
  const startPreview = () =>
    startCommand(
      [bin, '--dev', 'us', '--content', content, '--sites', path.join(work, 'sites-dev'), '--now', now, '--port', '0'],
      work,
      /Live preview of us at (http:\/\/\S+)/,
    );
  const faq = path.join(content, 'pages', 'faq', 'en.yaml');
  const original = await readFile(faq, 'utf8');
  // The caches a maintainer's preview starts with after a build (`npm run build`): the server
  // renderer and the inline scripts (the preview builds them itself after its first page otherwise).
  await timeCommand(
    bin,
    ['us', '--content', content, '--out', path.join(work, 'dev-warm'), '--sites', path.join(work, 'sites-dev'), '--now', now, '--quiet'],
    work,
  );
  const browser = await launchChromium();
  try {
    // The first page: from the command's start until its page is shown and live (hydrated: the
    // preview's is rendered on the server first). Each server's caches warmed by a first start.
    const firstPages = { vite: [] as number[], preview: [] as number[] };
    const firstPage = async (start: () => Promise<Started>, at: string, live: (page: Page) => Promise<unknown>) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const server = await start();
      try {
        await page.goto(new URL(at, server.url).href);
        await live(page);
        return performance.now() - server.started;
      } finally {
        await context.close();
        await server.stop();
      }
    };
    const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
    for (let i = 0; i < runs + 1; i++) {
      const viteFirst = await firstPage(startVite, '/', heading('Hello, world'));
      const previewFirst = await firstPage(startPreview, '/us/faq', hydrated);
      if (i === 0) continue;
      firstPages.vite.push(viteFirst);
      firstPages.preview.push(previewFirst);
    }

    // Edits, both servers running, each page open: a code edit in Vite's (a hot update), a
    // content edit in the preview's (the FAQ's heading), then a broken file in each (the error
    // overlay) and its fix.
    // Both servers and their pages, started again for a round run again (a Vite that missed an
    // edit's overlay went on missing its hot updates after a reload of its page).
    const open = async () => {
      const [viteServer, preview] = [await startVite(), await startPreview()];
      const contexts = [await browser.newContext(), await browser.newContext()];
      const [vitePage, previewPage] = [await contexts[0]!.newPage(), await contexts[1]!.newPage()];
      await vitePage.goto(viteServer.url);
      await heading('Hello, world')(vitePage);
      await previewPage.bringToFront();
      await previewPage.goto(new URL('/us/faq', preview.url).href);
      await hydrated(previewPage);
      const close = async () => {
        for (const context of contexts) await context.close();
        await viteServer.stop();
        await preview.stop();
      };
      return { vitePage, previewPage, close };
    };
    let opened = await open();
    const edits = { vite: [] as number[], preview: [] as number[] };
    const errors = { vite: [] as number[], preview: [] as number[] };
    // One round: an edit and an error in each, in turn. A round whose change a page never shows
    // (Vite's overlay, now and then, on this machine) is said, set right and run again, at most
    // MAX_RETRIES times in all: its figures are left out.
    const round = async (i: number) => {
      const greeting = `Hello ${i}`;
      const text = `Questions answered (${i})`;
      const viteFile = path.join(helloDir, 'Hello.tsx');
      const { vitePage, previewPage } = opened;
      const viteEdit = await until(
        vitePage,
        () => writeFile(viteFile, hello(greeting)),
        heading(`${greeting}, world`),
        "Vite's hot update",
      );
      const previewEdit = await until(
        previewPage,
        () => writeFile(faq, original.replace(/^heading: .*$/m, `heading: ${text}`)),
        heading(text),
        "the preview's edit",
      );
      // A code error: an unclosed element. A content error: a flow sequence left open.
      const viteError = await until(
        vitePage,
        () => writeFile(viteFile, hello(greeting).replace('</h1>', '')),
        overlay(true),
        "Vite's overlay",
      );
      const previewError = await until(
        previewPage,
        () => writeFile(faq, original.replace(/^heading: .*$/m, `heading: [${text}`)),
        overlay(true),
        "the preview's overlay",
      );
      await until(vitePage, () => writeFile(viteFile, hello(greeting)), overlay(false), "Vite's overlay gone");
      await until(
        previewPage,
        () => writeFile(faq, original.replace(/^heading: .*$/m, `heading: ${text}`)),
        overlay(false),
        "the preview's overlay gone",
      );
      await vitePage.waitForTimeout(200);
      return { viteEdit, previewEdit, viteError, previewError };
    };
    let retries = 0;
    try {
      for (let i = 0; i < runs + 1; i++) {
        let figures: Awaited<ReturnType<typeof round>>;
        try {
          figures = await round(i);
        } catch (error) {
          if (++retries > MAX_RETRIES) throw error;
          console.log(`info  round ${i} of the live preview's goals run again: ${error instanceof Error ? error.message : String(error)}`);
          await opened.close();
          await writeFile(path.join(helloDir, 'Hello.tsx'), hello('Hello'));
          await writeFile(faq, original);
          opened = await open();
          i--;
          continue;
        }
        // The first round warms both (Vite's transform of the changed module, the compiler's caches).
        if (i === 0) continue;
        edits.vite.push(figures.viteEdit);
        edits.preview.push(figures.previewEdit);
        errors.vite.push(figures.viteError);
        errors.preview.push(figures.previewError);
      }
    } finally {
      await opened.close();
      await writeFile(faq, original);
    }
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const edit = { vite: median(edits.vite), preview: median(edits.preview) };
    report(
      "a YAML edit in `build-region --dev` shows in the browser <= 3x Vite's hot update of a code edit (hello app)",
      `preview ${ms(edit.preview)}, Vite ${ms(edit.vite)}: ratio ${(edit.preview / edit.vite).toFixed(2)} (preview ${edits.preview.map(ms).join(', ')})`,
      edit.preview <= 3 * edit.vite,
    );
    const first = { vite: median(firstPages.vite), preview: median(firstPages.preview) };
    report(
      "the live preview's first page (from the command's start until hydrated) <= 2x Vite's dev server's (hello app)",
      `preview ${ms(first.preview)}, Vite ${ms(first.vite)}: ratio ${(first.preview / first.vite).toFixed(2)}`,
      first.preview <= 2 * first.vite,
    );
    const error = { vite: median(errors.vite), preview: median(errors.preview) };
    report(
      "a content error's overlay in `build-region --dev` <= 3x Vite's overlay of a code error (hello app)",
      `preview ${ms(error.preview)}, Vite ${ms(error.vite)}: ratio ${(error.preview / error.vite).toFixed(2)}`,
      error.preview <= 3 * error.vite,
    );
  } finally {
    await browser.close();
  }
}
