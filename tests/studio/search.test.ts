/**
 * The studio's search (studio/server/search.ts), asked what a content maintainer asks of the real
 * content folder: every price of a product, where a label appears, and the small rules around
 * them (case, the limit, an empty query, a broken file, the order of the hits).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { searchContent, type SearchFile, type SearchHit } from '../../studio/server/search.ts';

const CONTENT_ROOT = fileURLToPath(new URL('../../content/', import.meta.url));

/** Every .yaml file of the content folder, its id relative to the folder with forward slashes. */
function readContent(root: string): SearchFile[] {
  const files: SearchFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.yaml')) {
        files.push({ id: path.relative(root, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(root);
  return files;
}

const CONTENT = readContent(CONTENT_ROOT);

/** Code-unit order, as the hits are sorted. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether `a` comes before `b` (or at the same place) in the order the search promises. */
const isInOrder = (a: SearchHit, b: SearchHit) =>
  compareText(a.id, b.id) < 0 || (a.id === b.id && (a.line - b.line || a.column - b.column) <= 0);

/**
 * The price lines of the `miniRobot` entry of a products.yaml, found by reading the text line by
 * line (not with a YAML parser): the lines after `  miniRobot:` and before the next line indented
 * as little, whose key holds "price". Their 1-based line, the key's column, the key and the value.
 */
function miniRobotPriceLines(text: string): { line: number; column: number; key: string; value: string }[] {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => /^ {2}miniRobot:\s*$/.test(line));
  if (start < 0) return [];
  const found: { line: number; column: number; key: string; value: string }[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (indent <= 2) break;
    const match = /^(\s*)(\w*price\w*):\s*(\S+)\s*$/i.exec(line);
    if (match) found.push({ line: i + 1, column: match[1]!.length + 1, key: match[2]!, value: match[3]! });
  }
  return found;
}

/** The 1-based lines of a text that hold `phrase` (any case), full-line comments left out. */
function linesHolding(text: string, phrase: string): number[] {
  const lower = phrase.toLowerCase();
  return text.split(/\r?\n/).flatMap((line, i) => (!line.trimStart().startsWith('#') && line.toLowerCase().includes(lower) ? [i + 1] : []));
}

describe('searchContent over the content folder', () => {
  it('finds every price of miniRobot, at the line of its price, and nothing else', () => {
    const { hits, truncated } = searchContent(CONTENT, 'miniRobot price');
    const expected = CONTENT.filter((file) => /^regions\/[^/]+\/products\.yaml$/.test(file.id))
      .flatMap((file) => miniRobotPriceLines(file.text).map((at) => ({ id: file.id, ...at })))
      .sort((a, b) => compareText(a.id, b.id) || a.line - b.line);
    // Most regions sell the Mini Robot: a scan that found none would make this test prove nothing.
    expect(expected.length).toBeGreaterThanOrEqual(4);
    expect(truncated).toBe(false);
    expect(hits.map((hit) => ({ id: hit.id, line: hit.line, column: hit.column, value: hit.value }))).toEqual(
      expected.map(({ id, line, column, value }) => ({ id, line, column, value })),
    );
    expect(hits.map((hit) => hit.path)).toEqual(expected.map((at) => ['products', 'miniRobot', at.key]));
  });

  it('checks one price line against the text of us/products.yaml', () => {
    const file = CONTENT.find((f) => f.id === 'regions/us/products.yaml')!;
    const lines = file.text.split('\n');
    const miniRobot = lines.indexOf('  miniRobot:');
    const price = lines.findIndex((line, i) => i > miniRobot && /^\s+price:/.test(line));
    expect(miniRobot).toBeGreaterThanOrEqual(0);
    const hit = searchContent([file], 'miniRobot price').hits.find((h) => h.path.at(-1) === 'price');
    expect(hit).toMatchObject({ line: price + 1, column: lines[price]!.indexOf('price') + 1, value: lines[price]!.split(':')[1]!.trim() });
  });

  it('finds a label in exactly the files, and on the lines, that hold it', () => {
    // A label of messages/en-US.yaml that pages and other catalogues repeat, on one line each time.
    const phrase = 'Email address';
    const holding = CONTENT.map((file) => ({ id: file.id, lines: linesHolding(file.text, phrase) })).filter((f) => f.lines.length > 0);
    expect(holding.map((f) => f.id)).toContain('messages/en-US.yaml');
    expect(holding.length).toBeGreaterThanOrEqual(3);
    const { hits, truncated } = searchContent(CONTENT, phrase, 10_000);
    expect(truncated).toBe(false);
    expect([...new Set(hits.map((hit) => hit.id))]).toEqual(holding.map((f) => f.id).sort(compareText));
    for (const { id, lines } of holding) {
      const hitLines = hits.filter((hit) => hit.id === id).map((hit) => hit.line);
      expect(hitLines, id).toEqual(expect.arrayContaining(lines));
    }
  });

  it('ignores case and extra whitespace in the query', () => {
    const lower = searchContent(CONTENT, 'email address');
    expect(lower.hits.length).toBeGreaterThan(0);
    expect(searchContent(CONTENT, 'EMAIL ADDRESS')).toEqual(lower);
    expect(searchContent(CONTENT, '  Email \t  Address\n')).toEqual(lower);
  });

  it('returns the first hits up to the limit and says more were found', () => {
    const all = searchContent(CONTENT, 'price', 100_000);
    expect(all.truncated).toBe(false);
    expect(all.hits.length).toBeGreaterThan(20);
    expect(searchContent(CONTENT, 'price', 10)).toEqual({ hits: all.hits.slice(0, 10), truncated: true });
    expect(searchContent(CONTENT, 'price', all.hits.length)).toEqual({ hits: all.hits, truncated: false });
    expect(searchContent(CONTENT, 'price', 0)).toEqual({ hits: [], truncated: true });
  });

  it('sorts the hits by file (code-unit order), line and column, whatever the order of the files', () => {
    const { hits } = searchContent([...CONTENT].reverse(), 'price', 100_000);
    expect(new Set(hits.map((hit) => hit.id)).size).toBeGreaterThan(5);
    for (let i = 1; i < hits.length; i++) expect(isInOrder(hits[i - 1]!, hits[i]!), `${hits[i]!.id}:${hits[i]!.line}`).toBe(true);
  });
});

describe('searchContent rules', () => {
  it('finds nothing for an empty query', () => {
    expect(searchContent(CONTENT, '')).toEqual({ hits: [], truncated: false });
    expect(searchContent(CONTENT, ' \t\n ')).toEqual({ hits: [], truncated: false });
  });

  it('matches a phrase inside a value, and words in the value or the keys above it', () => {
    const file = { id: 'messages/x.yaml', text: 'product:\n  buy: Buy Now!\n  later: "Buy it later, now"\n  cart: Add\n' };
    expect(searchContent([file], 'buy now').hits.map((hit) => hit.value)).toEqual(['Buy Now!', 'Buy it later, now']);
    // "product" is only a key: every value under it matches, pointed at by its key's position.
    expect(searchContent([file], 'product add').hits).toEqual([
      { id: file.id, line: 4, column: 3, path: ['product', 'cart'], value: 'Add' },
    ]);
    // A value that holds every word is pointed at itself.
    expect(searchContent([file], 'buy').hits[0]).toMatchObject({ line: 2, column: 8, path: ['product', 'buy'] });
  });

  it('reports values, not keys or aliases, with numbers and booleans as written, and long values cut', () => {
    const long = 'x'.repeat(300);
    const text = [
      'base: &base',
      '  price: 10',
      'copy: *base',
      'merged:',
      '  <<: *base',
      '  price: 12',
      'flag: True',
      'hex: 0x1F',
      'priceTable:',
      '  low: 1.50',
      `long: "${long}"`,
      'name: "Caf\\u00e9 robot"',
    ].join('\n');
    const file = { id: 'a.yaml', text };
    const price = searchContent([file], 'price').hits;
    expect(price.map((hit) => [hit.line, hit.path, hit.value])).toEqual([
      [2, ['base', 'price'], '10'],
      [6, ['merged', 'price'], '12'],
      [10, ['priceTable', 'low'], '1.50'],
    ]);
    expect(searchContent([file], 'true').hits.map((hit) => hit.value)).toEqual(['True']);
    expect(searchContent([file], '0x1f').hits.map((hit) => hit.path)).toEqual([['hex']]);
    const [cut] = searchContent([file], 'long').hits;
    expect(cut?.value).toHaveLength(200);
    expect(cut?.value.endsWith('…')).toBe(true);
    // An escape in a double-quoted string is read as the value it writes.
    expect(searchContent([file], 'café').hits.map((hit) => hit.line)).toEqual([12]);
  });

  it('searches a file with a syntax error as far as it parses, without throwing', () => {
    const text = 'products:\n  a:\n    price: 10\n  b: [unclosed, 3\n  c:\n    price: 20\n';
    expect(parseDocument(text).errors.length).toBeGreaterThan(0);
    const broken = { id: 'regions/zz/products.yaml', text };
    const good = { id: 'regions/aa/products.yaml', text: 'products:\n  a:\n    price: 5\n' };
    const { hits } = searchContent([broken, good], 'price');
    expect(hits.map((hit) => [hit.id, hit.line, hit.value])).toEqual([
      ['regions/aa/products.yaml', 3, '5'],
      ['regions/zz/products.yaml', 3, '10'],
      ['regions/zz/products.yaml', 6, '20'],
    ]);
  });

  it('orders files by code unit, not by locale, and hits on one line by column', () => {
    const ids = ['b.yaml', 'é.yaml', 'a/x.yaml', 'B.yaml', 'a.yaml'];
    const files = ids.map((id) => ({ id, text: 'range: { lowPrice: 1, highPrice: 2 }\n' }));
    const { hits } = searchContent(files, 'price');
    expect(hits.map((hit) => `${hit.id}:${hit.line}:${hit.column}`)).toEqual(
      ['B.yaml', 'a.yaml', 'a/x.yaml', 'b.yaml', 'é.yaml'].flatMap((id) => [`${id}:1:10`, `${id}:1:23`]),
    );
  });

  it('caps the hits at 200 by default', () => {
    const text = Array.from({ length: 250 }, (_, i) => `p${i}: price ${i}`).join('\n');
    const { hits, truncated } = searchContent([{ id: 'many.yaml', text }], 'price');
    expect(hits).toHaveLength(200);
    expect(truncated).toBe(true);
    expect(hits.at(-1)?.line).toBe(200);
  });
});
