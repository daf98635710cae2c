// Starts a command of this package without compiling TypeScript at start-up. The commands'
// TypeScript (generator/, server/, preview/ and what they import) is bundled once per version of
// the sources into plain JavaScript under node_modules/.cache/robot-sites/cli/<hash>-<place>/,
// with esbuild, and every later start imports that bundle directly. The hash covers every source
// file, the lock file and the Node version, so an edit or an update makes a new bundle; the place
// is the package's folder, whose files the bundle reads. Should
// bundling fail, the command runs through the tsx loader instead, as slow as before but working.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sourceKey } from '../files/source-key.js';

// The hash of the sources (files/source-key.js), which names a bundle; the build cache uses it too.
export { sourceKey };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The commands' entries, by the name of their bundle. */
const ENTRIES = {
  'build-region': 'generator/cli.ts',
  'serve-regions': 'server/cli.ts',
  preview: 'preview/dev/index.ts',
  review: 'preview/review/index.ts',
  glance: 'preview/glance.ts',
  studio: 'studio/server/index.ts',
  // The thread that takes the review's pictures (preview/pictures/picture-thread.ts), and its start.
  pictures: 'preview/pictures/index.ts',
  'picture-thread': 'preview/pictures/picture-thread.ts',
  // The thread that renders some of a large region's pages (generator/prerender/page-thread.ts).
  pages: 'generator/prerender/page-thread.ts',
};

/**
 * esbuild plugin: `import.meta.url` in a source becomes that source's own address, so code that
 * finds files beside itself (templates, schemas, assets) finds them from the bundle too.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.[jt]sx?$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents: text, loader: path.extname(args.path).slice(1) };
    });
  },
};

async function bundle(dir) {
  const { build } = await import('esbuild');
  const staging = `${dir}.tmp-${process.pid}`;
  await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, entry]) => [name, path.join(ROOT, entry)])),
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    jsx: 'automatic',
    logLevel: 'silent',
    plugins: [keepModuleUrls],
  });
  try {
    renameSync(staging, dir);
  } catch {
    // Another start made the same bundle at the same time: use theirs.
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The folder of the commands' bundle, for a version of the sources: one per place of the package
 * too, since a bundle names the files beside its sources by absolute path (`import.meta.url`).
 * Two copies of the package sharing node_modules (a second checkout, a moved folder, a cached
 * node_modules in CI) never run each other's files.
 */
export function bundleDir(key = sourceKey(), root = ROOT) {
  const place = createHash('sha256').update(root).digest('hex').slice(0, 8);
  return path.join(root, 'node_modules', '.cache', 'robot-sites', 'cli', `${key}-${place}`);
}

/** How many bundles of this place are kept besides the newest, and for how long at least. */
export const KEPT_BUNDLES = 3;
const KEPT_FOR_MS = 60 * 60 * 1000;

/**
 * Removes the older bundles of the place `dir` is for, once `dir` is made: each edit of the
 * sources makes a new one (about 0.6 MB). The few newest are kept, and any made in the last hour,
 * so a command still running from its bundle (a server, a watch) can start its threads from it;
 * other places' bundles are theirs to sweep.
 */
export function sweepBundles(dir, now = Date.now()) {
  const parent = path.dirname(dir);
  const place = path.basename(dir).slice(path.basename(dir).lastIndexOf('-'));
  const others = [];
  for (const name of readdirSync(parent)) {
    const full = path.join(parent, name);
    if (full === dir || !name.endsWith(place)) continue;
    try {
      others.push({ full, made: statSync(full).mtimeMs });
    } catch {
      // removed meanwhile by another start
    }
  }
  others.sort((a, b) => b.made - a.made);
  for (const { full, made } of others.slice(KEPT_BUNDLES)) {
    if (now - made > KEPT_FOR_MS) rmSync(full, { recursive: true, force: true });
  }
}

/** The bundling of the commands under way in this process, if any. */
let bundling;

/** The module of a command (a key of ENTRIES), from its bundle; made first when the sources changed. */
export async function load(command) {
  const key = sourceKey();
  // The build cache keys its entries by the same hash: it need not hash the sources again.
  process.env.BUILD_REGION_SOURCE_KEY = key;
  const dir = bundleDir(key);
  const file = path.join(dir, `${command}.mjs`);
  if (!existsSync(file)) {
    // Made once however many commands load at once (bin/build-region.js loads the picture thread's beside its own).
    bundling ??= (async () => {
      mkdirSync(path.dirname(dir), { recursive: true });
      await bundle(dir);
      sweepBundles(dir);
    })().catch((error) => {
      if (process.env.DEBUG) console.error('bundling the commands failed; running them through tsx:', error);
    });
    await bundling;
  }
  if (existsSync(file)) {
    // Where the bundle is, for a thread the command starts (preview/pictures/picture-thread.ts).
    process.env.BUILD_REGION_BUNDLE = dir;
    return import(pathToFileURL(file).href);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(path.join(ROOT, ENTRIES[command])).href);
}
