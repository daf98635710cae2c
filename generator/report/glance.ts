import type { RegionData } from '../../core/model.ts';

/**
 * The report's "Sites at a glance" sheet (`build-region report --glance`, docs/review.md): each
 * region's home and one product page, pictured at the report's instant by the review's renderer
 * (preview/glance.ts takes them; this module only lays them out), as small JPEGs inside the page.
 */

/** What a page of the sheet is: the region's home, or the product page it pictures. */
export type GlancePageKind = 'home' | 'product';

/** One page to picture: a region's home or its product page, as the built output has it. */
export interface GlancePage {
  region: string;
  kind: GlancePageKind;
  /** The page's path in the output (`/us`, `/us/flagship-bumblebee`, `/` for the region at the root). */
  path: string;
  /** The product's name on a product page. */
  name?: string;
}

/** A thumbnail of a page at one size: the top of the page, a screen high, scaled down. */
export interface GlanceThumbnail {
  /** The size's name (`phone`, `desktop`: preview/pictures/index.ts PICTURE_SIZES). */
  size: string;
  /** The viewport's width the page was pictured at, in CSS pixels. */
  viewport: number;
  /** The thumbnail: JPEG bytes and their size in pixels; absent when the page could not be pictured. */
  jpeg?: Buffer;
  width: number;
  height: number;
  /** Why it is absent. */
  error?: string;
}

export interface GlanceSheet {
  /** The instant every page is pictured at (epoch ms): the report's. */
  at: number;
  /** The sizes pictured, in order. */
  sizes: readonly { name: string; width: number }[];
  pages: (GlancePage & { thumbnails: GlanceThumbnail[] })[];
  /** The sheet was asked for but not made, and why: the content's errors, or no Chromium. Then `pages` is empty. */
  skipped?: { cause: 'content' | 'chromium'; reason: string };
}

const KINDS: readonly GlancePageKind[] = ['home', 'product'];

const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The alt text of a thumbnail: region, page and path, width, instant. */
export function glanceAlt(page: GlancePage, label: string, viewport: number, at: number): string {
  const what = page.kind === 'home' ? 'home page' : `product page${page.name ? ` ${page.name}` : ''}`;
  return `${page.region} (${label}): ${what}, ${page.path}, at ${viewport} px wide, as of ${DATE.format(at)} UTC`;
}

/** The sheet as the report's template shows it: a row per region, a column per page kind and size. */
export function glanceView(sheet: GlanceSheet, regions: readonly Pick<RegionData, 'code' | 'label'>[]) {
  const columns = KINDS.flatMap((kind) => sheet.sizes.map((size) => ({ kind, size })));
  // The regions of the content in its order, then any the output has that the content does not.
  const codes = [...new Set([...regions.map((r) => r.code), ...sheet.pages.map((p) => p.region)])].filter((code) =>
    sheet.pages.some((p) => p.region === code),
  );
  const labelOf = (code: string) => regions.find((r) => r.code === code)?.label ?? code;
  return {
    at: `${DATE.format(sheet.at)} UTC`,
    atIso: new Date(sheet.at).toISOString(),
    skipped: sheet.skipped?.reason,
    columns: columns.map(({ kind, size }) => ({ heading: `${kind}, ${size.width} px` })),
    rows: codes.map((code) => ({
      code,
      label: labelOf(code),
      cells: columns.map(({ kind, size }) => {
        const page = sheet.pages.find((p) => p.region === code && p.kind === kind);
        if (!page) return { empty: `no ${kind} page` };
        const thumbnail = page.thumbnails.find((t) => t.size === size.name);
        if (!thumbnail?.jpeg) return { path: page.path, empty: `not pictured${thumbnail?.error ? `: ${thumbnail.error}` : ''}` };
        return {
          path: page.path,
          src: `data:image/jpeg;base64,${thumbnail.jpeg.toString('base64')}`,
          width: thumbnail.width,
          height: thumbnail.height,
          alt: glanceAlt(page, labelOf(code), thumbnail.viewport, sheet.at),
        };
      }),
    })),
  };
}
