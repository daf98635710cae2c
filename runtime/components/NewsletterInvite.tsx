import { useState } from 'react';
import { lazyComponent } from '../lazy-component.ts';
import { useSite } from '../site.tsx';

const Popup = lazyComponent<{ opens: number }>(() =>
  import('./Newsletter.tsx').then(({ NewsletterPopup }) => ({ default: NewsletterPopup })),
);

/**
 * The home page's invitation to the newsletter: its title, text and a button that opens the
 * popup form. The popup's code (the form, the API client) loads on the first hover, focus or
 * click of the button, not with the page (a click before the page hydrated is replayed then).
 */
export function NewsletterInvite() {
  const texts = useSite().subscribe;
  const [opens, setOpens] = useState(0);
  const preload = () => void Popup.preload().catch(() => {}); // a click tries again
  const open = () =>
    Popup.preload().then(
      () => setOpens((count) => count + 1),
      (error: unknown) => console.warn('Could not load the newsletter form', error),
    );
  return (
    // Not a landmark: the footer's form is the newsletter region, under the same title.
    <div className="newsletter-invite">
      <div>
        <h2>{texts.title}</h2>
        <p>{texts.text}</p>
      </div>
      <button type="button" className="button" onClick={open} onMouseEnter={preload} onFocus={preload} aria-haspopup="dialog">
        {texts.button}
      </button>
      {opens > 0 && <Popup.Component opens={opens} />}
    </div>
  );
}
