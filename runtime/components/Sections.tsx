import type { ReactNode } from 'react';
import type { PageContent } from '../../core/model.ts';

/** A page's heading and lead (the page's `<h1>`, `#page-heading`), with what follows them. */
export function PageIntro({ content, children }: { content: PageContent; children?: ReactNode }) {
  return (
    <header className="page-intro">
      <h1 id="page-heading">{content.heading}</h1>
      {content.lead && <p className="lead">{content.lead}</p>}
      {children}
    </header>
  );
}

/** A page's text sections, each a scroll target (`#section-<n>`). */
export function Sections({ content }: { content: PageContent }) {
  if (content.sections.length === 0) return null;
  return (
    <div className="sections">
      {content.sections.map((section, index) => (
        <section key={section.heading} id={`section-${index + 1}`} data-float="" suppressHydrationWarning>
          <h2>{section.heading}</h2>
          <p>{section.text}</p>
        </section>
      ))}
    </div>
  );
}
