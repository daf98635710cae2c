import path from 'node:path';
import type { Command } from 'commander';
import { compileContent } from '../compile.ts';
import { resolveBuildOptions } from '../options.ts';
import { hasErrors } from '../diagnostics/index.ts';
import type { CliIO, Run } from './shared.ts';
import { contentOption, finish, printDiagnostics } from './shared.ts';

interface EmitOptions {
  content: string;
  sites?: string;
  quiet?: boolean;
  cache?: boolean;
}

/** `build-region emit`: the typed region modules of every region, written into sites/; nothing is bundled. */
export function register(parent: Command, io: CliIO, run: Run): void {
  const command = parent
    .command('emit')
    .description('Write the typed region modules into sites/ (what the type-check and editors read) without bundling anything.')
    .addOption(contentOption())
    .option('--sites <dir>', 'folder of the generated region modules (default: as for a build)')
    .option('--quiet', 'print only problems')
    .option('--no-cache', 'neither read nor write the build cache')
    .action((options: EmitOptions) => run(() => execute(options, io)));
  finish(command, io, [
    'Examples:',
    '  $ build-region emit            regenerate sites/ from content/ (npm test and npm run typecheck do it first)',
  ]);
}

async function execute(options: EmitOptions, io: CliIO): Promise<number> {
  const compiled = await compileContent({ content: options.content, cwd: io.cwd, cache: options.cache });
  printDiagnostics(compiled.diagnostics, compiled.sources, 'text', io);
  if (hasErrors(compiled.diagnostics)) return 1;
  const { sitesDir, cacheDir } = resolveBuildOptions({ cwd: io.cwd, content: options.content, sites: options.sites, cache: options.cache });
  const [{ emitSites }, { writeGeneratedFiles }] = await Promise.all([import('../emit/index.ts'), import('../emit/sites-folder.ts')]);
  const written = await writeGeneratedFiles(sitesDir, await emitSites(compiled.model, sitesDir, undefined, { cacheDir }), true);
  if (!options.quiet)
    io.stderr(
      `Emitted the modules of ${compiled.model.regions.length} regions into ${path.relative(io.cwd, sitesDir) || '.'} (${written.length} changed).\n`,
    );
  return 0;
}
