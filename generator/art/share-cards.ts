/**
 * Share cards (docs/market.md, "Search engines and social networks"): the 1200x630 picture a
 * social network shows beside a shared link (og:image, twitter:image). One per product page,
 * drawn from the product's own drawing and name, and one per region for its other pages, with
 * the brand. Drawn here as SVG; images.ts renders them to JPEG in its workers (10 ms a card,
 * where a palette PNG took 100), each distinct card once, from the build cache when it can.
 */
import { fitLine, fitTitle, LEADING, TITLE_AREA } from './share-card-title.ts';

export const SHARE_CARD = { width: 1200, height: 630 } as const;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const FONTS = '"DejaVu Sans","Noto Sans","Liberation Sans",Arial,sans-serif';

/**
 * The SVG of a card: the title (a product's name, or the brand) large on the left, fitted to the
 * text area (share-card-title.ts), the brand under it, and a drawing (an SVG document, the
 * product's own) on the right.
 */
export function shareCardSvg(card: { title: string; brand: string; art: string }): string {
  const { width, height } = SHARE_CARD;
  const { lines, size, top } = fitTitle(card.title);
  // The brand line is one line of the same width: a long one is drawn smaller.
  const brandSize = fitLine(card.brand, 32, TITLE_AREA.right - TITLE_AREA.left);
  // The drawing's own root element (its size and place replaced), scaled into the right half.
  // Its accessible title goes (the card's alt text says it): the same drawing in every region is one card.
  const art = card.art
    .replace(
      /^[\s\S]*?<svg\b([^>]*)>/,
      (_, attributes: string) =>
        `<svg x="700" y="65" width="500" height="500"${attributes.replace(/\s(width|height|x|y|aria-label)="[^"]*"/g, '')}>`,
    )
    .replace(/<title>[\s\S]*?<\/title>/, '');
  const text = lines
    .map(
      (line, index) =>
        `<text x="${TITLE_AREA.left}" y="${(top + index * size * LEADING).toFixed(0)}" class="title">${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><style>.title{font:700 ${size}px ${FONTS};fill:#ffffff}.brand{font:600 ${brandSize}px ${FONTS};fill:#ffd38a}</style></defs>`,
    // Flat shapes, no gradient: a gradient over the whole card was 40% of its rendering time.
    `<rect width="${width}" height="${height}" fill="#0b1a33"/>`,
    `<path d="M${width * 0.55} ${height}L${width} ${height * 0.18}V${height}Z" fill="#17305c"/>`,
    `<rect x="${TITLE_AREA.left}" y="${height - 118}" width="96" height="8" rx="4" fill="#c2410c"/>`,
    text,
    `<text x="${TITLE_AREA.left}" y="${height - 64}" class="brand">${escapeXml(card.brand)}</text>`,
    art,
    '</svg>',
  ].join('');
}
