/**
 * What `--check` knows about a piece of source art without drawing it: whether it is
 * well-formed XML with an `<svg>` root (the rasteriser, librsvg through sharp, refuses anything
 * else), the size it is drawn at, and whether the build's images of it fit the rasteriser's
 * limits. One linear pass over the text; the build renders only art that passed.
 */

import { IMAGE_SCALES } from '../../core/image-urls.ts';
import { Malformed, parseSvg, range } from './svg-parse.ts';
import type { Parsed } from './svg-parse.ts';

/** A problem of a drawing, at the position in its file where it shows. */
export interface ArtProblem {
  readonly code: 'E0227' | 'E0228';
  readonly problem: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** The size, in CSS pixels at 72 dpi, at which the rasteriser draws an SVG before it is resized. */
export interface ArtSize {
  readonly width: number;
  readonly height: number;
}

/** Width in CSS pixels at which an image is shown by default: its `small` variant. */
export const SMALL_WIDTH = 480;
/** The widest image the build makes of a drawing (its largest variant), in pixels. */
const LARGEST_WIDTH = SMALL_WIDTH * Math.max(...Object.values(IMAGE_SCALES));
/** Sharp's default `limitInputPixels`: a drawing rasterised past this many pixels is refused. */
export const PIXEL_LIMIT = 0x3fff * 0x3fff;
/** The largest side of a webp image (and so of every variant the build makes). */
export const SIDE_LIMIT = 16383;
/** The densities (dpi) sharp accepts for an SVG. */
const DENSITY = { min: 1, max: 100_000 } as const;

/** CSS pixels per unit at 72 dpi, as the rasteriser converts absolute lengths. */
const UNITS: Record<string, number> = { '': 1, px: 1, pt: 1, pc: 12, in: 72, cm: 72 / 2.54, mm: 7.2 / 2.54 };

/** A length attribute in pixels: undefined when absent or a percentage (the viewBox decides). */
function length(value: string | undefined, attribute: string): number | undefined | { problem: string } {
  if (value === undefined) return undefined;
  const match = /^\s*([+]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|pt|pc|in|cm|mm|%|)\s*$/i.exec(value);
  if (!match)
    return { problem: `${attribute}="${value}" is not a length the build can size (use pixels, or leave it out and keep the viewBox)` };
  if (match[2] === '%') return undefined;
  return Number(match[1]) * UNITS[match[2]!.toLowerCase()]!;
}

/**
 * The size the rasteriser draws at from the root's attributes: width and height (absolute
 * units), a missing one from the viewBox's proportions, else the viewBox's size. Undefined when
 * nothing gives a size.
 */
function sizeOf(attributes: ReadonlyMap<string, string>): ArtSize | undefined | { problem: string } {
  const box = /^\s*[-+\d.e]+[\s,]+[-+\d.e]+[\s,]+([+\d.e]+)[\s,]+([+\d.e]+)\s*$/i.exec(attributes.get('viewBox') ?? '');
  const boxWidth = Number(box?.[1]);
  const boxHeight = Number(box?.[2]);
  const hasBox = boxWidth > 0 && boxHeight > 0;
  const width = length(attributes.get('width'), 'width');
  const height = length(attributes.get('height'), 'height');
  if (typeof width === 'object') return width;
  if (typeof height === 'object') return height;
  if (width !== undefined && height !== undefined) return width > 0 && height > 0 ? { width, height } : undefined;
  if (!hasBox) return undefined;
  if (width !== undefined) return width > 0 ? { width, height: (width * boxHeight) / boxWidth } : undefined;
  if (height !== undefined) return height > 0 ? { width: (height * boxWidth) / boxHeight, height } : undefined;
  return { width: boxWidth, height: boxHeight };
}

/** The density at which a drawing of this size is rasterised to be `width` pixels wide (never scaled up). */
export function densityFor(size: Pick<ArtSize, 'width'>, width: number): number {
  return Math.max(DENSITY.min, Math.ceil((72 * width) / size.width));
}

/** What is wrong with drawing art of this size at the build's largest width, if anything. */
function limitProblem(size: ArtSize): string | undefined {
  const tall = Math.round((LARGEST_WIDTH * size.height) / size.width);
  if (tall > SIDE_LIMIT) return `its ${LARGEST_WIDTH} px wide image would be ${tall} px tall; the limit is ${SIDE_LIMIT} px a side`;
  if (Math.round((SMALL_WIDTH * size.height) / size.width) < 1) return `its ${SMALL_WIDTH} px wide image would be under a pixel tall`;
  const density = Math.ceil((72 * LARGEST_WIDTH) / size.width);
  if (density > DENSITY.max)
    return `it is ${size.width} px wide: too small to draw ${LARGEST_WIDTH} px wide (at least ${Math.ceil(((72 * LARGEST_WIDTH) / DENSITY.max) * 100) / 100} px)`;
  const scale = densityFor(size, LARGEST_WIDTH) / 72;
  const pixels = Math.ceil(size.width * scale) * Math.ceil(size.height * scale);
  if (pixels > PIXEL_LIMIT) return `drawn ${LARGEST_WIDTH} px wide it has ${pixels} pixels; the limit is ${PIXEL_LIMIT}`;
  return undefined;
}

/** What `inspectArt` finds: the drawn size of sound art, and every problem of the rest. */
export interface ArtInspection {
  /** Undefined when the art has no size or cannot be drawn. */
  readonly size?: ArtSize;
  /** Where the `<svg>` of sound art that gives no size (no viewBox, no width and height) is. */
  readonly unsized?: { line: number; column: number; endLine: number; endColumn: number };
  readonly problems: readonly ArtProblem[];
}

/** Parses a drawing once and says whether the build can draw it, and at what size. */
export function inspectArt(text: string): ArtInspection {
  let parsed: Parsed;
  try {
    parsed = parseSvg(text);
  } catch (error) {
    if (!(error instanceof Malformed)) throw error;
    return { problems: [{ code: 'E0227', problem: error.problem, ...range(text, error.index, error.length) }] };
  }
  const at = range(text, parsed.index, '<svg'.length);
  const size = sizeOf(parsed.attributes);
  if (size && 'problem' in size) return { problems: [{ code: 'E0228', problem: size.problem, ...at }] };
  if (!size) return { unsized: at, problems: [] };
  const problem = limitProblem(size);
  return problem ? { problems: [{ code: 'E0228', problem, ...at }] } : { size, problems: [] };
}
