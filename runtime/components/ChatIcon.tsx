import { useCallback, useEffect, useRef, useState } from 'react';
import { isLocalHost } from '../../core/hosts.ts';
import { useSite, useT } from '../site.tsx';

/**
 * The floating customer-service chat shortcut of the us site (docs/runtime.md;
 * docs/runtime.md, "Chat"). The chat itself is the provider's: its script defines
 * `window.AxleChat`. Local hosts load the emulator's fake provider (`/__emulator/chat.js`).
 *
 * - Hidden at load; hidden while scrolling down, shown at once on scrolling up, shown
 *   `iconDelay` after scrolling stops.
 * - `startupWait` after its start (the page's hydration: `start`, else its mount) it loads the
 *   provider's script (sooner if the icon shows first) and polls every `poll` ms, for up to
 *   `apiWait`, for the chat API;
 *   then, once, `resetDelay` later, it closes the chat, makes the chat frame visible and shows
 *   the icon. The chat's close event closes the chat.
 * - A click opens the chat; without the API it only warns on the console.
 */
export interface ChatApi {
  open(): void;
  close(): void;
  showFrame(): void;
  onClose(listener: () => void): void;
}

declare global {
  interface Window {
    AxleChat?: ChatApi;
  }
}

export const LOCAL_CHAT_PROVIDER = '/__emulator/chat.js';

/**
 * When the icon's timings start, and the scrolls before it mounted: the shell loads its code
 * once it can first show (runtime/widgets.tsx `ChatWhenUsable`), and notes these from hydration.
 */
export interface ChatStart {
  /** When its startup wait began (Date.now()). */
  at: number;
  /** The scroll position last seen. */
  y: number;
  /** The last scroll seen before the icon mounted: when, and whether it went up. */
  scrolled?: { at: number; up: boolean };
  /** Stops noting scrolls: the icon follows them from its mount on. */
  stop?: () => void;
}

function chatApi(): ChatApi | undefined {
  return typeof window === 'undefined' ? undefined : window.AxleChat;
}

export function ChatIcon({ start }: { start?: ChatStart }) {
  const site = useSite();
  const t = useT();
  const timing = site.constants.chat;
  const [shown, setShown] = useState(false);
  // From mount, unless the shell noted an earlier start.
  const [begun] = useState(() => start ?? { at: Date.now(), y: typeof window === 'undefined' ? 0 : window.scrollY });
  const loadProvider = useProviderScript(timing.provider, shown);
  useChatStartup(timing, loadProvider, begun, setShown);
  useShowOnScroll(timing.iconDelay, begun, setShown);

  function open() {
    const api = chatApi();
    if (api) api.open();
    else console.warn('Chat is not available: the chat provider has not loaded.');
  }

  return (
    <button
      type="button"
      className={shown ? 'chat-icon shown' : 'chat-icon'}
      onClick={open}
      aria-label={t('chat.open')}
      data-testid="chat-icon"
      hidden={!shown}
    >
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H10l-4.5 3.5V17H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" fill="#fff" />
        <circle cx="8.5" cy="11" r="1.3" fill="#c2410c" />
        <circle cx="12" cy="11" r="1.3" fill="#c2410c" />
        <circle cx="15.5" cy="11" r="1.3" fill="#c2410c" />
      </svg>
    </button>
  );
}

type ChatTiming = ReturnType<typeof useSite>['constants']['chat'];

/**
 * The provider's script, once per page, when the chat can first be used: at the end of the
 * startup wait, or as soon as the icon shows (a scroll up), whichever comes first. Nothing
 * calls the chat before, so a visit that ends sooner never fetches the provider. Returns the
 * loader, for the startup.
 */
function useProviderScript(provider: ChatTiming['provider'], shown: boolean): () => void {
  const loadProvider = useCallback(() => {
    const src = isLocalHost(window.location.hostname) ? LOCAL_CHAT_PROVIDER : provider;
    if (!src || document.querySelector(`script[data-chat-provider]`)) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.chatProvider = '';
    document.head.append(script);
  }, [provider]);
  useEffect(() => {
    if (shown) loadProvider();
  }, [shown, loadProvider]);
  return loadProvider;
}

/** Startup: wait, poll for the API, then the one reset. */
function useChatStartup(timing: ChatTiming, loadProvider: () => void, begun: ChatStart, setShown: (shown: boolean) => void): void {
  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    let polling: ReturnType<typeof setInterval> | undefined;
    const reset = () => {
      timers.push(
        setTimeout(() => {
          const api = chatApi();
          if (api) {
            api.close();
            api.showFrame();
          }
          setShown(true);
        }, timing.resetDelay),
      );
    };
    const afterWait = () => {
      loadProvider();
      const started = Date.now();
      const found = (api: ChatApi) => {
        api.onClose(() => api.close());
        reset();
      };
      const api = chatApi();
      if (api) return found(api);
      polling = setInterval(() => {
        const later = chatApi();
        if (later || Date.now() - started >= timing.apiWait) {
          clearInterval(polling);
          if (later) found(later);
          else reset();
        }
      }, timing.poll);
    };
    const left = timing.startupWait - (Date.now() - begun.at);
    if (left <= 0) afterWait();
    else timers.push(setTimeout(afterWait, left));
    return () => {
      timers.forEach(clearTimeout);
      clearInterval(polling);
    };
  }, [timing, loadProvider, begun, setShown]);
}

/** Scrolling: down hides, up shows, and a pause shows it after iconDelay. */
function useShowOnScroll(iconDelay: number, begun: ChatStart, setShown: (shown: boolean) => void): void {
  const lastScroll = useRef(0);
  useEffect(() => {
    begun.stop?.();
    lastScroll.current = begun.y;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > lastScroll.current) setShown(false);
      else if (y < lastScroll.current) setShown(true);
      lastScroll.current = y;
      clearTimeout(settle);
      settle = setTimeout(() => setShown(true), iconDelay);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // A scroll before the mount: up showed the icon at once, and a pause shows it.
    if (begun.scrolled) {
      if (begun.scrolled.up) setShown(true);
      settle = setTimeout(() => setShown(true), Math.max(0, iconDelay - (Date.now() - begun.scrolled.at)));
    }
    if (window.scrollY !== begun.y) onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(settle);
    };
  }, [iconDelay, begun, setShown]);
}
