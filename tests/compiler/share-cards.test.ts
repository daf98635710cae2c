import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { renderSvg } from '../../generator/art/raster.ts';
import { shareCardSvg, SHARE_CARD } from '../../generator/art/share-cards.ts';
import { TITLE_AREA } from '../../generator/art/share-card-title.ts';
import { readHead } from '../support/html-head.ts';

/**
 * Share cards' titles (issue 46, point 6; docs/market.md, "Share cards"): drawn by the real
 * renderer (sharp, librsvg and the machine's fonts), a card's title ends inside its text area,
 * left of the drawing, in every locale, and every character of it is drawn and seen.
 */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The SVG's pixels, as the cards are drawn (at their size), with an alpha channel. */
async function pixels(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 }).ensureAlpha().raw().toBuffer();
}

/** The box of the card's pixels that `isInk` picks (by their offset), or undefined for none. */
function boxOf(isInk: (at: number) => boolean): Box | undefined {
  let box: Box | undefined;
  for (let y = 0; y < SHARE_CARD.height; y++) {
    for (let x = 0; x < SHARE_CARD.width; x++) {
      if (!isInk((y * SHARE_CARD.width + x) * 4)) continue;
      box = {
        left: Math.min(box?.left ?? x, x),
        right: Math.max(box?.right ?? 0, x + 1),
        top: Math.min(box?.top ?? y, y),
        bottom: y + 1,
      };
    }
  }
  return box;
}

const TITLE = /<text[^>]*class="title">[^<]*<\/text>/g;
const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/**
 * What a card draws of its title: its lines' text, the box of its ink drawn alone (on a
 * transparent ground), and the box of the pixels it changes in the whole card, under the drawing.
 */
async function drawnTitle(svg: string) {
  const texts = svg.match(TITLE) ?? [];
  const lines = texts.map((text) => unescape(text.replace(/<[^>]*>/g, '')));
  const alone = await pixels(`${/^<svg[^>]*>/.exec(svg)![0]}${/<defs>.*?<\/defs>/.exec(svg)![0]}${texts.join('')}</svg>`);
  const ink = boxOf((at) => alone[at + 3]! > 0);
  const [card, without] = await Promise.all([pixels(svg), pixels(svg.replace(TITLE, ''))]);
  const seen = boxOf((at) => card.readUInt32BE(at) !== without.readUInt32BE(at));
  return { lines, ink, seen };
}

/** Expects the card's title in the text area, every character of `title` drawn and none hidden. */
async function expectFittedTitle(svg: string, title: string) {
  const { lines, ink, seen } = await drawnTitle(svg);
  // Every character is drawn, in order (a break drops a space and may add a hyphen).
  expect(lines.join('').replace(/[\s-]/g, ''), title).toBe(title.replace(/[\s-]/g, ''));
  expect(ink, title).toBeDefined();
  expect(ink!.right, `"${title}" ends at x=${ink!.right}, right of the text area (${TITLE_AREA.right})`).toBeLessThanOrEqual(
    TITLE_AREA.right,
  );
  expect(ink!.left, title).toBeGreaterThanOrEqual(TITLE_AREA.left - 8);
  expect(ink!.top, title).toBeGreaterThanOrEqual(TITLE_AREA.top);
  expect(ink!.bottom, title).toBeLessThanOrEqual(TITLE_AREA.bottom);
  // Nothing of it is under the drawing: all of its ink is seen in the card (a pixel's faintest
  // edge may blend into the ground).
  for (const side of ['left', 'right', 'top', 'bottom'] as const)
    expect(Math.abs(seen![side] - ink![side]), `${title}: ${side}`).toBeLessThanOrEqual(2);
}

interface BuiltCard {
  /** The card's JPEG in the build. */
  file: string;
  title: string;
  brand: string;
  /** The product's drawing the build put beside the card, if it is a product's. */
  art?: string;
}

/** Every HTML page under `dir`. */
async function htmlPages(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => path.join(e.parentPath, e.name));
}

/**
 * The share cards of the build, read from its pages as a crawler reads them: a product page's
 * card has the product's name (its structured data) and the brand, the others the brand and host.
 */
async function builtCards(distDir: string): Promise<BuiltCard[]> {
  const cards = new Map<string, BuiltCard>();
  for (const page of await htmlPages(distDir)) {
    const head = readHead(await readFile(page, 'utf8'));
    const image = head.properties.get('og:image')?.[0];
    const brand = head.properties.get('og:site_name')?.[0];
    if (!image || !brand) continue;
    const url = new URL(image);
    const file = path.join(distDir, url.pathname);
    if (cards.has(file)) continue;
    const product = head.jsonLd.map((text) => JSON.parse(text) as { '@type': string; name: string }).find((d) => d['@type'] === 'Product');
    if (product) cards.set(file, { file, title: product.name, brand, art: await readFile(file.replace(/\.jpg$/, '.svg'), 'utf8') });
    else if (url.pathname.endsWith('/share.jpg')) cards.set(file, { file, title: brand, brand: url.host });
  }
  return [...cards.values()];
}

// A drawing of the build, for the made-up titles.
const aDrawing = async (distDir: string) => readFile(path.join(distDir, 'jp', 'images', 'miniRobot.svg'), 'utf8');

describe('share card titles', () => {
  it("fit the text area in every region's built cards, whole and left of the drawing", async () => {
    const distDir = inject('distDir');
    const cards = await builtCards(distDir);
    // Eight regions' own cards and their products' (jp's brand is the reported "Axlebot ロボティクス").
    expect(cards.filter((card) => !card.art)).toHaveLength(8);
    expect(cards.map((card) => card.title)).toContain('Axlebot ロボティクス');
    expect(cards.filter((card) => card.art).length).toBeGreaterThan(8);
    // Each distinct card once (the regions share most, as the build renders them).
    const svgs = new Map<string, BuiltCard[]>();
    for (const card of cards) {
      const svg = shareCardSvg({ title: card.title, brand: card.brand, art: card.art ?? (await aDrawing(distDir)) });
      svgs.set(svg, [...(svgs.get(svg) ?? []), card]);
    }
    for (const [svg, same] of svgs) {
      await expectFittedTitle(svg, same[0]!.title);
      // A product's card in the build is the one measured here (the site cards' drawing is a stand-in).
      if (!same[0]!.art) continue;
      const jpeg = await renderSvg({ svg, density: 72, format: 'jpeg' });
      for (const card of same) expect(jpeg.equals(await readFile(card.file)), card.file).toBe(true);
    }
  });

  it.each([
    ['the reported brand', 'Axlebot ロボティクス'],
    ['a long German compound', 'Ferngesteuerter Hochgeschwindigkeitsverwandlungsroboter mit Sprachsteuerung'],
    ['a long CJK title', '自分で変形するプログラミングロボット・スペシャルエディション（限定版）ゴールド'],
    ['a long Korean title', '스스로 변신하는 프로그래밍 로봇 스페셜 에디션 한정판 골드 컬렉션'],
    ['a 40-character word', 'Supercalifragilisticexpialidociousrobots'],
    ['40 of the widest letter', 'W'.repeat(40)],
    ['a title of many words', Array.from({ length: 30 }, (_, i) => `Robot${i}`).join(' ')],
  ])('fit the text area with %s', async (_, title) => {
    await expectFittedTitle(shareCardSvg({ title, brand: 'Axlebot', art: await aDrawing(inject('distDir')) }), title);
  });

  it('draw the short title of a product large, on one line', async () => {
    const { lines, ink } = await drawnTitle(shareCardSvg({ title: 'Mini Robot', brand: 'Axlebot', art: '<svg></svg>' }));
    expect(lines).toEqual(['Mini Robot']);
    // Its capitals as tall as 64 px type makes them.
    expect(ink!.bottom - ink!.top).toBeGreaterThanOrEqual(45);
  });

  it('draw a brand too long for the line smaller, left of the drawing', async () => {
    const brand = 'Axlebot Robotics Japan 株式会社 オンラインストア公式サイト';
    const svg = shareCardSvg({ title: 'Mini Robot', brand, art: '<svg></svg>' });
    const alone = await pixels(svg.replace(TITLE, '').replace(/<rect[^>]*>|<path[^>]*>/g, ''));
    expect(boxOf((at) => alone[at + 3]! > 0)!.right).toBeLessThanOrEqual(TITLE_AREA.right);
  });
});
