import type { InlineConfig } from 'vite';
import { PACKAGE_ROOT } from '../paths.ts';

/**
 * Vite's build with the project's configuration; Vite and its React plugin load on the first
 * build that is not cached. Always a production build: Vite and the React plugin take the mode
 * from NODE_ENV when it is set, so `NODE_ENV=test` or `development` in a CI job (or a test
 * runner) would ship React's development build (twice the size) and JSX for its dev runtime.
 * NODE_ENV is `production` while Vite reads its configuration, then as it was.
 */
export async function viteBuild(config: InlineConfig): Promise<void> {
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      envFile: false,
      root: PACKAGE_ROOT,
      logLevel: 'silent',
      publicDir: false,
      mode: 'production',
      ...config,
      plugins: [react(), ...(config.plugins ?? [])],
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
