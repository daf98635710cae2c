import type { Command } from 'commander';
import { compileContent } from '../compile.ts';
import { hasErrors } from '../diagnostics/index.ts';
import type { CliIO, Run } from './shared.ts';
import { contentOption, finish, formatOption, printDiagnostics } from './shared.ts';

/** `build-region regions`: the content's region codes. */
export function register(parent: Command, io: CliIO, run: Run): void {
  const command = parent
    .command('regions')
    .description("List the content's region codes, in its order: what a CI pipeline fans a build out over.")
    .addOption(contentOption())
    .addOption(formatOption(['text', 'json']))
    .action((options: { content: string; format: 'text' | 'json' }) => run(() => execute(options, io)));
  finish(command, io, ['Examples:', '  $ build-region regions --format json      ["cn","us",...] for a CI matrix']);
}

async function execute(options: { content: string; format: 'text' | 'json' }, io: CliIO): Promise<number> {
  const compiled = await compileContent({ content: options.content, cwd: io.cwd });
  if (hasErrors(compiled.diagnostics)) {
    printDiagnostics(compiled.diagnostics, compiled.sources, options.format, io);
    return 1;
  }
  const codes = compiled.model.regions.map((r) => r.data.code);
  io.stdout(options.format === 'json' ? `${JSON.stringify(codes)}\n` : `${codes.join('\n')}\n`);
  return 0;
}
