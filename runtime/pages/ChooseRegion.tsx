import { useSite, useT } from '../site.tsx';
import type { PageProps } from './registry.ts';

/** The region chooser: every region is its own site, so choosing one is a full page load. */
export default function ChooseRegion({ content }: PageProps) {
  const site = useSite();
  const t = useT();
  return (
    <section className="chooser" aria-labelledby="chooser-heading">
      <h1 id="chooser-heading">{content.heading}</h1>
      {content.lead && <p className="lead">{content.lead}</p>}
      <ul className="region-list">
        {site.regions.map((region) => {
          const current = region.code === site.code;
          return (
            <li key={region.code}>
              <a href={region.home} hrefLang={region.hreflang} lang={region.locale} aria-current={current ? 'page' : undefined} className={current ? 'region current' : 'region'}>
                <span className="region-code">{region.code.toUpperCase()}</span>
                <span className="region-label">{region.label}</span>
                {current && <span className="region-note" lang={site.locale}>{t('chooser.current')}</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
