/**
 * Runs at most `size` tasks at a time, the others waiting in order: password hashes on the
 * emulated back ends (server/backends/secrets.ts), images rendered by the build
 * (generator/art/images.ts). A finished task hands its place straight to the next in line.
 */
export function createLimiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * Keeps `value` under `key` in a map that holds at most `size` entries, the oldest set dropped
 * first: the yaml documents a compile parsed last (generator/load/source-file.ts), the git logs
 * of commits (generator/history/git.ts), the live preview's stills (preview/dev/still.ts).
 */
export function keepAtMost<K, V>(map: Map<K, V>, size: number, key: K, value: V): V {
  map.delete(key);
  while (map.size >= size) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}
