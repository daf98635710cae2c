#!/usr/bin/env node
// Thin launcher of the preview server in server/cli.ts (precompiled: see launch.js).
import { load } from './launch.js';

// Output piped into a reader that stops early (| head) ends the command quietly.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error) => error.code === 'EPIPE' && process.exit(process.exitCode ?? 0));

const { main } = await load('serve-regions');
const status = await main(process.argv.slice(2));
if (status !== undefined) process.exitCode = status;
