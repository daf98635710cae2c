// The version of the package's sources, as one hash: what names the launcher's precompiled
// bundle (bin/launch.js) and what the build cache folds into every key (generator/cache.ts).
// Plain JavaScript, typed by source-key.d.ts, because the launcher runs before TypeScript can
// load; it lives below both so that the library never reaches up into its launcher.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listTree } from './disk.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The files and folders the commands are made of (with the lock file, for their dependencies). */
const SOURCES = [
  'bin/launch.js',
  'core',
  'files',
  'generator',
  'preview',
  'runtime',
  'schema',
  'server',
  'studio',
  'templates',
  'package-lock.json',
];

/** Every file of the sources, sorted, relative to the package. */
function listSources(root) {
  const out = [];
  for (const source of SOURCES) {
    try {
      out.push(...listTree(path.join(root, source)).map((file) => `${source}/${file}`));
    } catch {
      if (existsSync(path.join(root, source))) out.push(source);
    }
  }
  return out.sort();
}

/** A hash of the sources' paths and contents, the lock file and the Node version (of the package at `root`). */
export function sourceKey(root = ROOT) {
  const hash = createHash('sha256').update(process.version);
  for (const file of listSources(root)) hash.update(`\0${file}\0`).update(readFileSync(path.join(root, file)));
  return hash.digest('hex').slice(0, 16);
}
