import type { ProductKey } from '../../core/model.ts';
import { RobotArt } from './RobotArt.tsx';
import type { Palette } from './RobotArt.tsx';

/** Colour schemes for product drawings: yellow scouts, red leaders, purple rivals, steel and teal. */
const PALETTES: readonly Palette[] = [
  { backdrop: '#14284d', ring: '#2f5ea8', from: '#ffd23f', to: '#f2a22d', limbs: '#2b2b2b', eyes: '#5ee6ff' },
  { backdrop: '#1b2a44', ring: '#3c6ec2', from: '#e63946', to: '#1d4ed8', limbs: '#c9d3e3', eyes: '#8be9fd' },
  { backdrop: '#22173d', ring: '#6b46c1', from: '#a78bfa', to: '#5b21b6', limbs: '#9ca3af', eyes: '#f87171' },
  { backdrop: '#102a2a', ring: '#14b8a6', from: '#5eead4', to: '#0f766e', limbs: '#f1f5f9', eyes: '#fde047' },
  { backdrop: '#2a1f14', ring: '#b45309', from: '#fbbf24', to: '#b91c1c', limbs: '#e5e7eb', eyes: '#38bdf8' },
];

/** A stable palette index per product key. */
export function paletteIndex(product: string): number {
  let hash = 0;
  for (const char of product) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % PALETTES.length;
}

/** A product's own drawing: the robot in the product's colours. */
export function ProductArt({ product, title, standalone = false }: { product: ProductKey; title: string; standalone?: boolean }) {
  return <RobotArt title={title} palette={PALETTES[paletteIndex(product)]} id={`art-${product}`} standalone={standalone} />;
}
