/**
 * Picking a text of the live preview for the studio (docs/studio.md, "Preview"): the studio
 * frames the preview's page (another origin) and asks it, by a message, to pick. The page then
 * outlines the element under the pointer (or focused), takes the next click for itself (the
 * capture phase, before the page's own handlers: a link does not navigate, a button does
 * nothing) and sends the studio the clicked element's visible text and the page's path. Escape
 * stops picking; with the keyboard, Enter picks the focused element, and the arrow keys move the
 * focus from text to text (a heading or a price is no tab stop of its own).
 *
 * Messages are checked on both sides: a request must come from the window that frames this page,
 * from the origin it names, on the loopback address (the studio's); the answer goes to that
 * origin only. Only the live preview's client (dev-client.tsx) starts this: no built page holds it.
 */

/** The studio's request: start (`on`) or stop picking, and the studio's origin, where the answer goes. */
const PICK = 'build-region:pick';
/** The page's answer: the text picked and the page's path. */
const PICKED = 'build-region:picked';
/** The page's answer when Escape stopped picking. */
const CANCELLED = 'build-region:pick-cancelled';
/** The studio listens on the loopback address only (studio/server/index.ts). */
const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;
/** The longest text sent: a long paragraph is found by its beginning. */
const MAX_TEXT = 300;
/** The attribute that outlines the element that would be picked (and marks the page while picking). */
const MARK = 'data-build-region-pick';

interface PickRequest {
  readonly type: typeof PICK;
  readonly on: boolean;
  readonly origin: string;
}

function isRequest(data: unknown): data is PickRequest {
  const request = data as PickRequest | null;
  return typeof request === 'object' && request !== null && request.type === PICK && typeof request.origin === 'string';
}

/** Answers the studio's requests to pick, when this page is framed. */
export function listenForPicks(): void {
  if (window.parent === window) return;
  let stop: (() => void) | undefined;
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (event.source !== window.parent || !isRequest(data) || event.origin !== data.origin || !LOOPBACK.test(event.origin)) return;
    stop?.();
    stop = undefined;
    if (!data.on) return;
    stop = startPicking((message) => {
      stop = undefined;
      window.parent.postMessage(message, data.origin);
    });
  });
}

/** The element's visible text, or that of the nearest element around it with some: trimmed, bounded. */
export function textOf(start: Element | null): string {
  for (let element = start; element && element !== document.documentElement; element = element.parentElement) {
    const shown = element instanceof HTMLElement ? element.innerText : (element.textContent ?? '');
    const text = (shown.trim() || element.getAttribute('alt') || element.getAttribute('aria-label') || '').replace(/\s+/gu, ' ').trim();
    if (text) return Array.from(text).slice(0, MAX_TEXT).join('');
  }
  return '';
}

/** The elements that show a text of their own (a text node that is not only white space), in the page's order. */
function textElements(): HTMLElement[] {
  const found: HTMLElement[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || found.at(-1) === parent || parent.closest('script, style, template')) continue;
    if (parent.getClientRects().length > 0) found.push(parent);
  }
  return found;
}

/** Picks until a click, Enter or Escape; `send` takes the answer. Returns what stops it. */
function startPicking(send: (message: object) => void): () => void {
  const style = document.createElement('style');
  style.textContent = `[${MARK}]:not(html){outline:3px solid #d4351c!important;outline-offset:2px!important}html[${MARK}] *{cursor:crosshair!important}`;
  document.head.append(style);
  document.documentElement.setAttribute(MARK, '');
  let marked: Element | undefined;
  const mark = (element: Element | undefined) => {
    marked?.removeAttribute(MARK);
    marked = element;
    marked?.setAttribute(MARK, '');
  };
  // The texts the arrow keys made focusable, made plain again when picking stops.
  const focusable = new Set<HTMLElement>();
  const swallow = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const pick = (element: Element | null | undefined) => {
    const text = textOf(element ?? null);
    // A place with no text (a margin, a picture without words): picking goes on.
    if (!text) return;
    stop();
    send({ type: PICKED, text, path: window.location.pathname });
  };
  const listeners: Record<string, (event: Event) => void> = {
    pointerover: (event) => mark(event.target instanceof Element ? event.target : undefined),
    focusin: (event) => mark(event.target instanceof Element ? event.target : undefined),
    pointerdown: swallow,
    mousedown: swallow,
    pointerup: swallow,
    mouseup: swallow,
    auxclick: swallow,
    click: (event) => {
      swallow(event);
      pick(event.target instanceof Element ? event.target : undefined);
    },
    keydown: (event) => onKey(event as KeyboardEvent),
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      swallow(event);
      stop();
      send({ type: CANCELLED });
    } else if (event.key === 'Enter') {
      swallow(event);
      const focused = document.activeElement;
      pick(focused && focused !== document.body ? focused : marked);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      swallow(event);
      moveFocus(event.key === 'ArrowDown' ? 1 : -1, marked, focusable);
    }
  };
  for (const [type, listener] of Object.entries(listeners)) window.addEventListener(type, listener, true);
  const stop = () => {
    for (const [type, listener] of Object.entries(listeners)) window.removeEventListener(type, listener, true);
    mark(undefined);
    for (const element of focusable) element.removeAttribute('tabindex');
    document.documentElement.removeAttribute(MARK);
    style.remove();
  };
  return stop;
}

/** Focuses the next (or previous) text of the page after the one outlined, a tab stop for the while. */
function moveFocus(step: 1 | -1, from: Element | undefined, focusable: Set<HTMLElement>): void {
  const texts = textElements();
  if (texts.length === 0) return;
  const at = from ? texts.findIndex((element) => element === from || element.contains(from) || from.contains(element)) : -1;
  const next = texts[at < 0 ? (step > 0 ? 0 : texts.length - 1) : (at + step + texts.length) % texts.length]!;
  if (next.tabIndex < 0 && !next.hasAttribute('tabindex')) {
    next.setAttribute('tabindex', '-1');
    focusable.add(next);
  }
  next.focus();
  next.scrollIntoView({ block: 'nearest' });
}
