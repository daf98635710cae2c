import type { PageFile, Route } from '../../schema/types.ts';
import type { RouteKind } from '../kinds.ts';
import type { PageName, ProductKey } from './names.ts';

/** Routes and the text of their pages, as the generator resolves them (part of core/model.ts). */

export type PageSection = NonNullable<PageFile['sections']>[number];
/** One row of a product's specifications. */
export type PageSpec = NonNullable<PageFile['specs']>[number];
export type PageDownload = NonNullable<PageFile['downloads']>[number];

/**
 * A raster image the build made from source art in `content/assets/`: `src` is the address
 * without its variant suffix; the variants are `${src}.small.webp` (the intrinsic width) and
 * `${src}.2x.webp` (twice it), with `.png` twins for browsers without webp.
 */
export interface ImageAsset {
  readonly src: string;
  readonly width: number;
  readonly height: number;
}

/** A gallery picture: its source art resolved to the image the build makes of it. */
export interface GalleryImage extends Omit<NonNullable<PageFile['gallery']>[number], 'image'> {
  readonly image: ImageAsset;
}

/** A page's text with its defaults filled in, and its pictures resolved. */
export interface PageContent
  extends Omit<
    PageFile,
    'keywords' | 'lead' | 'sections' | 'template' | 'gallery' | 'specs' | 'downloads' | 'lineup' | 'featured' | 'translates'
  > {
  readonly keywords: readonly string[];
  readonly lead: string;
  readonly sections: readonly PageSection[];
  /** A legal page whose text is a template (the page says so). */
  readonly template?: true;
  readonly specs?: readonly PageSpec[];
  readonly gallery?: readonly GalleryImage[];
  readonly downloads?: readonly PageDownload[];
  /** Products of the line-up (home), keys of the region's products. */
  readonly lineup?: readonly ProductKey[];
  /** The product the home page's hero offers (a key of the region's products). */
  readonly featured?: ProductKey;
  /** The same page in every region that has it, plus `x-default` (see `pageText`). */
  readonly alternates?: readonly Alternate[];
}

/** One `hreflang` alternate of a page: the same page in another region (or `x-default`). */
export interface Alternate {
  readonly hreflang: string;
  readonly href: string;
}

/** What the runtime knows of a route before its content is loaded. */
export interface RouteInfo {
  readonly page: PageName;
  /** How the page is laid out (core/kinds.ts). */
  readonly kind: RouteKind;
  /** Normalised absolute path, including the region prefix: `/us/choose-your-region`, `/`. */
  readonly path: string;
  /** Path this route redirects to (new-release -> mini-robot). */
  readonly redirect?: string;
  readonly product?: ProductKey;
  readonly scroll?: Route['scroll'];
  /** Time window in epoch milliseconds; outside it visitors are sent home. */
  readonly window?: { readonly start?: number; readonly end?: number };
  /**
   * The language of the page's text (BCP 47, `en`) when it is not the region's: a page not yet
   * translated, shown in its source text (docs/translations.md, "Pages not yet translated").
   * Absent when the text is the region's own language.
   */
  readonly fallback?: string;
}

/** A route with its text, as the generator resolves it. */
export interface RouteData extends RouteInfo {
  /** The page's text; absent on a redirect. */
  readonly content?: PageContent;
  /** The same page in every region that has it, plus `x-default`; absent on a redirect. */
  readonly alternates?: readonly Alternate[];
}

/**
 * What the runtime loads for a route: its text with its `hreflang` alternates. The alternates
 * are the same for every region that has the page, so a text shared by several regions carries
 * them once; the entry's route table stays free of them (they grow with every region and page).
 */
export function pageText(route: RouteData): PageContent | undefined {
  if (!route.content) return undefined;
  return route.alternates ? { ...route.content, alternates: route.alternates } : route.content;
}
