#!/usr/bin/env node
// The README's test command: emit the region modules, type-check, lint (ESLint) and check the
// formatting (Biome), then every test (unit, compiler, server, browser).
// Vitest prints its summary and a plain `tests: N passed, N failed` closing line.
import { spawn, spawnSync } from 'node:child_process';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: false }).status ?? 1;

/** Runs a command with its output (stdout and stderr, as they came) kept for later. */
const captured = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ status: 1, output: `${error.message}\n` }));
    child.on('close', (status) => resolve({ status: status ?? 1, output }));
  });

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
// The typed region modules are generated from the content, never committed: write them first.
console.log('> build-region emit');
if (run(process.execPath, [new URL('../bin/build-region.js', import.meta.url).pathname, 'emit', '--quiet']) !== 0) {
  console.log('\nThe content does not compile.\ntests: 0 passed, 1 failed');
  process.exit(1);
}
// TypeScript 7's native compiler checks the types; the `typescript` package (6, with the
// compiler API) is the one typescript-eslint reads the sources with. The type-check and the lint
// run side by side (each mostly on one core of two); their output is shown in turn.
const tsc = [process.execPath, [new URL('../node_modules/tsgo/bin/tsc', import.meta.url).pathname, '--noEmit', '-p', 'tsconfig.json']];
const eslint = [bin('eslint'), ['--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']];
const [typed, linted] = await Promise.all([captured(...tsc), captured(...eslint)]);
console.log('> tsc --noEmit');
process.stdout.write(typed.output);
if (typed.status !== 0) {
  console.log('\nThe type-check failed.\ntests: 0 passed, 1 failed');
  process.exit(1);
}
console.log('> eslint . && biome format .');
process.stdout.write(linted.output);
if (linted.status !== 0 || run(bin('biome'), ['format', '.']) !== 0) {
  console.log('\nThe lint or the formatting check failed (`npm run lint`; `npm run format` formats).\ntests: 0 passed, 1 failed');
  process.exit(1);
}
console.log('> vitest run');
process.exit(run(bin('vitest'), ['run', ...process.argv.slice(2)]));
