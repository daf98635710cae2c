import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  buildRegions,
  compileLoaded,
  listFiles,
  hasErrors,
  parseContent,
  readContentSources,
  PACKAGE_ROOT,
} from '../../generator/index.ts';
import type { ContentSource } from '../../generator/index.ts';
import { readSourceArt } from '../../generator/art/images.ts';

const contentRoot = path.join(PACKAGE_ROOT, 'content');
const sources = await readContentSources(contentRoot);
const art = await readSourceArt(contentRoot);
/** Content parsed from text in memory, with the source art of the real content folder. */
const parse = (mutated: readonly ContentSource[], withCache = true) => ({
  ...parseContent(contentRoot, mutated, PACKAGE_ROOT, withCache ? cache : undefined),
  art,
});
const NOW = Date.parse('2026-11-22T12:00:00+08:00');
/** Unchanged files are parsed and validated once across all runs (the dev server does the same). */
const cache = new Map<string, import('../../generator/load/index.ts').LoadedFile>();

/** Random junk a maintainer (or a bad merge) could leave in a YAML value. */
const junk = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    '',
    '~',
    'null',
    '[]',
    '{}',
    '-1',
    '1e400',
    '99999999999999999999',
    'true',
    '"',
    "'",
    ':',
    '- x',
    '&a',
    '*a',
    '!!binary x',
    '2025-02-30T10:00:00+08:00',
    '2025-10-25T15:00:00',
    '/nowhere',
    'https://',
    '#zzz',
    '\t',
    '💥'.repeat(50),
  ),
  fc.integer().map(String),
  fc.double().map(String),
);

type Mutation =
  | { kind: 'delete-line'; file: number; line: number }
  | { kind: 'replace-value'; file: number; line: number; value: string }
  | { kind: 'rename-key'; file: number; line: number; extra: string }
  | { kind: 'insert'; file: number; at: number; text: string }
  | { kind: 'duplicate-line'; file: number; line: number }
  | { kind: 'delete-file'; file: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('replace-value' as const), file: fc.nat(), line: fc.nat(), value: junk }),
  fc.record({ kind: fc.constant('rename-key' as const), file: fc.nat(), line: fc.nat(), extra: fc.string({ minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('insert' as const), file: fc.nat(), at: fc.nat(), text: junk }),
  fc.record({ kind: fc.constant('duplicate-line' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('delete-file' as const), file: fc.nat() }),
);

function applyMutations(base: readonly ContentSource[], mutations: readonly Mutation[]): ContentSource[] {
  let files = base.map((s) => ({ ...s }));
  for (const m of mutations) {
    if (files.length === 0) break;
    const index = m.file % files.length;
    const file = files[index]!;
    const lines = file.text.split('\n');
    switch (m.kind) {
      case 'delete-file':
        files = files.filter((_, i) => i !== index);
        continue;
      case 'delete-line':
        lines.splice(m.line % lines.length, 1);
        break;
      case 'duplicate-line': {
        const at = m.line % lines.length;
        lines.splice(at, 0, lines[at]!);
        break;
      }
      case 'replace-value': {
        const at = m.line % lines.length;
        lines[at] = lines[at]!.replace(/:\s.*$/, `: ${m.value}`);
        break;
      }
      case 'rename-key': {
        const at = m.line % lines.length;
        lines[at] = lines[at]!.replace(/^(\s*-?\s*)([A-Za-z][\w-]*)(?=:)/, `$1$2${m.extra}`);
        break;
      }
      case 'insert': {
        const text = file.text;
        const at = m.at % (text.length + 1);
        file.text = text.slice(0, at) + m.text + text.slice(at);
        continue;
      }
    }
    file.text = lines.join('\n');
  }
  return files;
}

/** Random cases per property in `npm test` (the suite's time budget), 800 in CI (.ci/run); PROPERTY_RUNS=5000 for a longer hunt, PROPERTY_SEED to replay one. */
const PROPERTY_RUNS = 150;

describe('the compiler on randomly broken content', () => {
  it('never throws, and every diagnostic points at a line and column that exist', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (mutations) => {
        const mutated = applyMutations(sources, mutations);
        const content = parse(mutated);
        const result = compileLoaded(content, NOW);
        const texts = new Map(mutated.map((s) => [`content/${s.id}`, s.text]));
        for (const d of result.diagnostics) {
          expect(d.message.length).toBeGreaterThan(0);
          const text = texts.get(d.file);
          if (text === undefined) {
            // Only a missing file may be named without existing, at its first line.
            expect(d.code).toBe('E0207');
            expect([d.line, d.column]).toEqual([1, 1]);
            continue;
          }
          const lines = text.split(/\r?\n/);
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.line).toBeLessThanOrEqual(lines.length);
          expect(d.column).toBeGreaterThanOrEqual(1);
          expect(d.column).toBeLessThanOrEqual(lines[d.line - 1]!.length + 1);
        }
      }),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? PROPERTY_RUNS),
        seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined,
      },
    );
    // A thousand compiles of the whole content: about 12 s on an idle 2-core machine, far more
    // while the browser tests run beside it.
  });

  it('points inside the line for a quote left open across lines (a case the random runs found)', () => {
    const index = sources.findIndex((s) => s.id === 'regions/cn/products.yaml');
    const mutated = applyMutations(sources, [{ kind: 'insert', file: index, at: 0, text: '"' }]);
    const result = compileLoaded(parse(mutated, false), NOW);
    const text = mutated[index]!.text.split('\n');
    const errors = result.diagnostics.filter((d) => d.file === 'content/regions/cn/products.yaml');
    expect(errors.length).toBeGreaterThan(0);
    for (const d of errors) expect(d.column, `${d.line}:${d.column} ${d.message}`).toBeLessThanOrEqual(text[d.line - 1]!.length + 1);
  });

  it('writes nothing, neither dist/ nor the generated modules, when the content has errors', async () => {
    const work = await import('node:fs/promises').then((fs) => fs.mkdtemp(path.join(os.tmpdir(), 'robot-sites-property-')));
    try {
      const out = path.join(work, 'dist');
      const sites = path.join(work, 'sites');
      await mkdir(out, { recursive: true });
      await writeFile(path.join(out, 'index.html'), 'previous build');
      await fc.assert(
        fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 2 }), async (mutations) => {
          const mutated = applyMutations(sources, mutations);
          if (!hasErrors(compileLoaded(parse(mutated), NOW).diagnostics)) return; // a harmless mutation builds; not this test's business
          const content = path.join(work, 'content');
          await rm(content, { recursive: true, force: true });
          for (const file of mutated) {
            await mkdir(path.dirname(path.join(content, file.id)), { recursive: true });
            await writeFile(path.join(content, file.id), file.text);
          }
          const result = await buildRegions({ content, out, sites, now: NOW });
          expect(result.ok).toBe(false);
          expect(await listFiles(out)).toEqual(['index.html']);
          expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('previous build');
          expect(await listFiles(sites)).toEqual([]);
        }),
        { numRuns: 25 },
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('gives exactly one error, on its line, for a typo in any key of any file', () => {
    // Every key of a fixed vocabulary (schema properties), every message key and every locale
    // of the glossary's forms. Names that maintainers choose freely (stages lists, products, back
    // ends, glossary terms) are not typos of anything: renaming one is reported where it is used.
    // The glossary advises and never stops a build: its typo is one warning (W0406), not an error.
    const keys: { file: number; line: number; offset: number; code?: string }[] = [];
    sources.forEach((source, file) => {
      const doc = parseDocument(source.text);
      const visit = (node: Node | null, path: string[]) => {
        if (isMap(node)) {
          for (const pair of node.items) {
            if (!isPair(pair) || !isScalar(pair.key)) continue;
            const name = String(pair.key.value);
            const value = pair.value as Node | null;
            const parent = path.at(-1);
            const freeName =
              (parent === 'stages' && !source.id.startsWith('pages/')) ||
              (parent === 'products' && source.id.endsWith('/products.yaml')) ||
              (parent === 'backends' && source.id === 'constants.yaml') ||
              (parent === 'terms' && source.id === 'glossary.yaml') ||
              // A translation's sources file is the tools' record, keyed by the texts it fingerprints.
              (parent === 'texts' && source.id.endsWith('.sources.json'));
            const messageGroup = source.id.startsWith('messages/') && isMap(value);
            if (!freeName && !messageGroup) {
              const offset = pair.key.range![0];
              const code = source.id === 'glossary.yaml' && parent === 'translations' ? 'W0406' : undefined;
              keys.push({ file, line: source.text.slice(0, offset).split('\n').length, offset, ...(code && { code }) });
            }
            visit(value, [...path, name]);
          }
        } else if (isSeq(node)) {
          node.items.forEach((item, i) => visit(item as Node, [...path, String(i)]));
        }
      };
      visit(doc.contents as Node | null, []);
    });
    fc.assert(
      fc.property(fc.nat(keys.length - 1), (index) => {
        const key = keys[index]!;
        const mutated = sources.map((s, i) =>
          i === key.file ? { ...s, text: `${s.text.slice(0, key.offset + 1)}q${s.text.slice(key.offset + 1)}` } : s,
        );
        const result = compileLoaded(parse(mutated), NOW);
        const errors = result.diagnostics.filter((d) => d.severity === 'error');
        const found = key.code ? result.diagnostics.filter((d) => d.code === key.code) : errors;
        if (key.code) expect(errors).toEqual([]);
        expect(found.map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`)).toHaveLength(1);
        expect(found[0]!.file).toBe(`content/${sources[key.file]!.id}`);
        expect(found[0]!.line).toBe(key.line);
      }),
      // Every glossary locale every run (a handful among thousands of keys), then random ones.
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? PROPERTY_RUNS) / 2,
        examples: keys.flatMap((key, i) => (key.code ? [[i] as [number]] : [])),
      },
    );
  });
});
