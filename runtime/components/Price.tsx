import { formatPrice } from '../../core/format.ts';
import { useNow, useSite, useT } from '../site.tsx';
import { isActivityActive } from '../../core/time.ts';
import type { ProductData, SiteData } from '../../core/model.ts';

/** What a product costs now: the activity price while its activity runs, else the price. */
export function currentPrice(site: SiteData, product: ProductData, now: number): number {
  return isActivityActive(site, product, now) ? product.activityPrice! : product.price;
}

/**
 * A product's price on the server's clock: while the activity runs, the activity price with the
 * regular price struck through (each named for screen readers).
 */
export function Price({ product, className = 'buy-price' }: { product: ProductData; className?: string }) {
  const site = useSite();
  const t = useT();
  const now = useNow();
  const price = (amount: number) => formatPrice(amount, site.locale, site.currency);
  if (!isActivityActive(site, product, now)) {
    return (
      <p className={className}>
        <strong data-testid="price">{price(product.price)}</strong>
      </p>
    );
  }
  return (
    <p className={className}>
      <span className="visually-hidden">{t('product.offerPrice')} </span>
      <strong data-testid="price">{price(product.activityPrice!)}</strong>{' '}
      <s className="was">
        <span className="visually-hidden">{t('product.regularPrice')} </span>
        {price(product.price)}
      </s>
    </p>
  );
}

/**
 * The way to buy: the regional shop in a new tab with no way back into this page (noopener),
 * pre-order while on pre-sale, sold out at stock 0. `named` adds the product's name for screen
 * readers, where several products sit side by side.
 */
export function BuyAction({ product, tmall, named = false }: { product: ProductData; tmall?: string; named?: boolean }) {
  const t = useT();
  if (product.stock === 0) return <p className="buy-state">{t('product.soldOut')}</p>;
  if (!product.buy) return null;
  const label = product.isPreSale ? t('product.preOrder') : t('product.buy');
  return (
    <p className="buy-actions">
      <a className="button" href={product.buy} target="_blank" rel="noopener noreferrer" {...(named && { 'aria-label': `${label}: ${product.name}` })}>
        {label}
      </a>
      {tmall && (
        <a className="button secondary" href={tmall} target="_blank" rel="noopener noreferrer">
          {t('product.buyTmall')}
        </a>
      )}
    </p>
  );
}
