/** A hash of the package's sources, its lock file and the Node version (see launch.js); `root` defaults to this package. */
export function sourceKey(root?: string): string;
/** The module of a command, from its precompiled bundle. */
export function load(command: 'build-region' | 'serve-regions' | 'preview'): Promise<Record<string, unknown>>;
