import { useStore } from 'zustand';
import { useApp } from '../site.tsx';

/**
 * Where toasts and notifications appear. The two live regions are in the page from the start
 * (a region added together with its text is not announced): errors are assertive, the rest
 * polite.
 */
export function Toaster() {
  const { toasts } = useApp();
  const items = useStore(toasts.store, (state) => state.items);
  const errors = items.filter((item) => item.kind === 'error');
  const others = items.filter((item) => item.kind !== 'error');
  return (
    <div className="toaster">
      <div role="alert" aria-live="assertive">
        {errors.map((item) => (
          <p key={item.id} className="toast error" data-testid="toast">
            {item.text}
          </p>
        ))}
      </div>
      <div role="status" aria-live="polite">
        {others.map((item) => (
          <p key={item.id} className={`toast ${item.kind}`} data-testid="toast">
            {item.text}
          </p>
        ))}
      </div>
    </div>
  );
}
