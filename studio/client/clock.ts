import { useEffect, useRef } from 'react';
import { api } from './api.ts';

/**
 * The preview's clock moved from elsewhere than the preview's own form (a stage of the form's
 * timeline, timeline.tsx): the server's clock moves (`PUT /api/clock`), then the preview hears of
 * it through this window event, shows the instant in its form and loads its page again.
 */
const MOVED = 'studio:clock-moved';

/** Moves the preview's clock to an instant written with its offset; rejects with the server's words. */
export async function moveClock(instant: string): Promise<void> {
  await api.clock(instant);
  window.dispatchEvent(new CustomEvent<string>(MOVED, { detail: instant }));
}

/** Calls `moved` with the instant each time the clock is moved by moveClock. */
export function useClockMoves(moved: (instant: string) => void): void {
  const latest = useRef(moved);
  latest.current = moved;
  useEffect(() => {
    const listener = (event: Event) => latest.current((event as CustomEvent<string>).detail);
    window.addEventListener(MOVED, listener);
    return () => window.removeEventListener(MOVED, listener);
  }, []);
}
