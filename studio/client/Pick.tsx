import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { LocateAnswer } from '../api.ts';
import { api } from './api.ts';

/** One place a picked text comes from (GET /api/locate), best first. */
export type Located = LocateAnswer['hits'][number];

// The messages the preview's page answers (runtime/dev-pick.ts). They are written twice, here
// and there: the studio's page and the sites' runtime import nothing of each other.
const PICK = 'build-region:pick';
const PICKED = 'build-region:picked';
const CANCELLED = 'build-region:pick-cancelled';
/** The longest text looked for (the page sends no more). */
const MAX_TEXT = 300;

const PICKING =
  'Picking: click a text or a price in the preview. With the keyboard: Tab into the preview, move from text to text with the arrow keys and press Enter. Escape stops.';

/**
 * Picking a text in the preview (docs/studio.md, "Preview"): while on, the framed page (another
 * origin: the live preview's) takes the next click and sends its text back; the studio asks the
 * server where that text comes from and `found` opens it. Both sides check who a message is from:
 * here, the framed page's window at the preview's origin; there, this window at the origin it
 * names. A request goes only to a page loaded in the frame (sent to the frame's first, empty
 * document, the browser would report the origins differ).
 */
export function usePicking({
  frame,
  origin,
  region,
  found,
}: {
  frame: RefObject<HTMLIFrameElement | null>;
  origin: string | undefined;
  region: string;
  found: (hit: Located) => void;
}) {
  const [picking, setPicking] = useState(false);
  const [status, setStatus] = useState('');
  const [missed, setMissed] = useState<string>();
  const button = useRef<HTMLButtonElement>(null);
  const ready = useRef<HTMLIFrameElement | null>(null);
  const latest = useRef({ found, region });
  latest.current = { found, region };
  const tell = useCallback(
    (on: boolean) => {
      if (!origin || !ready.current || ready.current !== frame.current) return;
      frame.current.contentWindow?.postMessage({ type: PICK, on, origin: window.location.origin }, origin);
    },
    [frame, origin],
  );
  useEffect(() => tell(picking), [tell, picking]);
  const stop = useCallback(() => {
    setPicking(false);
    setStatus('Picking stopped.');
  }, []);
  const located = useCallback((text: string, path: string) => {
    setStatus(`Looking for “${text}”…`);
    api.locate(text, latest.current.region, path).then(
      ({ hits }) => {
        const hit = hits[0];
        setMissed(hit ? undefined : text);
        if (!hit) return setStatus(`No field holds “${text}”: it may be made by the site's code, not the content.`);
        setStatus(`“${text}” is in ${hit.id}, line ${hit.line}: ${hit.path.join(' › ')}.`);
        latest.current.found(hit);
      },
      (error: Error) => setStatus(`The text could not be looked for: ${error.message}`),
    );
  }, []);
  useEffect(() => {
    const listen = (event: MessageEvent<unknown>) => {
      if (!origin || event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow) return;
      const data = event.data as { type?: unknown; text?: unknown; path?: unknown } | null;
      if (data?.type === CANCELLED) {
        stop();
        button.current?.focus();
      } else if (data?.type === PICKED && typeof data.text === 'string' && typeof data.path === 'string' && data.text.trim()) {
        setPicking(false);
        located(data.text.slice(0, MAX_TEXT), data.path);
      }
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [frame, origin, stop, located]);
  // Escape stops picking in the studio's page too (the frame has its own Escape).
  useEffect(() => {
    if (!picking) return;
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && stop();
    window.addEventListener('keydown', escape);
    return () => window.removeEventListener('keydown', escape);
  }, [picking, stop]);
  const toggle = () => {
    setMissed(undefined);
    if (picking) return stop();
    setPicking(true);
    setStatus(PICKING);
  };
  // A page loaded in the frame (the first, or one the maintainer went to): it is asked again.
  const loaded = () => {
    ready.current = frame.current;
    if (picking) tell(true);
  };
  return { picking, status, missed, button, toggle, loaded };
}

/** The toggle, what picking found (a polite live region), and the way to Find when no field holds the text. */
export function PickControls({
  pick,
  find,
}: {
  pick: Pick<ReturnType<typeof usePicking>, 'picking' | 'status' | 'missed' | 'button' | 'toggle'>;
  find: (text: string) => void;
}) {
  return (
    <div className="pick">
      <button ref={pick.button} type="button" aria-pressed={pick.picking} onClick={pick.toggle}>
        Pick in the preview
      </button>
      <p role="status" className="pick-status">
        {pick.status}
      </p>
      {pick.missed !== undefined && (
        <button type="button" className="plain" onClick={() => find(pick.missed!)}>
          Search “{pick.missed}” in Find
        </button>
      )}
    </div>
  );
}
