/** A virtual page view, as pushed to the analytics data layer after each navigation. */
export interface PageViewEvent {
  event: 'virtual_page_view';
  page_path: string;
  page_title: string;
  page_location: string;
  region: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes one virtual page view to `window.dataLayer` (created when missing). */
export function pushPageView(win: Window, event: Omit<PageViewEvent, 'event'>): void {
  (win.dataLayer ??= []).push({ event: 'virtual_page_view', ...event } satisfies PageViewEvent);
}
