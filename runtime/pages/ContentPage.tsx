import { ProductArt } from '../components/ProductArt.tsx';
import { SupportForm } from '../components/SupportForm.tsx';
import { formatPrice } from '../format.ts';
import { useNow, useSite, useT } from '../site.tsx';
import { isActivityActive } from '../time.ts';
import { fill } from '../validation.ts';
import type { CSSProperties } from 'react';
import type { PageContent, ProductData, SiteData } from '../types.ts';
import type { PageProps } from './registry.ts';

/** Price, promotion and the way to buy, on the one clock (the activity price follows server time). */
function BuyBox({ product, site }: { product: ProductData; site: SiteData }) {
  const t = useT();
  const now = useNow();
  const onOffer = isActivityActive(site, product, now);
  const price = (amount: number) => formatPrice(amount, site.locale, site.currency);
  const current = onOffer ? product.activityPrice! : product.price;
  const installment = site.installment;
  return (
    <div className="buy-box" id="buy">
      <p className="buy-name">{product.name}</p>
      {onOffer ? (
        <p className="buy-price">
          <span className="visually-hidden">{t('product.offerPrice')} </span>
          <strong data-testid="price">{price(product.activityPrice!)}</strong>{' '}
          <s className="was">
            <span className="visually-hidden">{t('product.regularPrice')} </span>
            {price(product.price)}
          </s>
        </p>
      ) : (
        <p className="buy-price">
          <strong data-testid="price">{price(product.price)}</strong>
        </p>
      )}
      {installment?.text && (
        <p className="buy-installment" data-testid="installment">
          {installment.text}
          {installment.months ? ` · ${fill(t('product.perMonth'), { amount: price(current / installment.months) })}` : ''}
        </p>
      )}
      {product.stock === 0 ? (
        <p className="buy-state">{t('product.soldOut')}</p>
      ) : product.buy ? (
        <p className="buy-actions">
          {/* The regional shop opens in a new tab, with no way back into this page (noopener). */}
          <a className="button" href={product.buy} target="_blank" rel="noopener noreferrer">
            {product.isPreSale ? t('product.preOrder') : t('product.buy')}
          </a>
          {site.links.tmall && (
            <a className="button secondary" href={site.links.tmall} target="_blank" rel="noopener noreferrer">
              {t('product.buyTmall')}
            </a>
          )}
        </p>
      ) : null}
      {site.paymentMethods.length > 0 && (
        <p className="buy-payments" data-testid="payment-methods">
          {t('product.payWith')}{' '}
          {site.paymentMethods.map((method) => (
            <span className="payment" key={method}>
              {t(`payment.${method.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}`)}
            </span>
          ))}
        </p>
      )}
    </div>
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
 * A page made of its content: heading, lead and sections. A product page adds its banner
 * (drawing, price, buy), an in-page menu and the scroll targets its route may name.
 */
export default function ContentPage({ route, content }: PageProps) {
  const site = useSite();
  const t = useT();
  const product = route.product ? site.products[route.product] : undefined;
  const sections = content.sections.map((section, index) => (
    <section key={section.heading} id={`section-${index + 1}`}>
      <h2>{section.heading}</h2>
      <p>{section.text}</p>
    </section>
  ));
  if (route.page === 'faq') {
    return (
      <article className="content-page" aria-labelledby="page-heading">
        <header className="page-intro">
          <h1 id="page-heading">{content.heading}</h1>
          {content.lead && <p className="lead">{content.lead}</p>}
        </header>
        <Accordion items={content.sections} />
      </article>
    );
  }
  if (!product || !route.product) {
    return (
      <article className="content-page" aria-labelledby="page-heading">
        <header className="page-intro">
          <h1 id="page-heading">{content.heading}</h1>
          {content.lead && <p className="lead">{content.lead}</p>}
        </header>
        {sections.length > 0 && <div className="sections">{sections}</div>}
        {route.page === 'product-registration' && <SupportForm kind="registration" />}
        {route.page === 'return-manufacturer' && <SupportForm kind="return" />}
      </article>
    );
  }
  return (
    <article className="content-page product-page" aria-labelledby="page-heading">
      <section className="product-banner" id="banner" aria-labelledby="page-heading">
        <div className="banner-text">
          <h1 id="page-heading">{content.heading}</h1>
          {content.lead && <p className="lead">{content.lead}</p>}
          <BuyBox product={product} site={site} />
        </div>
        <ProductArt product={route.product} title={product.alt} />
      </section>
      {sections.length > 0 && (
        <>
          <nav className="app-menu" id="app-menu" aria-label={t('product.menu')}>
            <ul>
              {content.sections.map((section, index) => (
                <li key={section.heading}>
                  <a href={`#section-${index + 1}`}>{section.heading}</a>
                </li>
              ))}
              <li>
                <a href="#buy">{t('product.purchase')}</a>
              </li>
            </ul>
          </nav>
          <div className="sections">{sections}</div>
        </>
      )}
    </article>
  );
}
