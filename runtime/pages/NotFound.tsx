import { SiteLink } from '../components/SiteLink.tsx';
import { useSite, useT } from '../site.tsx';
import { pagePath } from '../../core/paths.ts';

/** The localised not-found page (its code loads when <main> shows it: runtime/widgets.tsx). */
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
