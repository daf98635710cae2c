import { formatPrice } from '../format.ts';
import { useSite, useT } from '../site.tsx';
import type { PageProps } from './registry.ts';

/** A page made of its content: heading, lead, sections, and the product it presents, if any. */
export default function ContentPage({ route, content }: PageProps) {
  const site = useSite();
  const t = useT();
  const product = route.product ? site.products[route.product] : undefined;
  return (
    <article className="content-page" aria-labelledby="page-heading">
      <header className="page-intro">
        <h1 id="page-heading">{content.heading}</h1>
        {content.lead && <p className="lead">{content.lead}</p>}
      </header>
      {product && (
        <aside className="buy-box" aria-label={product.name}>
          <p className="buy-name">{product.name}</p>
          <p className="buy-price">{formatPrice(product.price, site.locale, site.currency)}</p>
          {product.stock === 0 ? (
            <p className="buy-state">{t('product.soldOut')}</p>
          ) : product.buy ? (
            <a className="button" href={product.buy} target="_blank" rel="noopener noreferrer">
              {product.isPreSale ? t('product.preOrder') : t('product.buy')}
            </a>
          ) : null}
        </aside>
      )}
      {content.sections.length > 0 && (
        <div className="sections">
          {content.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              <p>{section.text}</p>
            </section>
          ))}
        </div>
      )}
    </article>
  );
}
