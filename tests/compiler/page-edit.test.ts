import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { compileContent, compileOverlay, PACKAGE_ROOT, pageTextEdit } from '../../generator/index.ts';
import type { CompileResult } from '../../generator/index.ts';
import { textUnits } from '../../generator/translations/index.ts';

/**
 * The live preview shows an edit of a page's texts before the whole content is compiled again
 * (generator/compile.ts `pageTextEdit`): what it shows must be what the whole compile makes of the
 * same edit, in every region that shows the page, or a maintainer would see one text and then
 * another. Any other edit is left to the whole compile.
 */
const content = path.join(PACKAGE_ROOT, 'content');
const now = Date.parse('2026-11-22T12:00:00+08:00');
const base = await compileContent({ content, cwd: PACKAGE_ROOT, now });
const at = { root: content, cwd: PACKAGE_ROOT };

/** The file with every text changed, at the same length (the keywords' list too), through the YAML document: comments and layout kept. */
async function everyTextChanged(id: string): Promise<string> {
  const text = await readFile(path.join(content, id), 'utf8');
  const doc = parseDocument(text);
  for (const unit of textUnits('page', doc.toJS()).values()) {
    if (unit.path.at(-1) === 'featured') continue;
    if (unit.path.length === 1 && unit.path[0] === 'keywords') {
      const keywords = doc.getIn(['keywords']) as { items: unknown[] };
      keywords.items.forEach((_, index) => doc.setIn(['keywords', index], `changed keyword ${index}`));
    } else doc.setIn(unit.path, unit.text.length > 1 ? `✎${unit.text.slice(1)}` : `${unit.text}✎`);
  }
  return doc.toString();
}

/** The content of every route the file's text goes into, by region and path. */
function routesOf(compiled: CompileResult, id: string) {
  const key = id.replace(/\.yaml$/, '');
  return Object.fromEntries(
    compiled.model.regions.flatMap((region) =>
      region.data.routes
        .filter((route) => region.texts.get(route.path)?.key === key)
        .map((route) => [`${region.data.code} ${route.path}`, route.content]),
    ),
  );
}

describe('an edit of a page file that changes only its texts', () => {
  it.each([
    'pages/flagship-bumblebee/en.yaml', // a product page: specs, gallery, sections
    'pages/flagship-bumblebee/ja.yaml', // its translation
    'pages/home/us.yaml', // a home page: its line-up and featured product stay
    'pages/faq/en.yaml', // questions and answers
    'pages/privacy-policy/en.yaml', // a legal template shown in several regions
  ])('gives %s the content the whole compile gives it, in every region that shows it', async (id) => {
    const text = await everyTextChanged(id);
    const quick = pageTextEdit(base, at, id, text);
    const whole = await compileOverlay({ content, cwd: PACKAGE_ROOT, now }, new Map([[id, text]]));
    expect(whole.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const expected = routesOf(whole, id);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    // The regions the edit touches, each with every route as the whole compile has it.
    const shown = Object.fromEntries(
      (quick ?? []).flatMap((region) =>
        region.data.routes
          .filter((route) => region.texts.get(route.path)?.key === id.replace(/\.yaml$/, ''))
          .map((route) => [`${region.data.code} ${route.path}`, route.content]),
      ),
    );
    expect(shown).toEqual(expected);
    expect(JSON.stringify(shown)).toContain('✎');
  });
});

describe('any other edit of a page file is left to the whole compile', () => {
  const id = 'pages/home/us.yaml';
  const edit = async (change: (doc: ReturnType<typeof parseDocument>) => void) => {
    const doc = parseDocument(await readFile(path.join(content, id), 'utf8'));
    change(doc);
    return pageTextEdit(base, at, id, doc.toString());
  };

  it('a product of the line-up, the featured product, a section added', async () => {
    await expect(edit((doc) => doc.setIn(['lineup', 0], 'miniRobot'))).resolves.toBeUndefined();
    await expect(edit((doc) => doc.setIn(['featured'], 'miniRobot'))).resolves.toBeUndefined();
    await expect(
      edit((doc) => (doc.getIn(['sections']) as { items: unknown[] }).items.push(doc.createNode({ heading: 'New' }))),
    ).resolves.toBeUndefined();
  });

  it('a text its schema refuses, a file that does not parse, a file that is no page', async () => {
    await expect(edit((doc) => doc.setIn(['heading'], ''))).resolves.toBeUndefined();
    expect(pageTextEdit(base, at, id, 'heading: [unclosed\n')).toBeUndefined();
    expect(pageTextEdit(base, at, 'regions/us/region.yaml', 'code: us\n')).toBeUndefined();
  });
});
