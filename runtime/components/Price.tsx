import { formatPrice } from '../../core/format.ts';
import { formatsOf } from '../../core/locale.ts';
import { useNow, useSite, useT } from '../site.tsx';
import { currentPrice, isActivityActive } from '../../core/offers.ts';
import { fill } from '../../core/validation.ts';
import type { ProductData, SiteData } from '../../core/model.ts';

/**
 * The price a reduction running now is announced against: the regular price, or in a market
 * with `priorPrice` the lowest of the 30 days before the reduction (docs/market.md), when it is
 * higher than the reduced price (else nothing is announced as a reduction). `prior` says which:
 * the two differ when the price was raised within the 30 days (169, raised to 189, reduced to
 * 159 is announced against 169), so each is named as what it is.
 */
function wasPrice(site: SiteData, product: ProductData, now: number): { price: number; prior?: true } | undefined {
  if (!site.market.priorPrice) return { price: product.price };
  const prior = product.priorPrices?.find((w) => now >= w.start && (w.end === undefined || now < w.end))?.price;
  return prior !== undefined && prior > product.activityPrice! ? { price: prior, prior: true } : undefined;
}

/**
 * A product's price on the server's clock: while the activity runs, the activity price with the
 * price it is reduced from struck through (each named for screen readers: the regular price, or
 * in a market with `priorPrice` the prior price), how it stands to tax (`market.tax`), and in a
 * market with `priorPrice` the line that says what that price is. There the regular price is not
 * shown beside a reduced one: the reduction is announced against the prior price alone
 * (docs/market.md).
 */
export function Price({ product, className = 'buy-price' }: { product: ProductData; className?: string }) {
  const site = useSite();
  const t = useT();
  const now = useNow();
  const price = (amount: number) => formatPrice(amount, formatsOf(site), site.currency);
  const active = isActivityActive(site, product, now);
  const was = active ? wasPrice(site, product, now) : undefined;
  return (
    <>
      <p className={className}>
        {was && <span className="visually-hidden">{t('product.offerPrice')} </span>}
        <strong data-testid="price">{price(currentPrice(site, product, now))}</strong>
        {site.market.tax && (
          <span className="tax-note"> {t(site.market.tax === 'included' ? 'product.taxIncluded' : 'product.taxExcluded')}</span>
        )}
        {was && (
          <>
            {' '}
            <s className="was">
              <span className="visually-hidden">{t(was.prior ? 'product.priorPriceLabel' : 'product.regularPrice')} </span>
              {price(was.price)}
            </s>
          </>
        )}
      </p>
      {was?.prior && (
        <p className="prior-price" data-testid="prior-price">
          {fill(t('product.priorPrice'), { price: price(was.price) })}
        </p>
      )}
    </>
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
      <a
        className="button"
        href={product.buy}
        target="_blank"
        rel="noopener noreferrer"
        {...(named && { 'aria-label': `${label}: ${product.name}` })}
      >
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
