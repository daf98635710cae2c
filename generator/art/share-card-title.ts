/**
 * The title of a share card, fitted to its text area (docs/market.md, "Share cards"): wrapped and,
 * when it must, drawn smaller, never cut and never under the drawing. Widths are estimated from
 * the fonts' own advances: DejaVu Sans Bold's table (share-card-font.ts) for European scripts, a
 * full em for CJK (the fallback font draws every ideograph, kana and Hangul syllable 1 em wide).
 */
import { ADVANCE_ROWS, UNITS_PER_EM } from './share-card-font.ts';

/** Where a title may be drawn: right of the card's margin, left of the drawing (at x=700) by a margin. */
export const TITLE_AREA = { left: 72, right: 652, top: 60, bottom: 484 } as const;

/** The space between baselines, in ems. */
export const LEADING = 1.15;

// How far the ink reaches above and below a line's baseline, in ems (accented capitals, CJK).
const ASCENT = 0.95;
const DESCENT = 0.25;

const ADVANCES = new Map<number, number>(
  ADVANCE_ROWS.flatMap(([row, cells]) =>
    cells.split(' ').flatMap((cell, i) => (cell === '-' ? [] : [[row + i, Number(cell) / UNITS_PER_EM] as const])),
  ),
);

// East Asian wide characters: CJK punctuation, kana, ideographs, Hangul, full-width forms.
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
const HALF_WIDTH = /[\uff61-\uffdc\uffe8-\uffee]/u;
// A character the table does not know and that is not CJK: drawn by some fallback font, at most
// this wide (DejaVu's widest letters, W and Æ, are 1.1 em).
const UNKNOWN = 1.2;

/** Width of a character in ems. */
function advance(char: string): number {
  const known = ADVANCES.get(char.codePointAt(0)!);
  if (known !== undefined) return known;
  if (WIDE.test(char)) return 1;
  if (HALF_WIDTH.test(char)) return 0.5;
  return UNKNOWN;
}

/** The estimated width of a line of the title font, in ems (no kerning: it only narrows a line). */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += advance(char);
  return width;
}

/** How a title may break: at spaces only, also between CJK characters, also inside a long word (with a hyphen). */
type Breaks = 'spaces' | 'cjk' | 'words';

// A CJK character never starts a line when it closes something or is a small kana or the long
// vowel mark (kinsoku shori), and an opening bracket never ends one.
const NO_START = /^[、。，．・：；？！ー～ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ）」』】〕〉》〟’”\uff09\uff3d\uff5d]/u;
const NO_END = /[（「『【〔〈《〝‘“\uff08\uff3b\uff5b]$/u;
const isWide = (char: string) => WIDE.test(char);

/** Pieces of a word between which a line may break (after a hyphen; between CJK characters). */
function pieces(word: string, breaks: Breaks): string[] {
  const out: string[] = [];
  let piece = '';
  let last = '';
  for (const char of word) {
    const breakable =
      piece !== '' &&
      (last === '-' || (breaks !== 'spaces' && (isWide(last) || isWide(char)) && !NO_START.test(char) && !NO_END.test(last)));
    if (breakable) {
      out.push(piece);
      piece = '';
    }
    piece += char;
    last = char;
  }
  return piece ? [...out, piece] : out;
}

/** A word wider than a line, in lines of at most `max` ems, each but the last ending in a hyphen (none after CJK). */
function hyphenate(word: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  let last = '';
  for (const char of word) {
    const mark = line && !isWide(last) ? '-' : '';
    if (line && width + advance(char) + textWidth(mark) > max) {
      lines.push(line + mark);
      line = '';
      width = 0;
    }
    line += char;
    width += advance(char);
    last = char;
  }
  return [...lines, line];
}

/** The title in lines of at most `max` ems, breaking as `breaks` allows; undefined when a piece is wider. */
function wrap(title: string, max: number, breaks: Breaks): string[] | undefined {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    let gap = ' ';
    for (const piece of pieces(word, breaks)) {
      const joined = line && `${line}${gap}${piece}`;
      gap = '';
      if (joined && textWidth(joined) <= max) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      line = piece;
      if (textWidth(line) <= max) continue;
      if (breaks !== 'words') return undefined;
      const parts = hyphenate(line, max);
      lines.push(...parts.slice(0, -1));
      line = parts.at(-1)!;
    }
  }
  return line ? [...lines, line] : lines;
}

/** How many lines of `size` px fit the area's height. */
function linesThatFit(size: number): number {
  const height = TITLE_AREA.bottom - TITLE_AREA.top;
  return Math.floor((height - (ASCENT + DESCENT) * size) / (LEADING * size)) + 1;
}

// The title's sizes, largest first, with the lines each may take (a title in more lines is drawn
// smaller): first breaking at spaces only, then between CJK characters too, then inside a word.
const STEPS: readonly { breaks: Breaks; sizes: readonly (readonly [number, number])[] }[] = [
  {
    breaks: 'spaces',
    sizes: [
      [64, 2],
      [56, 3],
      [48, 4],
    ],
  },
  {
    breaks: 'cjk',
    sizes: [
      [64, 2],
      [56, 3],
      [48, 4],
      [40, 4],
    ],
  },
  {
    breaks: 'words',
    sizes: [
      [64, 2],
      [56, 3],
      [48, 4],
      [40, 4],
    ],
  },
];

/** A title laid out: its lines, their font size and the first line's baseline (px). */
export interface TitleLayout {
  readonly lines: readonly string[];
  readonly size: number;
  readonly top: number;
}

function place(lines: string[], size: number): TitleLayout {
  // The block of lines, ink to ink, in the middle of the area.
  const block = (lines.length - 1) * LEADING * size + (ASCENT + DESCENT) * size;
  const top = (TITLE_AREA.top + TITLE_AREA.bottom - block) / 2 + ASCENT * size;
  return { lines, size, top: Math.round(top) };
}

/**
 * Fits a title to the card's text area: the largest size whose lines fit, breaking at spaces
 * first, then between CJK characters, then inside a word too long for a line; a title that fits
 * none of those is drawn smaller until it fits, in as many lines as the area holds.
 */
export function fitTitle(title: string): TitleLayout {
  const width = TITLE_AREA.right - TITLE_AREA.left;
  for (const { breaks, sizes } of STEPS) {
    for (const [size, most] of sizes) {
      const lines = wrap(title, width / size, breaks);
      if (lines && lines.length <= Math.min(most, linesThatFit(size))) return place(lines, size);
    }
  }
  for (let size = 36; ; size = Math.floor(size * 0.9)) {
    const lines = wrap(title, width / size, 'words')!;
    if (lines.length <= linesThatFit(size) || size <= 4) return place(lines, size);
  }
}

/** The size (px, at most `size`) at which a one-line text is at most `width` px wide. */
export function fitLine(text: string, size: number, width: number): number {
  return Math.min(size, Math.floor((width / Math.max(textWidth(text), 1e-9)) * 10) / 10);
}
