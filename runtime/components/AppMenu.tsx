import { useEffect, useRef, useState } from 'react';
import { useT } from '../site.tsx';

export interface AppMenuItem {
  /** The id of the element the item links to (`#<target>`). */
  readonly target: string;
  readonly label: string;
}

/**
 * The in-page menu of a product page (docs/runtime.md, "The in-page menu"): a link per section,
 * sticky at the top of the window. On desktop every item shows (the menu wraps to a second row
 * when it must); narrower, it scrolls sideways and says so with a fade and an arrow at each edge
 * that has more (CSS alone, a scroll-driven animation of the list; a browser without those shows
 * the scrollbar). The item of the section being read carries `aria-current`; the prerendered page
 * marks `initial` (what shows at the top of the page), the page updates it as the visitor scrolls.
 */
export function AppMenu({ items, initial }: { items: readonly AppMenuItem[]; initial: string }) {
  const t = useT();
  const list = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(initial);
  useCurrentSection(items, initial, setCurrent);

  // The current item stays in view inside a scrolling menu (the list scrolls, never the page),
  // once the visitor has moved on from where the page started.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current && current === initial) return;
    moved.current = true;
    const ul = list.current;
    const link = ul?.querySelector<HTMLElement>('[aria-current]');
    if (!ul || !link || ul.scrollWidth <= ul.clientWidth) return;
    const margin = 64; // clear of the edge fades
    const left = link.offsetLeft - ul.offsetLeft;
    if (left < ul.scrollLeft + margin) ul.scrollTo({ left: left - margin });
    else if (left + link.offsetWidth > ul.scrollLeft + ul.clientWidth - margin)
      ul.scrollTo({ left: left + link.offsetWidth - ul.clientWidth + margin });
  }, [current, initial]);

  return (
    // Live from the first scroll (runtime/parts.ts): it follows the section being read.
    <nav className="app-menu" id="app-menu" aria-label={t('product.menu')} data-live="scroll">
      <ul ref={list}>
        {items.map((item) => (
          <li key={item.target}>
            <a href={`#${item.target}`} aria-current={item.target === current ? 'true' : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Follows the section being read: the last of the menu's targets below the banner whose top has
 * passed a line a third of the way down the window (under the sticky menu), or the last one when
 * the page is scrolled to its end; `initial` while none has (the banner is in view).
 */
function useCurrentSection(items: readonly AppMenuItem[], initial: string, set: (target: string) => void): void {
  const targets = items.map((item) => item.target).join(' ');
  useEffect(() => {
    const ids = targets.split(' ').filter((id) => id !== initial);
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = window.innerHeight / 3;
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      let found = initial;
      for (const id of ids) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top === undefined) continue;
        if (top <= line || (atEnd && top < window.innerHeight)) found = id;
      }
      set(found);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [targets, initial, set]);
}
