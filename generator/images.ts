import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compareStrings } from './diagnostics.ts';
import type { ImageAsset } from '../core/model.ts';
import { IMAGE_BASE, IMAGE_SCALES } from '../core/image-urls.ts';
import type { ImageFormat, ImageScale } from '../core/image-urls.ts';

/** One piece of source art: `content/assets/<name>.svg`. */
export interface SourceArt {
  /** File name without `.svg`: what page content names. */
  name: string;
  /** Path relative to the content folder: `assets/robot.svg`. */
  id: string;
  text: string;
}

/** Width in CSS pixels at which an image is shown by default: its `small` variant. */
export const SMALL_WIDTH = 480;

/** Reads every `assets/*.svg` of the content folder, sorted by name; none when there is no folder. */
export async function readSourceArt(contentRoot: string): Promise<SourceArt[]> {
  const dir = path.join(contentRoot, 'assets');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.svg')).sort(compareStrings);
  return Promise.all(names.map(async (file) => ({ name: file.slice(0, -4), id: `assets/${file}`, text: await readFile(path.join(dir, file), 'utf8') })));
}

/** The drawing's own size, from its viewBox (or width and height); undefined when it has none. */
export function artSize(text: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/.exec(text)?.[0];
  if (!root) return undefined;
  const box = /\bviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/.exec(root);
  const width = Number(box?.[1] ?? /\bwidth\s*=\s*["']([\d.]+)(px)?["']/.exec(root)?.[1]);
  const height = Number(box?.[2] ?? /\bheight\s*=\s*["']([\d.]+)(px)?["']/.exec(root)?.[1]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/**
 * Where the build puts a drawing and the size it is shown at: the address carries a hash of the
 * source, so a changed drawing gets a new address and caches never serve the old one.
 */
export function imageAsset(art: SourceArt): ImageAsset | undefined {
  const size = artSize(art.text);
  if (!size) return undefined;
  const hash = createHash('sha256').update(art.text).digest('hex').slice(0, 10);
  return { src: `${IMAGE_BASE}/${art.name}.${hash}`, width: SMALL_WIDTH, height: Math.round((SMALL_WIDTH * size.height) / size.width) };
}

/**
 * Renders each drawing into its four files under `<outDir>/static/img/`: webp and png, at the
 * small width and at twice it. Returns the written paths relative to `outDir`, sorted.
 */
export async function renderImages(art: readonly SourceArt[], outDir: string): Promise<string[]> {
  const written: string[] = [];
  for (const item of art) {
    const asset = imageAsset(item);
    if (!asset) continue;
    for (const scale of Object.keys(IMAGE_SCALES) as ImageScale[]) {
      for (const format of ['webp', 'png'] as const) {
        const file = path.join(outDir, `${asset.src}.${scale}.${format}`);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, await renderVariant(item, scale, format));
        written.push(path.relative(outDir, file).split(path.sep).join('/'));
      }
    }
  }
  return written.sort(compareStrings);
}

/** One variant of a drawing: rasterised at the target width itself, not scaled up from a small raster. */
export async function renderVariant(art: SourceArt, scale: ImageScale, format: ImageFormat): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const asset = imageAsset(art)!;
  const size = artSize(art.text)!;
  const width = asset.width * IMAGE_SCALES[scale];
  const density = Math.max(1, Math.ceil((72 * width) / size.width));
  const raster = sharp(Buffer.from(art.text), { density }).resize({ width });
  return format === 'webp' ? raster.webp({ quality: 82, effort: 4 }).toBuffer() : raster.png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** The drawing and variant an image address names, if any: what a dev server renders on request. */
export function variantFor(art: readonly SourceArt[], pathname: string): { art: SourceArt; scale: ImageScale; format: ImageFormat } | undefined {
  const match = /^\/static\/img\/(.+)\.([0-9a-f]{10})\.(small|2x)\.(webp|png)$/.exec(pathname);
  if (!match) return undefined;
  const item = art.find((a) => a.name === match[1] && imageAsset(a)?.src === `${IMAGE_BASE}/${match[1]}.${match[2]}`);
  return item ? { art: item, scale: match[3] as ImageScale, format: match[4] as ImageFormat } : undefined;
}
