import { SiteLink } from '../components/SiteLink.tsx';
import { homePath } from '../routes.ts';
import { useSite, useT } from '../site.tsx';

/** A time-gated page outside its window: what the prerendered HTML shows until server time says otherwise. */
export function Closed() {
  const site = useSite();
  const t = useT();
  return (
    <section className="not-found" aria-labelledby="closed-heading">
      <h1 id="closed-heading">{t('closed.heading')}</h1>
      <p className="lead">{t('closed.text')}</p>
      <p>
        <SiteLink className="button" href={homePath(site)}>
          {t('notFound.backHome')}
        </SiteLink>
      </p>
    </section>
  );
}
