import { useEffect } from 'react';
import type { RefObject } from 'react';
import type { FileAnswer } from '../api.ts';
import { api } from './api.ts';

/**
 * Many hands (docs/studio.md, "Saving"): while a file is open, the studio looks every few
 * seconds, and whenever its tab gets the focus back, whether the file on disk is still the
 * version it opened (its hash). When another hand changed it (another studio, an editor, a git
 * pull), `moved` gets the new version: the screen opens it, or, over unsaved edits, shows both
 * and lets the maintainer choose. So two people editing one file find out before either saves
 * over the other, not only when saving.
 */
export const WATCH_MS = 3_000;

export function useDiskWatch(id: string, base: RefObject<string>, paused: boolean, moved: (file: FileAnswer) => void): void {
  useEffect(() => {
    if (paused) return;
    let live = true;
    let looking = false;
    const look = () => {
      if (looking || !base.current) return;
      looking = true;
      api
        .stamp(id)
        .then(async ({ hash }) => {
          if (!live || hash === null || hash === base.current) return;
          const file = await api.file(id);
          if (live && file.hash !== base.current) moved(file);
        })
        // A look that fails (the studio stopped) is tried again at the next.
        .catch(() => undefined)
        .finally(() => (looking = false));
    };
    const timer = setInterval(look, WATCH_MS);
    window.addEventListener('focus', look);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('focus', look);
    };
    // `moved` is the screen's latest (it reads refs): the watch restarts only with the file or a pause.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, paused]);
}
