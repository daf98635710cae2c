import type { CSSProperties } from 'react';
import { useSite, useT } from '../site.tsx';
import type { PageContent, PageDownload } from '../../core/model.ts';
import type { PageProps } from './props.ts';
import { PageIntro, Sections } from '../components/Sections.tsx';

/** Files to download, grouped by the product they belong to. */
function Downloads({ downloads, heading }: { downloads: readonly PageDownload[]; heading: string }) {
  const groups = new Map<string, PageDownload[]>();
  for (const file of downloads) groups.set(file.product ?? '', [...(groups.get(file.product ?? '') ?? []), file]);
  return (
    <section className="downloads" id="downloads" aria-labelledby="downloads-heading">
      <h2 id="downloads-heading">{heading}</h2>
      <div className="download-groups">
        {[...groups].map(([product, files]) => (
          <div className="download-group" key={product}>
            {product && <h3>{product}</h3>}
            <ul>
              {files.map((file) => (
                <li key={file.href}>
                  <a href={file.href} download>
                    {file.title}
                  </a>{' '}
                  <span className="download-meta">
                    {file.format}, {file.size}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * Questions and answers that open one by one (the FAQ), as native disclosure elements: they
 * work before any script runs and a search in the page finds a closed answer. The collapse
 * effect animates the height in `durations.collapse` (constants.yaml).
 */
function Accordion({ items }: { items: PageContent['sections'] }) {
  const site = useSite();
  return (
    <div className="accordion" style={{ '--collapse-duration': `${site.constants.durations.collapse}ms` } as CSSProperties}>
      {items.map((item, index) => (
        <details key={item.heading} id={`section-${index + 1}`} className="accordion-item">
          <summary>
            <h2>{item.heading}</h2>
            <svg className="accordion-mark" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <p>{item.text}</p>
        </details>
      ))}
    </div>
  );
}

/**
 * A page made of its content (a legal text, manuals, the FAQ...): heading, lead and sections,
 * with a legal text's template notice and the downloads of manuals. Product pages are
 * ProductPage.tsx, the support forms FormPage.tsx.
 */
export default function ContentPage({ route, content }: PageProps) {
  const t = useT();
  if (route.kind === 'faq') {
    return (
      <article className="content-page" aria-labelledby="page-heading">
        <PageIntro content={content} />
        <Accordion items={content.sections} />
      </article>
    );
  }
  return (
    <article className="content-page" aria-labelledby="page-heading">
      <PageIntro content={content}>
        {content.template && (
          <p className="template-notice" role="note">
            {t('legal.template')}
          </p>
        )}
      </PageIntro>
      <Sections content={content} />
      {content.downloads && <Downloads downloads={content.downloads} heading={t('downloads.heading')} />}
    </article>
  );
}
