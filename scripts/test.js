#!/usr/bin/env node
// The README's test command: emit the region modules, type-check, lint (ESLint) and check the
// formatting (Biome), then every test (unit, compiler, server, browser).
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
// TypeScript 7's native compiler checks the types; the `typescript` package (6, with the
// compiler API) is the one typescript-eslint reads the sources with.
console.log('> tsc --noEmit');
if (run(process.execPath, [new URL('../node_modules/tsgo/bin/tsc', import.meta.url).pathname, '--noEmit', '-p', 'tsconfig.json']) !== 0) {
  console.log('\nThe type-check failed.\ntests: 0 passed, 1 failed');
  process.exit(1);
}
console.log('> eslint . && biome format .');
if (
  run(bin('eslint'), ['--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']) !== 0 ||
  run(bin('biome'), ['format', '.']) !== 0
) {
  console.log('\nThe lint or the formatting check failed (`npm run lint`; `npm run format` formats).\ntests: 0 passed, 1 failed');
  process.exit(1);
}
console.log('> vitest run');
process.exit(run(bin('vitest'), ['run', ...process.argv.slice(2)]));
