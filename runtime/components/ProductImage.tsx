import { productImagePath } from '../../core/image-urls.ts';
import type { ProductKey } from '../../core/model.ts';
import { useSite } from '../site.tsx';

/**
 * A product's drawing: the SVG file the build drew for it (core/image-urls.ts), at its size so
 * nothing moves when it arrives. `lazy` for drawings below the first screen (the line-up).
 */
export function ProductImage({ product, alt, lazy = false }: { product: ProductKey; alt: string; lazy?: boolean }) {
  const site = useSite();
  return (
    <img
      className="robot-art"
      src={productImagePath(site, product)}
      alt={alt}
      width="320"
      height="320"
      decoding="async"
      {...(lazy && { loading: 'lazy' as const })}
    />
  );
}
