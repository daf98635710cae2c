import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileContent, createCompileMemory } from '../../generator/index.ts';
import type { CompileMemory } from '../../generator/index.ts';
import { copyFixtureContent } from '../support/content.ts';

// A compile memory (the live preview's and the studio's) skips reading a file whose size,
// times and inode are those of the last read, and parsing one whose text is the last load's
// (generator/load `readContentSources`): an edit on disk must still be seen at the next
// compile, whatever its size, and a file added or removed as well.

let work: string;
let content: string;
let memory: CompileMemory;
const NOW = Date.parse('2026-11-27T12:00:00Z');
const PRODUCTS = 'regions/us/products.yaml';

const compile = () => compileContent({ content, cwd: work, now: NOW, memory });
const priceOf = async (key: string) => (await compile()).model.regions.find((r) => r.data.code === 'us')!.data.products[key]?.price;

beforeAll(async () => {
  ({ work, content } = await copyFixtureContent());
  memory = createCompileMemory();
});

afterAll(() => rm(work, { recursive: true, force: true }));

describe('a compile memory', () => {
  it('sees an edit on disk of the same size as the text it replaces, at once', async () => {
    const before = await priceOf('miniRobot');
    const file = path.join(content, PRODUCTS);
    const text = await readFile(file, 'utf8');
    const line = text.split('\n').find((l) => l.includes(`price: ${before}`))!;
    // One digit changed: the file keeps its size.
    const changed = String(before).replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    await writeFile(file, text.replace(line, line.replace(String(before), changed)));
    expect((await readFile(file, 'utf8')).length).toBe(text.length);
    expect(await priceOf('miniRobot')).toBe(Number(changed));
    // The same compile again: the same answer, from the memory.
    expect(await priceOf('miniRobot')).toBe(Number(changed));
  });

  it('sees a file removed, then the same file back', async () => {
    const file = path.join(content, 'pages/faq/en.yaml');
    const text = await readFile(file, 'utf8');
    await rm(file);
    const without = await compile();
    expect(without.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    await writeFile(file, text);
    const back = await compile();
    expect(back.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
