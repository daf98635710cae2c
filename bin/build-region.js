#!/usr/bin/env node
// Thin launcher: registers the TypeScript loader, then runs the CLI in generator/cli.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../generator/cli.ts');
process.exitCode = await main(process.argv.slice(2));
