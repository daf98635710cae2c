#!/usr/bin/env node
// Thin launcher of generator/cli.ts (precompiled: see launch.js). The live preview (--dev), the
// pictures of diff --pictures and of report --glance compose the compiler with the emulated back
// ends, so they are handed in from preview/ here:
// generator/ never imports server/.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { load } from './launch.js';

// The process's memory settings are this command's, set here and not by the library
// (generator/build.ts), which leaves those of its callers (a test runner, a script) as they are:
// - Rolldown, Vite's bundler, allocates with mimalloc, which by default commits its arenas up
//   front: about 100 MiB of a build's peak memory at 50x the catalogue (480 -> 380 MiB), and no
//   slower. mimalloc reads its options from the environment when Rolldown loads (after this).
//   A value set in the environment wins.
process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';
// - The build collects garbage between its steps when the process exposes `gc`, so its peak
//   memory is that of its largest step (docs/performance.md). Exposed here as
//   `node --expose-gc` would, without a flag on the command line.
if (typeof globalThis.gc !== 'function') {
  setFlagsFromString('--expose-gc');
  globalThis.gc = runInNewContext('gc');
}

// Output piped into a reader that stops early (| head) ends the command quietly.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error) => error.code === 'EPIPE' && process.exit(process.exitCode ?? 0));

// diff --pictures: the pictures' thread starts before the command loads (Playwright's driver
// loads and Chromium starts on the other core meanwhile: docs/review.md, "Cost").
const args = process.argv.slice(2);
const pictureThread = async () => (await load('picture-thread')).startPictureThread();
const early = args.includes('diff') && args.includes('--pictures') ? pictureThread() : undefined;
early?.catch(() => {});

// --dev: the live preview's modules (Vite, React's plugin) load while the command compiles.
const preview = args.includes('--dev') ? load('preview') : undefined;
preview?.catch(() => {});

const { main } = await load('build-region');
const startPreview = async (options) => (await (preview ?? load('preview'))).startDevServer(options);
const reviewPictures = async (options) => (await load('review')).reviewPictures(options);
const startPictures = () => early ?? pictureThread();
const glanceSheet = async (options) => (await load('glance')).glanceSheet(options);
const startStudio = async (options) => (await load('studio')).startStudio(options);
process.exitCode = await main(args, { startPreview, reviewPictures, startPictures, glanceSheet, startStudio });
