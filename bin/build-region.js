#!/usr/bin/env node
// Thin launcher of generator/cli.ts (precompiled: see launch.js). The live preview (--dev)
// composes the compiler with the emulated back ends, so it is handed in from preview/ here:
// generator/ never imports server/.
import { load } from './launch.js';

// Output piped into a reader that stops early (| head) ends the command quietly.
for (const stream of [process.stdout, process.stderr]) stream.on('error', (error) => error.code === 'EPIPE' && process.exit(process.exitCode ?? 0));

const { main } = await load('build-region');
const startPreview = async (options) => (await load('preview')).startDevServer(options);
const reviewPictures = async (options) => (await load('review')).reviewPictures(options);
process.exitCode = await main(process.argv.slice(2), { startPreview, reviewPictures });
