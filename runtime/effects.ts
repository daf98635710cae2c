import { useEffect } from 'react';
import type { Constants } from '../core/model.ts';

/**
 * Device classes of the collapse effect (docs/runtime.md): `window` from
 * `breakpoints.collapse.window` px (1024), `ipad` from `breakpoints.collapse.ipad` px (768),
 * else `mobile`. They differ from the layout breakpoints on purpose: an iPad in portrait (768)
 * gets the tablet treatment, a small laptop (1024) the full one.
 */
export type DeviceClass = 'window' | 'ipad' | 'mobile';

export function deviceClass(width: number, breakpoints: Constants['breakpoints']['collapse']): DeviceClass {
  if (width >= breakpoints.window) return 'window';
  if (width >= breakpoints.ipad) return 'ipad';
  return 'mobile';
}

/**
 * Keeps `data-device` on the document element to the current device class, for the collapse
 * effect's styles and for anything that must know it.
 */
export function useDeviceClass(breakpoints: Constants['breakpoints']['collapse']): void {
  useEffect(() => {
    const root = document.documentElement;
    const update = () => root.setAttribute('data-device', deviceClass(window.innerWidth, breakpoints));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [breakpoints]);
}

/**
 * The text float effect: blocks marked `data-float` that are still below the viewport start
 * `textFloatTranslate` px (50) lower and transparent, and float into place as they scroll into
 * view. Blocks already in view are left alone, so nothing visible moves; without script (and
 * with reduced motion) every block simply stands where it is. Runs again after each navigation.
 * Where a block is comes with the observer's first report on it, not from asking the page while
 * it hydrates (which laid the whole page out at once: a long task on a phone). The classes go on
 * blocks of parts that may hydrate later (runtime/parts.ts): each `[data-float]` element says
 * `suppressHydrationWarning`, since its class is this effect's, not the render's.
 */
export function useTextFloat(translate: number, key: string): void {
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined' || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    document.documentElement.style.setProperty('--float-translate', `${translate}px`);
    const pending = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const { target, isIntersecting, boundingClientRect } of entries) {
        const waiting = pending.has(target);
        if (!isIntersecting && (waiting || boundingClientRect.top >= window.innerHeight)) {
          // Below the viewport at its first report: it waits for its way into view.
          pending.add(target);
          target.classList.add('float-pending');
          continue;
        }
        if (waiting) target.classList.replace('float-pending', 'float-in');
        pending.delete(target);
        observer.unobserve(target);
      }
    });
    for (const el of document.querySelectorAll('[data-float]')) observer.observe(el);
    return () => {
      observer.disconnect();
      for (const el of pending) el.classList.remove('float-pending');
    };
  }, [translate, key]);
}
