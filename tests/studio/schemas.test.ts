import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { compileOverlay, PACKAGE_ROOT } from '../../generator/index.ts';
import { pathAt } from '../../studio/server/positions.ts';
import { formSchema } from '../../studio/server/schemas.ts';

// The forms' schemas (studio/server/schemas.ts) say what the compiler's schemas say: every
// content file is valid against its form's schema, a broken one is not; their widgets are marked.

const CONTENT = path.join(PACKAGE_ROOT, 'content');
const KINDS: [RegExp, string][] = [
  [/^regions\/[^/]+\/products\.yaml$/, 'products'],
  [/^regions\/[^/]+\/region\.yaml$/, 'region'],
  [/^messages\/[^/]+\.yaml$/, 'messages'],
  [/^pages\/.+\.yaml$/, 'page'],
  [/^stages\.yaml$/, 'stages'],
  [/^constants\.yaml$/, 'constants'],
  [/^glossary\.yaml$/, 'glossary'],
];
const files = readdirSync(CONTENT, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => file.endsWith('.yaml'))
  .sort();

describe("the forms' schemas", () => {
  it.each(files)('take %s as the compiler does', (file) => {
    const kind = KINDS.find(([test]) => test.test(file))?.[1];
    expect(kind, file).toBeDefined();
    const ajv = new Ajv({ allErrors: true, strict: false });
    const data = parse(readFileSync(path.join(CONTENT, file), 'utf8'));
    expect(ajv.validate(formSchema(kind!), data), JSON.stringify(ajv.errors?.slice(0, 3))).toBe(true);
  });

  it('refuse what the compiler refuses, and mark prices, instants, links and product keys for their widgets', () => {
    const schema = formSchema('products');
    const ajv = new Ajv({ strict: false });
    const data = parse(readFileSync(path.join(CONTENT, 'regions/de/products.yaml'), 'utf8')) as {
      products: Record<string, Record<string, unknown>>;
    };
    data.products.miniRobot!.price = -1;
    expect(ajv.validate(schema, data)).toBe(false);
    const text = JSON.stringify(schema);
    for (const kind of ['studio:price', 'studio:instant', 'studio:link', 'studio:productKey']) expect(text).toContain(kind);
    expect(text).not.toContain('common.schema.json');
  });

  it("mark a stages list's instants for the timeline, and a gallery picture's art for the art picker", () => {
    type Node = { $comment?: string; items?: unknown; properties: Record<string, Node> };
    type Schema = { definitions: Record<string, Node> };
    for (const kind of ['stages', 'region']) {
      const { definitions } = formSchema(kind) as Schema;
      const list = definitions['common-stagesList']!;
      expect(list.properties.instants!.$comment, kind).toBe('studio:stages');
      // Each instant keeps its own widget.
      expect(list.properties.instants!.items).toEqual({ $ref: '#/definitions/common-instant' });
      expect(definitions['common-instant']!.$comment).toBe('studio:instant');
    }
    const page = formSchema('page') as { properties: { gallery: { items: { properties: Record<string, { $comment?: string }> } } } };
    const picture = page.properties.gallery.items.properties;
    expect(picture.image!.$comment).toBe('studio:art');
    expect(picture.alt!.$comment).toBeUndefined();
    // Only the gallery's image is art: no other kind of file has the mark.
    for (const kind of ['products', 'region', 'stages', 'messages', 'constants'])
      expect(JSON.stringify(formSchema(kind)), kind).not.toContain('studio:art');
  });

  it("find a diagnostic's field from its line and column", () => {
    const text = 'products:\n  miniRobot:\n    name: "Mini"\n    price: 189\n  other:\n    tags: [a, b]\n';
    expect(pathAt(text, 4, 12)).toEqual(['products', 'miniRobot', 'price']);
    expect(pathAt(text, 4, 5)).toEqual(['products', 'miniRobot', 'price']);
    expect(pathAt(text, 6, 15)).toEqual(['products', 'other', 'tags', 1]);
    expect(pathAt(text, 99, 1)).toBeUndefined();
  });

  it("find a diagnostic's field below a quoted text of several lines (lines counted as the compiler counts them)", async () => {
    const text = 'products:\n  miniRobot:\n    name: "Mini,\n      small"\n    price: 18x\n';
    const compiled = await compileOverlay(
      { content: 'content', now: Date.parse('2026-11-30T00:00:00Z') },
      new Map([['regions/us/products.yaml', text]]),
    );
    const price = compiled.diagnostics.find((d) => d.file.endsWith('regions/us/products.yaml') && d.line === 5);
    expect(price, JSON.stringify(compiled.diagnostics.map((d) => [d.code, d.line]))).toBeDefined();
    expect(pathAt(text, price!.line, price!.column)).toEqual(['products', 'miniRobot', 'price']);
  });
});
