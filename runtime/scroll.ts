/**
 * Scroll after navigation (docs/runtime.md): to the top, or to the route's scroll target,
 * unless the navigation is a back/forward one, which restores where the visitor was on that
 * entry. The browser's own restoration is turned off because it would run before the page of
 * the entry is rendered; positions are remembered here per history entry instead.
 */
export type ScrollTarget = 'banner' | 'header' | 'app-menu';

/** The element id each scroll target names. */
export const SCROLL_TARGET_IDS: Record<ScrollTarget, string> = { banner: 'banner', header: 'header', 'app-menu': 'app-menu' };

const KEY = 'entryKey';

export interface ScrollMemory {
  /** A fresh key for a new history entry's state. */
  newEntryState(): { [KEY]: string };
  /** Remembers the current position for the current entry. */
  save(): void;
  /** The remembered position of the current entry, if any. */
  saved(): number | undefined;
}

let counter = 0;

function entryKey(state: unknown): string | undefined {
  return state && typeof state === 'object' && KEY in state ? String((state as Record<string, unknown>)[KEY]) : undefined;
}

export function createScrollMemory(win: Window): ScrollMemory {
  const positions = new Map<string, number>();
  const fresh = () => ({ [KEY]: `${Date.now().toString(36)}-${(counter++).toString(36)}` });
  win.history.scrollRestoration = 'manual';
  if (!entryKey(win.history.state)) win.history.replaceState({ ...(win.history.state ?? {}), ...fresh() }, '');
  const save = () => {
    const key = entryKey(win.history.state);
    if (key) positions.set(key, win.scrollY);
  };
  let frame = 0;
  const onScroll = () => {
    if (frame) return;
    frame = win.requestAnimationFrame(() => {
      frame = 0;
      save();
    });
  };
  win.addEventListener('scroll', onScroll, { passive: true });
  return {
    newEntryState: fresh,
    save,
    saved: () => {
      const key = entryKey(win.history.state);
      return key ? positions.get(key) : undefined;
    },
  };
}

/** Scrolls after a navigation: restore on back/forward, else the target or the top. */
export function scrollAfterNavigation(win: Window, restored: number | undefined, target: ScrollTarget | undefined): void {
  if (restored !== undefined) {
    win.scrollTo(0, restored);
    return;
  }
  const element = target ? win.document.getElementById(SCROLL_TARGET_IDS[target]) : null;
  // From the top first: a sticky target (the in-page menu) seen from further down is where it
  // sticks, at the end of its page, not where it stands.
  win.scrollTo(0, 0);
  element?.scrollIntoView({ block: 'start' });
}
