// A page's pictures at one width in the review page (preview/review/page.ts, docs/review.md
// "Changed areas"): the changed areas first, each cropped with some context around it from the
// before, after and difference pictures and boxed, then the whole pictures a click away with
// every area boxed and numbered.
import type { ChangedArea, Rectangle } from './changed-areas.js';
import type { Mark } from './marks.ts';
import type { PictureResult } from './types.ts';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const dataUrl = (picture: Buffer) => `data:image/jpeg;base64,${picture.toString('base64')}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
/** Where an area is, for people: its middle, in the picture's pixels. */
const around = (area: ChangedArea) => `${Math.round(area.x + area.width / 2)},${Math.round(area.y + area.height / 2)}`;

const SIDES = [
  { key: 'before', label: 'Before' },
  { key: 'after', label: 'After' },
  { key: 'difference', label: 'Difference' },
] as const;

/**
 * The boxes drawn over a picture (SVG, in the picture's pixels, scaled with it): each area a
 * little larger than its changed pixels, so the line leaves them visible, white under magenta to
 * show on any colour; numbered on the whole pictures. Decoration: the alt texts say it.
 */
function boxes(areas: readonly ChangedArea[], view: Rectangle, numbered: boolean): string {
  if (areas.length === 0) return '';
  const font = Math.max(12, Math.round(view.width / 20));
  const rects = areas.map((area, index) => {
    const [x, y, w, h] = [area.x - view.x - 3, area.y - view.y - 3, area.width + 6, area.height + 6];
    const rect = `<rect x="${x}" y="${y}" width="${w}" height="${h}"/>`;
    const label = numbered ? `<text x="${x}" y="${y > font ? y - 4 : y + h + font}" font-size="${font}">${index + 1}</text>` : '';
    return `${rect}${label}`;
  });
  return `<svg class="boxes" viewBox="0 0 ${view.width} ${view.height}" aria-hidden="true" focusable="false"><g class="halo">${rects.join('')}</g><g class="box">${rects.join('')}</g></svg>`;
}

/** One picture in its figure, with the boxes over it (or "no such page" when the side has none). */
function figure(label: string, picture: Buffer | undefined, alt: string, overlay = '', size?: Rectangle): string {
  if (!picture) return `<figure><figcaption>${label}</figcaption><p class="none">no such page</p></figure>`;
  const dimensions = size ? ` width="${size.width}" height="${size.height}"` : '';
  return `<figure><figcaption>${label}</figcaption><div class="shot"><img src="${dataUrl(picture)}" alt="${escapeHtml(alt)}"${dimensions} loading="lazy">${overlay}</div></figure>`;
}

/** The checkbox of a changed picture's mark: its data is the mark, the page's script keeps and downloads it. */
function markBox(mark: Mark | undefined, marked: boolean, whose: string): string {
  if (!mark) return '';
  return `<label class="seen"><input type="checkbox" data-mark="${escapeHtml(JSON.stringify(mark))}"${marked ? ' checked' : ''}> Seen, as intended<span class="visually-hidden"> (${escapeHtml(whose)})</span></label>`;
}

/**
 * A page's pictures at one width: its heading and mark, the crops of its changed areas, then the
 * whole pictures in a <details>. Without crops (a page on one side only, a change over half the
 * page) the whole pictures show at once; at a width where no pixel changed, only a click away.
 * `when`: the instant, for a page pictured at one other than the review's (" at 2026-12-01T05:00:00Z").
 */
export function renderSize(p: PictureResult, mark: Mark | undefined, marked: boolean, when = ''): string {
  const areas = p.areas ?? [];
  // What the alt texts and the mark's label name: the page (at a later instant, with it) and width.
  const whose = `${p.path}${when}, ${p.size}`;
  const only = p.missing ? `, page only ${p.missing === 'before' ? 'after' : 'before'}` : '';
  const where = areas.length > 0 ? ` in ${plural(areas.length, 'area')}` : '';
  const heading = `<h4>${escapeHtml(p.size)} (${p.width} px wide): ${plural(p.changed, 'pixel')} changed${where}${only}</h4>`;
  const canvas = { x: 0, y: 0, width: p.width, height: p.height };
  const boxed = areas.length > 0 ? `, ${plural(areas.length, 'changed area')} boxed` : '';
  const wholeAlt = (key: (typeof SIDES)[number]['key']) =>
    `${key === 'difference' ? `changed pixels of ${p.path}${when},` : `${p.path}${when} ${key},`} ${p.size}, the whole page${boxed}`;
  const whole = `<div class="trio">${SIDES.map(({ key, label }) => figure(label, p[key], wholeAlt(key), boxes(areas, canvas, true))).join('')}</div>`;
  // Unchanged at this width (it changed at another): nothing to look at first.
  if (p.changed === 0)
    return `<div class="size">${heading}\n<details class="whole"><summary>The whole page: before, after and the difference, no pixel changed</summary>${whole}</details></div>`;
  const crops = p.crops ?? [];
  if (crops.length === 0 || crops.length !== areas.length)
    return `<div class="size">${heading}\n${markBox(mark, marked, whose)}\n${whole}</div>`;
  const cropped = crops.map((crop, index) => {
    const area = areas[index]!;
    const name = `changed area ${index + 1} of ${areas.length} around ${around(area)}`;
    const title = `Changed area ${index + 1} of ${areas.length}, around ${around(area)} (${area.width} × ${area.height} px, ${plural(area.pixels, 'pixel')} changed)`;
    return `<div class="area"><h5>${title}</h5><div class="trio crops">${SIDES.map(({ key, label }) =>
      figure(label, crop[key], `${key}, ${name} of ${whose}`, boxes([area], crop, false), crop),
    ).join('')}</div></div>`;
  });
  return `<div class="size">${heading}\n${markBox(mark, marked, whose)}\n${cropped.join('\n')}
<details class="whole"><summary>The whole page: before, after and the difference, with ${plural(areas.length, 'changed area')} boxed</summary>${whole}</details></div>`;
}
