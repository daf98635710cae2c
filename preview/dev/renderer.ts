import path from 'node:path';
import type { ViteDevServer } from 'vite';
import type { ServerRenderer } from '../../generator/index.ts';
import type { PageRenderer } from './middleware.ts';

/**
 * What renders the preview's pages: the build's server renderer from its cache (runtime/server.tsx
 * built: one module, loaded at once) while the runtime's sources are as it was built from; from
 * the first change of a file outside the content (and the generated modules) on, the sources
 * themselves through Vite's SSR, so that an edit of the runtime shows at once.
 */
export function pageRenderer(
  vite: ViteDevServer,
  cached: Promise<ServerRenderer | undefined>,
  notRuntime: readonly string[],
): () => Promise<PageRenderer> {
  let changed = false;
  const fromSources = () => vite.ssrLoadModule('/runtime/server.tsx') as Promise<PageRenderer>;
  vite.watcher.on('change', (file) => {
    if (changed || notRuntime.some((dir) => path.resolve(file).startsWith(dir + path.sep))) return;
    changed = true;
    void fromSources().catch(() => undefined);
  });
  // Without a built renderer, the runtime's server modules load while the browser comes.
  void cached.then((built) => built ?? fromSources()).catch(() => undefined);
  return async () => (!changed && (await cached)) || fromSources();
}
