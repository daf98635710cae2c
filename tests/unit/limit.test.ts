import { describe, expect, it } from 'vitest';
import { keepAtMost } from '../../core/limit.ts';

// core/limit.ts `keepAtMost`: the bounded maps of parsed documents, git logs and stills.
describe('a map kept to a size', () => {
  it('drops the oldest entry set, never holds more than its size, and gives back the value kept', () => {
    const map = new Map<string, number>();
    for (const [i, key] of ['a', 'b', 'c'].entries()) expect(keepAtMost(map, 2, key, i)).toBe(i);
    expect([...map]).toEqual([
      ['b', 1],
      ['c', 2],
    ]);
    // Set again, a key is the newest: the other goes first.
    keepAtMost(map, 2, 'b', 10);
    keepAtMost(map, 2, 'd', 3);
    expect([...map]).toEqual([
      ['b', 10],
      ['d', 3],
    ]);
  });
});
