import type { Command } from 'commander';
import type { CliIO, Run } from './shared.ts';
import { contentOption, finish, parseNow, usage } from './shared.ts';

interface StudioFlags {
  content: string;
  port: string;
  now?: string;
}

/** `build-region studio`: the studio (studio/, docs/studio.md), a local web app to edit, check and preview the content. */
export function register(parent: Command, io: CliIO, run: Run): void {
  const command = parent
    .command('studio')
    .description('Edit, check and preview the content in a browser: a local web app over the content folder (docs/studio.md).')
    .addOption(contentOption())
    .option('--port <port>', 'port to listen on (on 127.0.0.1 only)', '4400')
    .option('--now <instant>', 'start the preview clock at this instant (ISO 8601 with offset)')
    .action((options: StudioFlags) => run(() => execute(options, io)));
  finish(command, io, [
    'Examples:',
    '  $ build-region studio',
    '  $ build-region studio --content ../site-content --port 4500',
    '',
    'It prints an address with a secret for this session: open it in a browser on this machine.',
    'Nothing listens beyond 127.0.0.1; stop it with Ctrl+C.',
  ]);
}

async function execute(options: StudioFlags, io: CliIO): Promise<number> {
  let now: number | undefined;
  try {
    now = parseNow(options.now);
  } catch (error) {
    return usage(error, io, 'studio ');
  }
  const port = Number(options.port);
  if (!/^\d+$/.test(options.port) || port > 65535) {
    io.stderr(`build-region: --port '${options.port}' is not a port (a whole number from 0 to 65535)\n`);
    return 2;
  }
  if (!io.startStudio) {
    io.stderr('build-region: the studio is not available from this entry point; run bin/build-region.js studio\n');
    return 2;
  }
  const studio = await io.startStudio({ content: options.content, cwd: io.cwd, port, ...(now !== undefined && { now }) });
  io.stdout(
    `The studio is at ${studio.url}\nOpen that address in a browser on this machine (it carries this session's secret). Ctrl+C stops it.\n`,
  );
  const stop = () => void studio.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}
