import { fill } from '../../core/validation.ts';
import { useApp, useSite, useT } from '../site.tsx';
import type { ProductKey } from '../../core/model.ts';
import { ProductImage } from './ProductImage.tsx';
import { BuyAction, Price } from './Price.tsx';
import { SiteLink } from './SiteLink.tsx';

/**
 * The home page's line-up: a card per product with its drawing, name, price on the server's
 * clock and a way to buy (buy, pre-order, or sold out). The name links to the product's page
 * (inside the site, or the shop when the product has no page here).
 */
export function Lineup({ products }: { products: readonly ProductKey[] }) {
  const { content } = useApp();
  const t = useT();
  return (
    <section className="lineup" id="lineup" aria-labelledby="lineup-heading">
      <h2 id="lineup-heading">{t('lineup.heading')}</h2>
      <ul className="lineup-cards">
        {products.map((key) => {
          const product = content.product(key);
          if (!product) return null;
          const internal = product.link.startsWith('/');
          return (
            <li className="lineup-card" key={key} data-product={key} data-float="" suppressHydrationWarning>
              <ProductImage product={key} alt={product.alt} lazy />
              <h3>
                {internal ? (
                  <SiteLink href={product.link}>{product.name}</SiteLink>
                ) : (
                  <a href={product.link} target="_blank" rel="noopener noreferrer">
                    {product.name}
                  </a>
                )}
              </h3>
              <Price product={product} className="lineup-price" />
              <BuyAction product={product} named />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The new-member reward: credits for creating an account. */
export function RewardBanner() {
  const site = useSite();
  const t = useT();
  return (
    <aside className="reward" aria-label={t('lineup.rewardLink')}>
      <p>{fill(t('lineup.reward'), { credits: site.constants.newUserReward })}</p>
      <SiteLink className="button secondary" href={`${site.basePath}/register`}>
        {t('lineup.rewardLink')}
      </SiteLink>
    </aside>
  );
}
