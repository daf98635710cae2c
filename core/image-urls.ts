/* Image addresses, free of React: the build imports this module too. */
import type { ImageAsset, SiteData } from './model.ts';

/**
 * Where the build puts images: one folder for every region, at the root of the deployment (the
 * static asset path; a CDN may serve it). See docs/runtime.md, "Images".
 */
export const IMAGE_BASE = '/static/img';

/** The variants of every image: the small one at its intrinsic width, and twice that. */
export const IMAGE_SCALES = { small: 1, '2x': 2 } as const;
export type ImageScale = keyof typeof IMAGE_SCALES;
export type ImageFormat = 'webp' | 'png';

/** Address of one variant. */
export function imageUrl(image: ImageAsset, scale: ImageScale, format: ImageFormat): string {
  return `${image.src}.${scale}.${format}`;
}

/**
 * The address of a product's drawing, an SVG file the build writes beside the region's pages
 * (`<base>/images/<product>.svg`): the pages show it as an image, the head names it for search
 * engines, and it is drawn once, not shipped as code.
 */
export function productImagePath(site: Pick<SiteData, 'basePath'>, product: string): string {
  return `${site.basePath}/images/${product}.svg`;
}

/**
 * The share card of a page (og:image, twitter:image; generator/art/share-cards.ts): a product
 * page's own (`<base>/images/<product>.jpg`), else the region's (`<base>/images/share.jpg`).
 */
export function shareImagePath(site: Pick<SiteData, 'basePath'>, product?: string): string {
  return `${site.basePath}/images/${product ?? 'share'}.jpg`;
}
