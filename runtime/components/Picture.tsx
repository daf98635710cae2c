import { imageUrl } from '../../core/image-urls.ts';
import { useImageFormat } from '../images.ts';
import type { ImageAsset } from '../../core/model.ts';

export interface PictureProps {
  image: ImageAsset;
  alt: string;
  /** Above the fold: loaded at once, with priority. Otherwise loaded as it nears the viewport. */
  eager?: boolean;
  className?: string;
}

/**
 * An image the build made from source art: the small variant, the 2x one for dense screens,
 * in webp (or the fallback format when the browser lacks webp). Width and height are given so
 * the page does not move when it arrives.
 */
export function Picture({ image, alt, eager = false, className }: PictureProps) {
  const format = useImageFormat();
  const small = imageUrl(image, 'small', format);
  return (
    <img
      className={className}
      src={small}
      srcSet={`${small} 1x, ${imageUrl(image, '2x', format)} 2x`}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager && { fetchPriority: 'high' as const })}
    />
  );
}
