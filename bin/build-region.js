#!/usr/bin/env node
// Thin launcher: registers the TypeScript loader, then runs the CLI in generator/cli.ts. The live
// preview (--dev) composes the compiler with the emulated back ends, so it is handed in from
// preview/ here: generator/ never imports server/.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../generator/cli.ts');
const startPreview = async (options) => (await import('../preview/dev.ts')).startDevServer(options);
process.exitCode = await main(process.argv.slice(2), { startPreview });
