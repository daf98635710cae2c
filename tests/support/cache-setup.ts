import { rm } from 'node:fs/promises';

/** Removes the run's build cache (vitest.config.ts) once every test of the run has ended. */
export default function setup() {
  return async () => {
    const dir = process.env.BUILD_REGION_CACHE_DIR;
    if (dir?.includes('robot-sites-test-cache-')) await rm(dir, { recursive: true, force: true });
  };
}
