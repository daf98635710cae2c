import { useSyncExternalStore } from 'react';
import type { ImageFormat } from '../core/image-urls.ts';

let detected: ImageFormat | undefined;

/**
 * Whether this browser decodes webp: a canvas asked for webp answers with webp only when the
 * browser supports the format. Asked once.
 */
export function browserImageFormat(): ImageFormat {
  if (detected) return detected;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    detected = canvas.toDataURL('image/webp').startsWith('data:image/webp') ? 'webp' : 'png';
  } catch {
    detected = 'png';
  }
  return detected;
}

const noSubscription = () => () => {};

/**
 * The format images are served in: webp in the prerendered HTML (every current browser has
 * it), then, once the page is running, the fallback format in a browser that lacks webp.
 */
export function useImageFormat(): ImageFormat {
  return useSyncExternalStore(noSubscription, browserImageFormat, () => 'webp');
}
