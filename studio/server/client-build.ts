import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT } from '../../generator/index.ts';

/**
 * The studio's page (studio/client/): built once per version of its sources by Vite into the
 * package's cache (node_modules/.cache/robot-sites/studio/<hash>), and served from there; a
 * later start with the same sources serves the same files at once.
 */

const CLIENT_DIR = path.join(PACKAGE_ROOT, 'studio', 'client');
/** The shared rules the page imports (core/glossary.ts): a change there is a change of the page. */
const CORE_DIR = path.join(PACKAGE_ROOT, 'core');

/** A hash of what the page is made of: its sources, the shared rules and types it imports, the lock file. */
function clientKey(): string {
  const hash = createHash('sha256').update(process.version);
  const files = [
    ...[CLIENT_DIR, CORE_DIR].flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file))),
    ...['api.ts', 'api-base.ts', 'api-translations.ts'].map((file) => path.join(PACKAGE_ROOT, 'studio', file)),
    path.join(PACKAGE_ROOT, 'package-lock.json'),
  ]
    .filter((file) => existsSync(file) && statSync(file).isFile())
    .sort();
  for (const file of files) hash.update(`\0${path.relative(PACKAGE_ROOT, file)}\0`).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** The folder of the built page (index.html, assets/), built now when this version is not yet. */
export async function studioClient(
  cacheRoot = path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'robot-sites', 'studio'),
): Promise<string> {
  const dir = path.join(cacheRoot, clientKey());
  if (existsSync(path.join(dir, 'index.html'))) return dir;
  const staging = `${dir}.tmp-${process.pid}`;
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  await build({
    configFile: false,
    logLevel: 'warn',
    root: CLIENT_DIR,
    base: '/',
    plugins: [react()],
    build: { outDir: staging, emptyOutDir: true, reportCompressedSize: false },
  });
  await rename(staging, dir).catch(async (error: NodeJS.ErrnoException) => {
    // Another studio built the same version meanwhile: its files are the same.
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(path.join(dir, 'index.html'))) throw error;
  });
  return dir;
}
