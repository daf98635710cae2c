import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderSvg } from '../../generator/art/raster.ts';
import { ArtRenderError, drawable, drawableArt, readSourceArt, renderImages } from '../../generator/art/images.ts';
import { PACKAGE_ROOT } from '../../generator/index.ts';
import { densityFor, inspectArt } from '../../generator/art/svg.ts';

/**
 * `--check` inspects source art without drawing it (issue 18, item 10): what it passes, the
 * renderer draws; what it refuses, the renderer would have refused (or drawn wrong).
 */
const work = await mkdtemp(path.join(os.tmpdir(), 'robot-sites-art-'));
afterAll(() => rm(work, { recursive: true, force: true }));

const svg = (body = '', attributes = 'viewBox="0 0 640 480"') => `<svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${body}</svg>`;

/** Drawings the renderer refuses: what `--check` says, and where (the first place the marker is). */
const REFUSED: [string, string, string, string][] = [
  ['no closing tag', svg('<rect width="1" height="1"/>').replace('</svg>', ''), '<svg', 'E0227 <svg> is never closed'],
  ['an undefined entity', svg('<title>Robots&nbsp;go</title>'), '&nbsp;', "E0227 undefined entity '&nbsp;'"],
  ['a tag closed out of order', svg('<g><text>a</g></text>'), '</g>', 'E0227 </g> where <text> (line 1) should close first'],
  ['an attribute without quotes', svg('<rect width=10 height="1"/>'), '10 ', "E0227 the value of attribute 'width' is not in quotes"],
  ['a bare ampersand', svg('<title>Bolts & nuts</title>'), '& ', "E0227 a '&' that starts no entity"],
  ['a character reference to no character', svg('<text>&#0;</text>'), '&#0;', "E0227 '&#0;' names no character XML allows"],
  ['a control character', svg('<text>\u0001</text>'), '\u0001', 'E0227 the character U+0001'],
  [
    'an undeclared namespace prefix',
    svg('<use xlink:href="#a"/>'),
    'xlink:href',
    "E0227 the namespace prefix 'xlink' of xlink:href is not declared",
  ],
  ['an attribute given twice', svg('<rect x="1" x="2"/>'), 'x="2"', "E0227 attribute 'x' appears twice in <rect>"],
  ['text after the drawing', `${svg()}and more`, 'and more', 'E0227 text after the closing </svg>'],
  ['a root that is not svg', '<html><body/></html>', '<html', 'E0227 the root element is <html>, not <svg>'],
  ['a viewBox past the pixel limit', svg('', 'viewBox="0 0 1 480"'), '<svg', 'E0228 its 960 px wide image would be 460800 px tall'],
  [
    'a drawing too small to scale up',
    svg('', 'width="0.5" height="0.5"'),
    '<svg',
    'E0228 it is 0.5 px wide: too small to draw 960 px wide',
  ],
];

/** Drawings the renderer draws, with the size `--check` gives them. */
const DRAWN: [string, string, { width: number; height: number }][] = [
  ['a viewBox', svg(), { width: 640, height: 480 }],
  ['width and height beside the viewBox', svg('', 'viewBox="0 0 64 48" width="640" height="480"'), { width: 640, height: 480 }],
  ['a width alone, with the viewBox giving the proportions', svg('', 'viewBox="0 0 64 48" width="320"'), { width: 320, height: 240 }],
  ['sizes in percent (the viewBox decides)', svg('', 'viewBox="0 0 640 480" width="100%" height="100%"'), { width: 640, height: 480 }],
  ['sizes in centimetres', svg('', 'viewBox="0 0 10 5" width="10cm" height="5cm"'), { width: 7200 / 25.4, height: 3600 / 25.4 }],
  [
    'a declared entity, an XML declaration, a comment and CDATA',
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY brand "Bots">]><!-- art -->${svg('<style><![CDATA[rect { fill: red }]]></style><title>&brand; &amp; &#160;friends</title>')}`,
    { width: 640, height: 480 },
  ],
  [
    'a declared xlink prefix',
    svg('<use xlink:href="#a"/>', 'xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 640 480"'),
    { width: 640, height: 480 },
  ],
  ['a tall drawing within the limits', svg('', 'viewBox="0 0 1 17"'), { width: 1, height: 17 }],
];

const render = (text: string, size: { width: number }) =>
  renderSvg({ svg: text, density: densityFor(size, 960), width: 960, format: 'webp' });

describe('source art at --check', () => {
  it.each(REFUSED)('refuses %s at its position, and the renderer refuses it too', async (_name, text, marker, expected) => {
    const { problems, size } = inspectArt(text);
    expect(size).toBeUndefined();
    expect(problems).toHaveLength(1);
    const [{ line, column, code, problem }] = problems as [(typeof problems)[number]];
    expect(`${line}:${column} ${code} ${problem}`).toContain(`1:${text.indexOf(marker) + 1} ${expected}`);
    // Drawn as the build would draw it: at the density its stated width asks for.
    const width = Number(/(?:viewBox="0 0 |width=")([\d.]+)/.exec(text)?.[1] ?? 640);
    await expect(render(text, { width })).rejects.toThrow();
  });

  it.each(DRAWN)('passes %s, which the renderer draws 960 px wide', async (_name, text, expected) => {
    const { problems, size } = inspectArt(text);
    expect(problems).toEqual([]);
    expect(size!.width).toBeCloseTo(expected.width, 6);
    expect(size!.height).toBeCloseTo(expected.height, 6);
    const image = await render(text, size!);
    expect(image.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('passes every drawing of the content', async () => {
    const art = await readSourceArt(path.join(PACKAGE_ROOT, 'content'));
    expect(art.length).toBeGreaterThan(0);
    for (const item of art) expect(inspectArt(item.text), item.id).toEqual({ size: { width: 640, height: 480 }, problems: [] });
    expect(drawableArt(art)).toHaveLength(art.length);
  });

  it('a drawing the renderer refuses anyway is an ArtRenderError naming it, and no image of it is left', async () => {
    const good = drawableArt([{ name: 'good', id: 'assets/good.svg', text: svg('<rect width="640" height="480"/>') }]);
    // Not inspected: what the renderer says when the check would have let it through.
    const bad = drawable({ name: 'bad', id: 'assets/bad.svg', text: svg('<title>&nbsp;</title>') }, { width: 640, height: 480 });
    const out = path.join(work, 'images');
    const failure = await renderImages([...good, bad], out).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ArtRenderError);
    expect((failure as ArtRenderError).art.id).toBe('assets/bad.svg');
    expect((failure as ArtRenderError).reason).toMatch(/Entity 'nbsp' not defined/);
    const written = await readdir(path.join(out, 'static', 'img')).catch(() => [] as string[]);
    expect(written.filter((file) => file.startsWith('bad.'))).toEqual([]);
  });
});
