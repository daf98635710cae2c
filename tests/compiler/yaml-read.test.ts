import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../generator/index.ts';
import { parseYaml, readPlainYaml } from '../../generator/load/source-file.ts';

/**
 * Content files are read quickly (generator/load/source-file.ts, `readPlainYaml`) where that gives
 * exactly what the yaml package, the authority, gives; every other text is left to it. A
 * difference here would build a site from other data than the diagnostics describe.
 */
const authority = (text: string) => {
  const doc = parseYaml(text);
  return doc.errors.length > 0 ? 'error' : doc.toJS({ maxAliasCount: 100 });
};

/** Every YAML and JSON file under a folder. */
function contentFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ya?ml$|\.json$/.test(file))
    .map((file) => path.join(dir, file));
}

// Plain scalars the YAML 1.1 and 1.2 schemas, and js-yaml's own, read differently.
const SCALARS = [
  '',
  '~',
  'null',
  'Null',
  'NULL',
  'nULL',
  'true',
  'True',
  'TRUE',
  'tRUE',
  'false',
  'yes',
  'no',
  'on',
  'off',
  'y',
  'n',
  '0',
  '00',
  '017',
  '0o17',
  '0o8',
  '0x1F',
  '0xG',
  '0b101',
  '1_000',
  '1__0',
  '_1',
  '+12',
  '-12',
  '-0',
  '+0',
  '9007199254740993',
  '123456789012345678901234567890',
  '1.0',
  '1.10',
  '10.00',
  '.5',
  '5.',
  '+.5',
  '-.5',
  '-0.0',
  '+0.5e+3',
  '1e3',
  '1E3',
  '1e',
  'e3',
  '1.5e-3',
  '1e400',
  '-1e400',
  '4.9e-325',
  '.inf',
  '-.Inf',
  '+.INF',
  '.nan',
  '.NaN',
  'NaN',
  'inf',
  'Infinity',
  '+1_0.5',
  '2026-11-22',
  '2026-11-22T12:00:00Z',
  '12:30',
  '1:30:00',
  '0.1.2',
  '1,000',
  '$1,299',
  '"1"',
  "'true'",
  '"quoted"',
  "'it''s'",
  '"\\u00e9\\x41"',
  '"tab\\there"',
  '"\\/"',
  '"\\N"',
  '"\\_"',
  'é',
  '😀',
  '"\\U0001F600"',
  "''",
  '""',
  'a #c',
  'a#b',
  '=',
  '<<',
  '|\n  block\n',
  '|-\n  strip\n',
  '|+\n  keep\n\n',
  '>\n  folded\n  text\n',
  '>-\n  a\n\n  b\n',
  '[1, 2]',
  '{a: 1}',
  '!!str 12',
  '!!int "12"',
  '!!float 1',
  '!!null x',
  '!!binary aGk=',
  '!!timestamp 2026-01-01',
  '&a 1',
  '- x',
  'a: b',
];

// Documents: keys of every kind, anchors and aliases, merge keys, several documents, duplicates, broken text.
const DOCUMENTS = [
  'a: 1\nb: [x, y]\nc: {d: e}\n',
  '1: one\n2.5: two\ntrue: yes\nnull: nothing\n',
  '? [a, b]\n: c\n',
  '? {a: 1}\n: c\n',
  '[a]: x\n',
  '- [a]: x\n',
  'x: {[a]: b}\n',
  'x: {? a : b}\n',
  '? a\n: b\n',
  '"null": x\n',
  '~: x\n',
  ': x\n',
  'a:\n  NULL: b\n',
  'a: &x {b: 1}\nc: *x\n',
  'base: &b {x: 1}\nuse:\n  <<: *b\n  y: 2\n',
  'a: 1\na: 2\n',
  '---\na: 1\n---\nb: 2\n',
  '- a\n- - b\n  - c\n- {d: [e, {f: g}]}\n',
  'a: "unterminated\n',
  'a:\n\t- tab\n',
  'a: [1, 2\n',
  'key: value with: colon\n',
  'text: >\n  one\n  two\n\n  three\n',
  '# only a comment\n',
  'a: 1 # comment\nb: "#not"\n',
  '{"json": [1, 2.5, "x", null, true]}',
  'a: !custom x\n',
  'emoji: "\\u263A"\n',
];

describe('reading content YAML quickly', () => {
  it.each([...SCALARS.map((scalar) => `value: ${scalar}\n`), ...DOCUMENTS])(
    'reads %j as the yaml package does, or leaves it to it',
    (text) => {
      const quick = readPlainYaml(text);
      if (quick) expect(quick.data).toEqual(authority(text));
    },
  );

  it('reads every file of the content and of the test fixtures quickly, with the same data as the yaml package', () => {
    const files = [
      ...contentFiles(path.join(PACKAGE_ROOT, 'content')),
      ...contentFiles(path.join(PACKAGE_ROOT, 'tests', 'fixtures', 'content')),
    ];
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const expected = authority(text);
      const quick = readPlainYaml(text);
      if (expected === 'error') expect(quick, file).toBeUndefined();
      else {
        expect(quick, file).toBeDefined();
        expect(quick!.data, file).toEqual(expected);
      }
    }
  });

  it('leaves to the yaml package what it reads as an error, a tag, an alias or a value JSON cannot hold', () => {
    for (const text of [
      'a: 1\na: 2\n',
      '---\na: 1\n---\nb: 2\n',
      'a: [1, 2\n',
      'a: !!int "1"\n',
      'a: &x [1]\nb: *x\n',
      'a: .inf\n',
      'a: -0\n',
    ])
      expect(readPlainYaml(text), text).toBeUndefined();
  });
});
