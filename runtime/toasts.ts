import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';

/**
 * Toasts and notifications (docs/runtime.md): a toast is a short line (errors, confirmations)
 * shown for 3 s; a notification is a titled message shown for 4.5 s. Both are announced to
 * screen readers by the live regions that render them (components/Toaster.tsx).
 */
export interface ToastItem {
  readonly id: number;
  readonly kind: 'error' | 'success' | 'notification';
  readonly text: string;
}

export interface Toasts {
  readonly store: StoreApi<{ items: readonly ToastItem[] }>;
  toast(kind: 'error' | 'success', text: string): void;
  notify(text: string): void;
  dismiss(id: number): void;
}

export function createToasts(durations: { toast: number; notification: number }, timer: typeof setTimeout = setTimeout): Toasts {
  const store = createStore<{ items: readonly ToastItem[] }>(() => ({ items: [] }));
  let next = 1;
  const dismiss = (id: number) => store.setState((state) => ({ items: state.items.filter((item) => item.id !== id) }));
  const push = (kind: ToastItem['kind'], text: string, duration: number) => {
    if (!text) return;
    const id = next++;
    store.setState((state) => ({ items: [...state.items, { id, kind, text }] }));
    timer(() => dismiss(id), duration);
  };
  return {
    store,
    toast: (kind, text) => push(kind, text, durations.toast),
    notify: (text) => push('notification', text, durations.notification),
    dismiss,
  };
}
