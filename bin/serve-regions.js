#!/usr/bin/env node
// Thin launcher: registers the TypeScript loader, then runs the preview server in server/cli.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../server/cli.ts');
const status = await main(process.argv.slice(2));
if (status !== undefined) process.exitCode = status;
