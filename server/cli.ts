import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { BACKENDS_FILE } from '../core/backends.ts';
import type { BackendRegion, BackendsData } from '../core/backends.ts';
import { recoverOutput } from '../files/commit.ts';
import { builtRegions, readBackendsData, startServer } from './serve.ts';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535');
  return port;
}

function parseInstant(value: string): number {
  const instant = /(Z|[+-]\d{2}:\d{2})$/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(instant)) throw new InvalidArgumentError('an instant is ISO 8601 with an offset, like 2026-11-27T00:00:00-05:00');
  return instant;
}

type CliOptions = { port: number; host: string; dir: string; now?: number; data: string; previewClock: boolean };

/** The serve-regions command: its options and help (commander's errors are returned, not exited on). */
function createProgram(): Command {
  return new Command('serve-regions')
    .description('Serve the built regional sites exactly as a static host would (no SPA fallback).')
    .option('--port <port>', 'port to listen on', parsePort, 4173)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--dir <dir>', 'built output folder', 'dist')
    .option('--now <instant>', "start the emulated back ends' clock at this instant (ISO 8601 with offset)", parseInstant)
    .option('--data <dir>', "folder of the emulated back ends' accounts, subscriptions and mail (one SQLite file each)", '.data')
    .option('--no-preview-clock', 'do not add the preview clock (the toolbar that moves server time) to the pages')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ serve-regions                 serve dist/ on http://localhost:4173/',
        '  $ serve-regions --port 8080 --dir build',
        '  $ serve-regions --now 2026-11-27T00:00:00-05:00   the back ends say it is Black Friday',
        '  $ serve-regions --data /tmp/try-accounts           start with no accounts, keep the usual ones in .data/',
        '',
        'The mail the back ends would send (codes, verification and reset links) is at /__emulator/outbox.',
        'Every page gets the preview clock, a toolbar at the bottom left that moves server time (to an',
        'instant, or to the next stage boundary); it is added while serving, never built into dist/.',
        '',
      ].join('\n'),
    )
    .exitOverride();
}

/**
 * The back ends' data of the build in `dir`, once it holds at least one region's home page;
 * otherwise undefined, after saying why on stderr (`shownDir` is the folder as the user named it).
 */
async function readBuiltSites(dir: string, shownDir: string): Promise<BackendsData | undefined> {
  // A build writes backends.json beside its regions, whichever it built (`build-region us --out x`).
  if (!existsSync(path.join(dir, BACKENDS_FILE)) && !existsSync(path.join(dir, 'index.html'))) {
    process.stderr.write(`serve-regions: ${shownDir} has no built site; run 'npx build-region --all' first.\n`);
    return undefined;
  }
  let sites: BackendsData;
  let built: BackendRegion[];
  try {
    sites = await readBackendsData(dir);
    built = await builtRegions(dir, sites);
  } catch (error) {
    process.stderr.write(`serve-regions: ${(error as Error).message}\n`);
    return undefined;
  }
  if (built.length === 0) {
    const homes = sites.regions.map((r) => `${r.code}: ${r.basePath.slice(1)}${r.basePath ? '/' : ''}index.html`).join(', ');
    process.stderr.write(
      `serve-regions: ${shownDir} has no built site: no region's home page is in it (${homes}); run 'npx build-region --all' first, or 'npx build-region us --out ${shownDir}' to build one region.\n`,
    );
    return undefined;
  }
  return sites;
}

/** serve-regions: serves a built output folder. Resolves once listening; returns the exit status on failure. */
export async function main(args: string[]): Promise<number | undefined> {
  const program = createProgram();
  try {
    program.parse(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  const options = program.opts<CliOptions>();
  const dir = path.resolve(options.dir);
  // A build killed while it switched dir/ to its new files: complete that switch first.
  const recovered = await recoverOutput(dir);
  if (recovered.state === 'completed')
    process.stderr.write(
      `serve-regions: completed the switch to a new build that an interrupted build left half made (${recovered.moves} moves)\n`,
    );
  const sites = await readBuiltSites(dir, options.dir);
  if (!sites) return 1;
  const dataDir = path.resolve(options.data);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    process.stderr.write(`serve-regions: cannot create the data folder ${options.data}: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    const running = await startServer({
      dir,
      port: options.port,
      host: options.host,
      now: options.now,
      dataDir,
      previewClock: options.previewClock,
      sites,
    });
    // The address of a region it holds: cn's is the root, a build of us only is at /us.
    process.stdout.write(`Serving ${options.dir} at ${running.home}\n`);
    const absent = sites.regions.filter((r) => !running.regions.includes(r)).map((r) => r.code);
    process.stdout.write(
      `  ${running.regions.map((r) => `${r.code}: ${running.url}${r.basePath.slice(1)}`).join('   ')}${absent.length > 0 ? `   (not in this build, their paths answer 404: ${absent.join(', ')})` : ''}\n`,
    );
    process.stdout.write(
      `  back ends: ${running.url}_api/${Object.keys(sites.backends).join('|')}, data in ${options.data}   mail they sent: ${running.url}__emulator/outbox\n`,
    );
    const stop = () => void running.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_')) {
      process.stderr.write(`serve-regions: cannot open the back ends' data in ${options.data}: ${(error as Error).message}\n`);
      return 1;
    }
    process.stderr.write(
      `serve-regions: cannot listen on ${options.host}:${options.port}${code === 'EADDRINUSE' ? ' (the port is in use; pick another with --port)' : ''}\n`,
    );
    return 1;
  }
}
