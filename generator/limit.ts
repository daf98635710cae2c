import os from 'node:os';

/** How many CPU-heavy tasks run at once: one per core the machine gives this process. */
export const CORES = Math.max(1, os.availableParallelism());

/**
 * Runs `task` on every item with at most `limit` at a time; resolves with the results in the
 * items' order. Every task ends before a failure is passed on, so none is left running.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index]!, index);
      } catch (error) {
        failures.push(error);
        next = items.length; // start nothing new
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  if (failures.length) throw failures[0];
  return results;
}
