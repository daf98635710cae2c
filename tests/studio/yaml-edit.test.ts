import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyData, YamlEditError } from '../../studio/server/yaml-edit.ts';

/**
 * Saving a studio form (studio/server/yaml-edit.ts) must change only the lines whose values
 * changed: a maintainer reviewing `git diff` after a price change sees that price, not a file
 * re-formatted around it. Every case also reads the saved text back: it must be the form's data.
 */
const content = fileURLToPath(new URL('../../content/', import.meta.url));
const contentFiles = readdirSync(content, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => file.split(path.sep).join('/'))
  .sort();
const scratch = mkdtempSync(path.join(os.tmpdir(), 'yaml-edit-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Parsed YAML, of whatever shape a test reaches into.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = any;

/** The file's text saved with the data `change` makes of it, checked to read back as that data. */
function save(text: string, change: (data: Data) => void): string {
  const data = parse(text);
  change(data);
  const saved = applyData(text, data);
  expect(parse(saved)).toEqual(JSON.parse(JSON.stringify(data)));
  return saved;
}

/** The lines git takes out and puts in between two texts (an independent judge of "one line changed"). */
function gitDiff(before: string, after: string): { removed: string[]; added: string[] } {
  const [a, b] = [path.join(scratch, 'before.yaml'), path.join(scratch, 'after.yaml')];
  writeFileSync(a, before);
  writeFileSync(b, after);
  const diff = spawnSync('git', ['diff', '--no-index', '--no-color', '--no-ext-diff', '--unified=0', a, b], { encoding: 'utf8' });
  expect(diff.status, diff.stderr).toBe(before === after ? 0 : 1);
  // The lines after the first hunk header, less the other hunk headers: no file header is left.
  const lines = diff.stdout.split('\n');
  const body = lines.slice(lines.findIndex((line) => line.startsWith('@@')) + 1).filter((line) => !line.startsWith('@@'));
  return {
    removed: body.filter((line) => line.startsWith('-')).map((line) => line.slice(1)),
    added: body.filter((line) => line.startsWith('+')).map((line) => line.slice(1)),
  };
}

const commentLines = (text: string) => text.split('\n').filter((line) => line.trimStart().startsWith('#'));

describe('applyData on the content', () => {
  it('finds the content files', () => {
    expect(contentFiles.length).toBeGreaterThan(50);
    expect(contentFiles).toContain('regions/de/products.yaml');
  });

  it.each(contentFiles)('gives %s back byte for byte when nothing changed', (file) => {
    const text = readFileSync(path.join(content, file), 'utf8');
    expect(applyData(text, parse(text))).toBe(text);
  });

  it('changes one line, and keeps every comment, for one new price', () => {
    const text = readFileSync(path.join(content, 'regions/de/products.yaml'), 'utf8');
    const saved = save(text, (data) => {
      data.products.miniRobot.price = 199;
    });
    const { removed, added } = gitDiff(text, saved);
    expect(removed).toHaveLength(1);
    expect(added).toEqual([removed[0]?.replace(/price: \d+$/, 'price: 199')]);
    expect(commentLines(saved)).toEqual(commentLines(text));
    expect(commentLines(text).length).toBeGreaterThan(3);
  });

  it('rewraps a folded description only from the changed line on', () => {
    const text = readFileSync(path.join(content, 'stages.yaml'), 'utf8');
    const saved = save(text, (data) => {
      const [name, stage] = Object.entries(data.stages as Record<string, { description: string }>)[0] ?? [];
      expect(name).toBeDefined();
      if (stage) stage.description = stage.description.replace(/\.$/, '!');
    });
    const { removed, added } = gitDiff(text, saved);
    expect([removed.length, added.length]).toEqual([1, 1]);
    expect(added[0]).toBe(removed[0]?.replace(/\.$/, '!'));
  });
});

describe('applyData on the shapes of YAML', () => {
  const text = [
    '# Robots on show.',
    'robots:',
    '  # the small one',
    '  mini:',
    "    name: 'Mini'  # single quotes",
    '    price: 1.0',
    '    tags: [small, "yellow"]',
    '    drawing: small-robot  # the art',
    '  big:',
    '    name: "Big"',
    '    price: 2',
    'defaults: &defaults',
    '  stock: 50',
    'override: *defaults',
    'order:',
    '  - mini',
    '  - big',
    '',
  ].join('\n');

  it('appends a new key at the end of its map and leaves the rest alone', () => {
    const saved = save(text, (data) => {
      data.robots.mini.stock = 10;
    });
    expect(gitDiff(text, saved)).toEqual({ removed: [], added: ['    stock: 10'] });
    expect(saved.indexOf('    stock: 10')).toBeGreaterThan(saved.indexOf('tags:'));
  });

  /** The data with one key renamed where it stands, as the form renames a map's entry. */
  const renamed = (map: Data, from: string, to: string) =>
    Object.fromEntries(Object.entries(map).map(([key, value]) => [key === from ? to : key, value]));

  it("renames a map's key on its own line: the entry keeps its place, its comment and every byte of its value", () => {
    const saved = save(text, (data) => {
      data.robots = renamed(data.robots, 'mini', 'pocket');
    });
    expect(gitDiff(text, saved)).toEqual({ removed: ['  mini:'], added: ['  pocket:'] });
    expect(saved.indexOf('  # the small one\n  pocket:')).toBeGreaterThan(-1);
    // Named back, the file is as it was.
    expect(save(saved, (data) => void (data.robots = renamed(data.robots, 'pocket', 'mini')))).toBe(text);
  });

  it('renames a quoted key with its quotes, quotes a new key that needs them, and still edits the value', () => {
    const quoted = ['labels:', '  "fr": Bonjour  # French', "  'de': Hallo", ''].join('\n');
    const saved = save(quoted, (data) => {
      data.labels = renamed(data.labels, 'fr', 'fr-CA');
      data.labels['fr-CA'] = 'Allô';
    });
    expect(saved).toBe(['labels:', '  "fr-CA": Allô  # French', "  'de': Hallo", ''].join('\n'));
    expect(save(quoted, (data) => void (data.labels = renamed(data.labels, 'de', 'yes')))).toBe(
      ['labels:', '  "fr": Bonjour  # French', "  'yes': Hallo", ''].join('\n'),
    );
    const plain = ['labels:', '  fr: Bonjour', ''].join('\n');
    expect(save(plain, (data) => void (data.labels = renamed(data.labels, 'fr', 'true')))).toBe(
      ['labels:', '  "true": Bonjour', ''].join('\n'),
    );
  });

  it('deletes a key with its own comment line', () => {
    const saved = save(text, (data) => {
      delete data.robots.mini;
    });
    expect(saved).not.toContain('# the small one');
    expect(gitDiff(text, saved).added).toEqual([]);
    expect(saved).toContain('# Robots on show.');
  });

  it('treats an undefined property as absent and null as null', () => {
    const saved = save(text, (data) => {
      data.robots.big.price = undefined;
      data.robots.big.name = null;
    });
    expect(gitDiff(text, saved)).toEqual({ removed: ['    name: "Big"', '    price: 2'], added: ['    name: null'] });
  });

  it('appends a sequence item, in block and in flow style', () => {
    const saved = save(text, (data) => {
      data.order.push('giant');
      data.robots.mini.tags.push('new');
    });
    expect(gitDiff(text, saved)).toEqual({
      removed: ['    tags: [small, "yellow"]'],
      added: ['    tags: [small, "yellow", new]', '  - giant'],
    });
  });

  it('removes surplus sequence items from the end', () => {
    const saved = save(text, (data) => {
      data.order.pop();
    });
    expect(gitDiff(text, saved)).toEqual({ removed: ['  - big'], added: [] });
  });

  it('keeps the quotes, the comment and the number format of what it rewrites', () => {
    const saved = save(text, (data) => {
      data.robots.mini.name = 'Mini 2';
      data.robots.big.name = 'Big 2';
      data.robots.mini.tags[1] = 'blue';
    });
    expect(gitDiff(text, saved)).toEqual({
      removed: ["    name: 'Mini'  # single quotes", '    tags: [small, "yellow"]', '    name: "Big"'],
      added: ["    name: 'Mini 2'  # single quotes", '    tags: [small, "blue"]', '    name: "Big 2"'],
    });
    expect(saved).toContain('    price: 1.0\n');
  });

  it('quotes a new string where plain YAML would read it otherwise, and unquotes a number', () => {
    const saved = save(text, (data) => {
      data.order[0] = 'key: value # not a comment';
      data.robots.big.name = 3;
    });
    expect(gitDiff(text, saved).added).toEqual(['    name: 3', '  - "key: value # not a comment"']);
  });

  it('leaves an anchor and its alias alone, and writes the value out when they part', () => {
    const untouched = save(text, (data) => {
      data.robots.big.price = 3;
    });
    expect(untouched).toContain('defaults: &defaults\n  stock: 50\noverride: *defaults\n');
    const parted = save(text, (data) => {
      data.override = { stock: 60 };
    });
    expect(gitDiff(text, parted)).toEqual({ removed: ['override: *defaults'], added: ['override:', '  stock: 60'] });
  });

  it('replaces a value of another kind and keeps its key', () => {
    const saved = save(text, (data) => {
      data.robots.big.price = { eur: 2, usd: 3 };
      data.order = [];
    });
    expect(gitDiff(text, saved)).toEqual({
      removed: ['    price: 2', 'order:', '  - mini', '  - big'],
      added: ['    price:', '      eur: 2', '      usd: 3', 'order: []'],
    });
  });

  it('moves a trailing comment to the header of a value that becomes a block', () => {
    const saved = save(text, (data) => {
      data.robots.mini.drawing = 'line one\nline two\n';
    });
    expect(saved).toContain('    drawing: |  # the art\n      line one\n      line two\n  big:');
  });

  it('keeps Windows line breaks', () => {
    const crlf = text.replaceAll('\n', '\r\n');
    const saved = save(crlf, (data) => {
      data.robots.big.stock = 1;
    });
    expect(saved.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('throws YamlEditError for a text that does not parse', () => {
    expect(() => applyData('robots: [mini\nbig: {', {})).toThrow(YamlEditError);
    expect(() => applyData('a: 1\na: 2\n', { a: 1 })).toThrow(YamlEditError);
  });
});
