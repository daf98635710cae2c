import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { InlineConfig, Plugin } from 'vite';
import { RUNTIME_DIR } from '../paths.ts';

// The Vite configuration of the client build (generator/bundle/client-build.ts): its chunks and their names.

/** Packages loaded on first use (the API client's ofetch and its dependencies), in chunks of their own. */
const ON_FIRST_USE = ['ofetch', 'ufo', 'destr', 'node-fetch-native'].map((name) => `${path.sep}node_modules${path.sep}${name}${path.sep}`);

/**
 * The package's modules every page needs: those the client entry (runtime/client.tsx) imports
 * statically, directly or through others. What only page components import (their components,
 * the account screens, the support form, price formatting...) loads with those pages' chunks.
 */
function sharedRuntimeModules(): Set<string> {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    const text = readFileSync(file, 'utf8');
    // Value imports and re-exports of the package's own files (`import type` and `export type`
    // carry no code; `import()` is a chunk of its own). core/model.ts re-exports its parts.
    for (const match of text.matchAll(
      /^(?:import\s+(?!type\b)(?:[^;']*?\s+from\s+)?|export\s+(?!type\b)[^;']*?\s+from\s+)'(\.{1,2}\/[^']+)';/gm,
    ))
      visit(path.resolve(path.dirname(file), match[1]!));
  };
  visit(path.join(RUNTIME_DIR, 'client.tsx'));
  return found;
}

/** Whether a module belongs in the shared runtime chunk: the libraries (but those loaded on first use) and the runtime every page needs. */
function isSharedRuntimeModule(id: string, sitesDir: string, shared: ReadonlySet<string>): boolean {
  const file = id.split('?', 1)[0]!;
  if (file.startsWith(sitesDir + path.sep) || file.startsWith(`${sitesDir}/`)) return false;
  if (file.includes(`${path.sep}node_modules${path.sep}`)) return !ON_FIRST_USE.some((folder) => file.includes(folder));
  return shared.has(file);
}

/**
 * The client build's configuration: one entry per region (`input`), a relative base, a manifest,
 * one shared runtime chunk (a code-splitting group) and a chunk per page's module and part.
 */
export function clientViteConfig(input: Record<string, string>, buildDir: string, sitesDir: string, plugins: Plugin[]): InlineConfig {
  const shared = sharedRuntimeModules();
  return {
    base: './',
    plugins,
    // wouter's compatibility shim for React 17 and older: React's own hook (runtime/sync-external-store.ts).
    resolve: {
      alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: path.join(RUNTIME_DIR, 'sync-external-store.ts') }],
    },
    build: {
      outDir: buildDir,
      emptyOutDir: true,
      manifest: true,
      reportCompressedSize: false,
      // A page's loader fetches what it needs and a link's hover or focus loads the next page's
      // chunks: Vite's preload helper (1 KB in every page) is replaced by a plain import.
      modulePreload: false,
      rolldownOptions: {
        input,
        // React's component and context factories have no side effects: what a library makes
        // with them and never uses (wouter's Link, a context of its Switch) is left out.
        treeshake: { manualPureFunctions: ['forwardRef', 'createContext'] },
        output: {
          // Only the regions' entries come from sites/ (client-build.ts checks it): every chunk is
          // the runtime's or a page's, named after its module.
          chunkFileNames: 'assets/[name]-[hash].js',
          codeSplitting: { groups: [{ name: 'runtime', test: (id: string) => isSharedRuntimeModule(id, sitesDir, shared) }] },
        },
      },
    },
  };
}
