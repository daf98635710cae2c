import { SupportForm } from '../components/SupportForm.tsx';
import { useSite } from '../site.tsx';
import { PageIntro, Sections } from '../components/Sections.tsx';
import type { PageProps } from './props.ts';

/**
 * A support form page (product registration, return to the manufacturer): its heading, lead and
 * sections, then the form. (A form page's text has no downloads or template notice: those are
 * for manuals and legal texts, ContentPage.tsx.)
 */
export default function FormPage({ route, content }: PageProps) {
  const site = useSite();
  return (
    <article className="content-page" aria-labelledby="page-heading">
      <PageIntro content={content} />
      <Sections content={content} />
      {/* On a page not yet translated (<main lang> is its text's), the form is the region's. */}
      <SupportForm kind={route.kind === 'return-form' ? 'return' : 'registration'} lang={route.fallback && site.locale} />
    </article>
  );
}
