import type { PageFile } from '../../schema/types.ts';
import type { AccountScreen } from '../../core/kinds.ts';
import type { ImageAsset, Messages, PageContent } from '../../core/model.ts';
import { createDiagnostic, suggest } from '../diagnostics/index.ts';
import { drawable } from '../art/images.ts';
import type { DrawableArt, SourceArt } from '../art/images.ts';
import { inspectArt } from '../art/svg.ts';
import { rangeOfPath } from '../load/source-file.ts';
import type { Validated } from '../validate/index.ts';
import type { Report } from './model.ts';

/** Source art by name, with the image the build makes of it (undefined for art it cannot draw). */
export type Images = ReadonlyMap<string, ImageAsset | undefined>;

/**
 * Each drawing inspected once (`inspectArt`: well-formed, an `<svg>` root, a size within the
 * rasteriser's limits), a diagnostic at the drawing for each problem, and one for every picture
 * of a page that names art which is missing. Each page file is checked once, however many
 * regions use it. Returns the images by name and the art the build draws.
 */
export function resolveArt(
  art: readonly SourceArt[],
  pages: readonly Validated<'page'>[],
  prefix: string,
  report: Report,
): { images: Images; drawable: readonly DrawableArt[] } {
  const images = new Map<string, ImageAsset | undefined>();
  const sound: DrawableArt[] = [];
  for (const item of art) {
    const file = `${prefix}${item.id}`;
    const inspection = inspectArt(item.text);
    const drawn = inspection.size && drawable(item, inspection.size);
    images.set(item.name, drawn?.asset);
    if (drawn) sound.push(drawn);
    if (inspection.unsized) report(createDiagnostic('E0221', { art: file, problem: 'no size' }, { file, ...inspection.unsized }));
    for (const { code, problem, ...at } of inspection.problems) report(createDiagnostic(code, { art: file, problem }, { file, ...at }));
  }
  for (const page of pages) {
    (page.data.gallery ?? []).forEach((item, index) => {
      if (images.has(item.image)) return;
      const at = rangeOfPath(page.source, ['gallery', String(index), 'image']);
      report(
        createDiagnostic(
          'E0221',
          { picture: item.image, art: `${prefix}assets/${item.image}.svg`, guess: suggest(item.image, [...images.keys()]) },
          at,
        ),
      );
    });
  }
  return { images, drawable: sound };
}

/**
 * A page's text as the runtime reads it: defaults filled in, pictures resolved to the images
 * the build makes (a picture without art was reported and is left out).
 */
export function resolvePage(input: PageFile, images: Images): PageContent {
  // What a page file translates is for the tools (docs/translations.md), not for visitors.
  const { keywords, lead, sections, template, specs, gallery, downloads, lineup, translates: _translates, ...rest } = input;
  const pictures = (gallery ?? []).flatMap(({ image, ...picture }) => {
    const asset = images.get(image);
    return asset ? [{ ...picture, image: asset }] : [];
  });
  return {
    ...rest,
    keywords: keywords ?? [],
    lead: lead ?? '',
    sections: sections ?? [],
    ...(template && { template: true }),
    ...(specs?.length && { specs }),
    ...(pictures.length > 0 && { gallery: pictures }),
    ...(downloads?.length && { downloads }),
    ...(lineup?.length && { lineup }),
  };
}

/**
 * The text of an account screen in a locale: its head and heading come from the catalogue
 * (`account.screens.<camelCase name>.title|description|lead`), not from a page file; its
 * keywords are the screen's title and the catalogue's `account.keywords` (comma-separated).
 */
export function accountScreenContent(screen: AccountScreen, messages: Messages): PageContent {
  const key = `account.screens.${screen.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}`;
  const text = (name: string) => messages[`${key}.${name}`] ?? '';
  return {
    title: `${text('title')} | ${messages['site.name'] ?? ''}`,
    description: text('description'),
    keywords: [text('title'), ...(messages['account.keywords'] ?? '').split(',')].map((keyword) => keyword.trim()).filter(Boolean),
    heading: text('title'),
    lead: text('lead'),
    sections: [],
  };
}
