// The emulator's stand-in for the chat provider (docs/runtime.md, "Chat"): it defines
// window.AxleChat as a real provider's script would, with a small panel for a frame, and keeps
// every call in window.AxleChat.calls so that a test can see what the site asked for.
(() => {
  if (window.AxleChat) return;
  const listeners = [];
  const calls = [];
  const frame = document.createElement('div');
  frame.id = 'axle-chat-frame';
  frame.setAttribute('role', 'dialog');
  frame.setAttribute('aria-label', 'Chat');
  frame.hidden = true;
  frame.style.cssText =
    'position:fixed;right:1rem;bottom:5.5rem;z-index:20;width:min(20rem,calc(100vw - 2rem));padding:1rem;border-radius:14px;background:#fff;color:#0b1a33;box-shadow:0 12px 32px rgba(11,26,51,.3);font:inherit;visibility:hidden';
  const title = document.createElement('p');
  title.textContent = 'Chat (local stand-in for the provider)';
  title.style.cssText = 'margin:0 0 .5rem;font-weight:700';
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close chat';
  close.style.cssText =
    'min-height:44px;padding:.5rem 1rem;border-radius:999px;border:2px solid #0b1a33;background:#fff;color:#0b1a33;font:inherit;cursor:pointer';
  close.addEventListener('click', () => listeners.forEach((listener) => listener()));
  frame.append(title, close);
  document.body.append(frame);
  window.AxleChat = {
    calls,
    open() {
      calls.push('open');
      frame.hidden = false;
    },
    close() {
      calls.push('close');
      frame.hidden = true;
    },
    showFrame() {
      calls.push('showFrame');
      frame.style.visibility = 'visible';
    },
    onClose(listener) {
      calls.push('onClose');
      listeners.push(listener);
    },
  };
})();
