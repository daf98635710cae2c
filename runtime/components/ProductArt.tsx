import type { ProductData, ProductKey } from '../../core/model.ts';
import type { Drawing, DrawingPalette } from '../../schema/types.ts';
import { FIGURES } from './drawings.tsx';
import { ArtFrame } from './RobotArt.tsx';
import type { Palette } from './RobotArt.tsx';

/** Colour schemes for product drawings, by the name products.yaml gives them (`palette`). */
export const PALETTES: Readonly<Record<DrawingPalette, Palette>> = {
  yellow: { backdrop: '#14284d', ring: '#2f5ea8', from: '#ffd23f', to: '#f2a22d', limbs: '#3a3f4a', eyes: '#5ee6ff' },
  'red-blue': { backdrop: '#1b2a44', ring: '#3c6ec2', from: '#e63946', to: '#1d4ed8', limbs: '#c9d3e3', eyes: '#8be9fd' },
  'red-silver': { backdrop: '#241417', ring: '#b91c1c', from: '#f87171', to: '#b91c1c', limbs: '#cbd5e1', eyes: '#7dd3fc' },
  'red-gold': { backdrop: '#150f24', ring: '#a16207', from: '#dc2626', to: '#7f1d1d', limbs: '#facc15', eyes: '#93c5fd' },
  purple: { backdrop: '#22173d', ring: '#6b46c1', from: '#a78bfa', to: '#5b21b6', limbs: '#9ca3af', eyes: '#f87171' },
  teal: { backdrop: '#102a2a', ring: '#14b8a6', from: '#5eead4', to: '#0f766e', limbs: '#f1f5f9', eyes: '#fde047' },
  amber: { backdrop: '#2a1f14', ring: '#b45309', from: '#fbbf24', to: '#b91c1c', limbs: '#e5e7eb', eyes: '#38bdf8' },
  steel: { backdrop: '#1c1f2b', ring: '#6d28d9', from: '#e5e7eb', to: '#6b7280', limbs: '#7c3aed', eyes: '#f87171' },
  'silver-gold': { backdrop: '#1f1a10', ring: '#a16207', from: '#f3f4f6', to: '#9ca3af', limbs: '#eab308', eyes: '#ef4444' },
  space: { backdrop: '#17153a', ring: '#7c3aed', from: '#ffffff', to: '#cbd5e1', limbs: '#22c55e', eyes: '#c4b5fd' },
};

const NAMES = Object.keys(PALETTES) as DrawingPalette[];

/** A stable palette per product key, for a product whose content names none. */
export function paletteIndex(product: string): number {
  let hash = 0;
  for (const char of product) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % NAMES.length;
}

/** What a product's content says of its drawing. */
export type ArtChoice = Pick<ProductData, 'drawing' | 'palette' | 'includes'>;

/** The drawing kind of a product: its content's, else a gift box for a bundle, else the robot. */
export function drawingOf(choice: ArtChoice = {}): Drawing {
  return choice.drawing ?? (choice.includes && choice.includes.length > 0 ? 'bundle' : 'robot');
}

/**
 * A product's own drawing: the figure of its drawing kind (drawings.tsx) in its palette, on a
 * rounded backdrop. Ids derive from the product key: the same on server and client.
 */
export function ProductArt({
  product,
  title,
  art,
  standalone = false,
}: {
  product: ProductKey;
  title: string;
  art?: ArtChoice;
  standalone?: boolean;
}) {
  const palette = PALETTES[art?.palette ?? NAMES[paletteIndex(product)]!];
  const kind = drawingOf(art);
  // (The schema admits only these kinds: anything else would be drawn as the robot.)
  const Figure = FIGURES[kind] ?? FIGURES.robot;
  const body = `art-${product}-body`;
  return (
    <ArtFrame title={title} palette={palette} gradient={body} standalone={standalone} drawing={kind}>
      <rect width="320" height="320" rx="40" fill={palette.backdrop} />
      <ellipse cx="160" cy="280" rx="130" ry="14" fill={palette.ring} fillOpacity=".45" />
      <g aria-hidden="true">
        <Figure palette={palette} body={`url(#${body})`} />
      </g>
    </ArtFrame>
  );
}
