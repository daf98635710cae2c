import { Lineup, RewardBanner } from '../components/Lineup.tsx';
import { Countdown } from '../components/Countdown.tsx';
import { NewsletterInvite } from '../components/NewsletterInvite.tsx';
import { RobotArt } from '../components/RobotArt.tsx';
import { SiteLink } from '../components/SiteLink.tsx';
import { useApp, useT } from '../site.tsx';
import { featuredProduct } from '../../core/model.ts';
import type { ProductKey } from '../../core/model.ts';
import { fill } from '../../core/validation.ts';
import type { PageProps } from './props.ts';

const ICONS = ['M12 3l7 4v10l-7 4-7-4V7z', 'M4 6h16M4 12h10M4 18h13', 'M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z'];

/**
 * The home page: the hero with its primary action (the content's featured product), the
 * countdown, the line-up and the reward, the feature cards, and the newsletter invitation (the
 * page's one newsletter: the footer leaves its form out here).
 */
export default function Home({ content }: PageProps) {
  const t = useT();
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero-text">
          <p className="eyebrow">{t('site.tagline')}</p>
          <h1 id="hero-heading">{content.heading}</h1>
          {content.lead && <p className="lead">{content.lead}</p>}
          <HeroAction productKey={featuredProduct(content)} />
        </div>
        <RobotArt title={t('site.name')} />
      </section>
      <Countdown />
      {content.lineup && <Lineup products={content.lineup} />}
      <RewardBanner />
      {content.sections.length > 0 && (
        <section className="features">
          {content.sections.map((section, index) => (
            <article className="feature" key={section.heading} data-float="" suppressHydrationWarning>
              <svg className="feature-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
                <path
                  d={ICONS[index % ICONS.length]}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                />
              </svg>
              <h2>{section.heading}</h2>
              <p>{section.text}</p>
            </article>
          ))}
        </section>
      )}
      <NewsletterInvite />
    </>
  );
}

/** The hero's primary action: the featured product's page (or its shop, where the region has no page for it). */
function HeroAction({ productKey }: { productKey?: ProductKey }) {
  const { content } = useApp();
  const t = useT();
  const product = productKey ? content.product(productKey) : undefined;
  if (!product) return null;
  const label = fill(t('lineup.featured'), { name: product.name });
  return (
    <p className="buy-actions">
      {product.link.startsWith('/') ? (
        <SiteLink className="button" href={product.link}>
          {label}
        </SiteLink>
      ) : (
        <a className="button" href={product.link} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      )}
    </p>
  );
}
