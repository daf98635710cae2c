/** A hash of the package's sources, its lock file and the Node version (see launch.js); `root` defaults to this package. */
export function sourceKey(root?: string): string;
/** The folder of the commands' bundle for a version of the sources (`key`) and a place of the package (`root`). */
export function bundleDir(key?: string, root?: string): string;
/** The module of a command, from its precompiled bundle. */
export function load(command: 'build-region' | 'serve-regions' | 'preview'): Promise<Record<string, unknown>>;
/** How many bundles of a place are kept besides the newest (and any made in the last hour). */
export const KEPT_BUNDLES: number;
/** Removes the older bundles of the place `dir` is for (see launch.js); `now` defaults to the clock. */
export function sweepBundles(dir: string, now?: number): void;
