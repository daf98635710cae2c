/** A hash of the package's sources, its lock file and the Node version (see source-key.js); `root` defaults to this package. */
export function sourceKey(root?: string): string;
