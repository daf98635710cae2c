import { useEffect } from 'react';

/**
 * The parts of a prerendered page that hydrate on their own (docs/performance.md, "Parts that
 * hydrate when needed"): the header (with the text banner), the first page's content in <main>,
 * and the footer. The app shell hydrates at once, each part's code loads when the part is
 * wanted, then it hydrates by itself (a Suspense boundary whose prerendered HTML stays as it is
 * until then). A part is wanted:
 * - when the visitor acts in it (a touch, a click, a key, focus): the page's loader holds a click
 *   on its buttons or a form sent until it is live (`<html data-<part>-hydrated>`) and replays
 *   them, and marks a part acted in before this code ran (`data-intent`);
 * - at once when it holds something that changes by itself (`data-live=""`: a countdown, an
 *   account screen that reads the address or the visitor's session), or at the first scroll when
 *   it holds something that follows the scroll (`data-live="scroll"`: a product page's menu);
 * - when what it shows changes (runtime/shell/wants.ts): server time crossed an instant the
 *   page's data names, the visitor is logged in, a browser without webp (every part), a
 *   navigation (the header and the footer), the visitor's country (the footer's region label), an
 *   account screen's query (its content);
 * - at once everywhere on the server, and in the live preview.
 * Links need no part's code: the shell follows them (runtime/shell/links.ts).
 */
export type PartName = 'header' | 'main' | 'footer';

const PARTS: readonly PartName[] = ['header', 'main', 'footer'];
const resolvers = {} as Record<PartName, () => void>;
const wanted = Object.fromEntries(PARTS.map((name) => [name, new Promise<void>((resolve) => (resolvers[name] = resolve))])) as Record<
  PartName,
  Promise<void>
>;

/** Resolves once the part is wanted. */
export function partWanted(name: PartName): Promise<void> {
  return wanted[name];
}

export function wantPart(name: PartName): void {
  resolvers[name]();
}

/** Every part: what the page shows is about to change, or the page is rendered at once. */
export function wantParts(): void {
  for (const name of PARTS) resolvers[name]();
}

const INTENTS = ['focusin', 'pointerdown', 'touchstart', 'keydown'] as const;

/**
 * Wants each part of the page (`[data-part]` elements, before hydration) when the visitor acts
 * in it, at once when the loader saw an act there already or it holds something live; a part
 * the page does not have is wanted at once (it renders from nothing). The acts are caught on the
 * document, as they go down: React stops those a part not yet hydrated receives at #root.
 */
export function watchParts(page: ParentNode): void {
  const waiting = new Set<PartName>();
  for (const name of PARTS) {
    const elements = [...page.querySelectorAll(`[data-part="${name}"]`)];
    if (elements.length === 0 || elements.some((e) => e.hasAttribute('data-intent') || e.querySelector('[data-live=""]'))) wantPart(name);
    else {
      waiting.add(name);
      if (elements.some((e) => e.querySelector('[data-live="scroll"]')))
        window.addEventListener('scroll', () => wantPart(name), { once: true, passive: true });
    }
  }
  const acted = (event: Event) => {
    const part = event.target instanceof Element ? event.target.closest('[data-part]')?.getAttribute('data-part') : undefined;
    if (part === undefined || !waiting.delete(part as PartName)) return;
    wantPart(part as PartName);
    if (waiting.size === 0) for (const type of INTENTS) document.removeEventListener(type, acted, true);
  };
  if (waiting.size > 0) for (const type of INTENTS) document.addEventListener(type, acted, { capture: true, passive: true });
}

/** A part calls it once hydrated: `<html data-<part>-hydrated>`, which the page's loader goes by. */
export function usePartHydrated(name: PartName): void {
  useEffect(() => document.documentElement.setAttribute(`data-${name}-hydrated`, ''), [name]);
}
