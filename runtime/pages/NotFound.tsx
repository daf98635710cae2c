import { SiteLink } from '../components/SiteLink.tsx';
import { useSite, useT } from '../site.tsx';
import { pagePath } from '../../core/paths.ts';

/** The localised not-found page; part of the main chunk so it never waits for a load. */
export function NotFound() {
  const site = useSite();
  const t = useT();
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <p className="eyebrow">404</p>
      <h1 id="not-found-heading">{t('notFound.heading')}</h1>
      <p className="lead">{t('notFound.text')}</p>
      <p>
        <SiteLink className="button" href={pagePath(site.basePath, '')}>
          {t('notFound.backHome')}
        </SiteLink>
      </p>
    </section>
  );
}
