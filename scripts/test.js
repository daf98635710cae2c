#!/usr/bin/env node
// The README's test command: emit the region modules, type-check, then every test (unit,
// compiler, server, browser).
// Vitest prints its summary and a plain `tests: N passed, N failed` closing line.
import { spawnSync } from 'node:child_process';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: false }).status ?? 1;

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
// The typed region modules are generated from the content, never committed: write them first.
console.log('> build-region emit');
if (run(process.execPath, [new URL('../bin/build-region.js', import.meta.url).pathname, 'emit', '--quiet']) !== 0) {
  console.log('\nThe content does not compile.\ntests: 0 passed, 1 failed');
  process.exit(1);
}
console.log('> tsc --noEmit');
if (run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) !== 0) {
  console.log('\nThe type-check failed.\ntests: 0 passed, 1 failed');
  process.exit(1);
}
console.log('> vitest run');
process.exit(run(bin('vitest'), ['run', ...process.argv.slice(2)]));
