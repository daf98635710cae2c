import { AppMenu } from '../components/AppMenu.tsx';
import { Collapse } from '../components/Collapse.tsx';
import { Picture } from '../components/Picture.tsx';
import { BuyAction, Price } from '../components/Price.tsx';
import { currentPrice } from '../../core/offers.ts';
import { ProductImage } from '../components/ProductImage.tsx';
import { formatPrice, installmentLine } from '../../core/format.ts';
import { formatsOf } from '../../core/locale.ts';
import { useApp, useNow, useT } from '../site.tsx';
import { fill } from '../../core/validation.ts';
import { countText } from '../../core/plurals.ts';
import type { GalleryImage, PageSpec, ProductData, ProductKey, SiteData } from '../../core/model.ts';
import { PageIntro, Sections } from '../components/Sections.tsx';
import type { PageProps } from './props.ts';

/** `wechat-pay` -> `wechatPay`: a payment method as the catalogue's `payment` group names it. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** Price, promotion and the way to buy, on the one clock (the activity price follows server time). */
function BuyBox({ product, site, lang }: { product: ProductData; site: SiteData; lang?: string }) {
  const t = useT();
  const now = useNow();
  const installment = installmentLine(site, t('product.perMonth'), currentPrice(site, product, now));
  return (
    <div className="buy-box" id="buy" lang={lang}>
      <p className="buy-name">{product.name}</p>
      <Price product={product} />
      {installment && (
        <p className="buy-installment" data-testid="installment">
          {installment}
        </p>
      )}
      <BuyAction product={product} tmall={site.links.tmall} />
      {site.paymentMethods.length > 0 && (
        <p className="buy-payments" data-testid="payment-methods">
          {t('product.payWith')}{' '}
          {site.paymentMethods.map((method) => (
            <span className="payment" key={method}>
              {t(`payment.${method.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()) as CamelCase<typeof method>}`)}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

/** The product's specifications as a two-column table. */
function Specs({ specs, heading }: { specs: readonly PageSpec[]; heading: string }) {
  return (
    <section className="specs" id="specs" aria-labelledby="specs-heading">
      <h2 id="specs-heading">{heading}</h2>
      {/* On phones the table is cut to its first rows, with a button to see them all. */}
      <Collapse limits={{ mobile: 280 }}>
        <table>
          <tbody>
            {specs.map((spec) => (
              <tr key={spec.label}>
                <th scope="row">{spec.label}</th>
                <td>{spec.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Collapse>
    </section>
  );
}

/** Pictures below the fold: each loads lazily, at its own size, in webp or the fallback format. */
function Gallery({ images, heading }: { images: readonly GalleryImage[]; heading: string }) {
  return (
    <section className="gallery" id="gallery" aria-labelledby="gallery-heading">
      <h2 id="gallery-heading">{heading}</h2>
      <ul>
        {images.map((item) => (
          <li key={item.image.src} data-float="" suppressHydrationWarning>
            <figure>
              <Picture image={item.image} alt={item.alt} />
              {item.caption && <figcaption>{item.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The bundles that contain this product, as offers: what is in them, their price and what they
 * save against buying the parts at today's prices.
 */
function BundleOffers({ productKey, lang }: { productKey: ProductKey; lang?: string }) {
  const { site, content } = useApp();
  const t = useT();
  const now = useNow();
  const bundles = (content.product(productKey)?.bundles ?? []).flatMap((key): [ProductKey, ProductData][] => {
    const bundle = content.product(key);
    return bundle ? [[key, bundle]] : [];
  });
  if (bundles.length === 0) return null;
  const list = new Intl.ListFormat(formatsOf(site), { type: 'conjunction' });
  return (
    <>
      {bundles.map(([key, bundle]) => {
        const parts = bundle.includes!.flatMap((part) => content.product(part) ?? []);
        const saving = parts.reduce((sum, part) => sum + currentPrice(site, part, now), 0) - currentPrice(site, bundle, now);
        return (
          <section className="bundle" id={`bundle-${key}`} key={key} aria-labelledby={`bundle-${key}-heading`} lang={lang}>
            <div className="bundle-text">
              <p className="eyebrow">{t('product.bundleHeading')}</p>
              <h2 id={`bundle-${key}-heading`}>{bundle.name}</h2>
              <p>
                {fill(countText(t, 'product.bundleIncludes', formatsOf(site), parts.length), {
                  count: parts.length,
                  items: list.format(parts.map((part) => part.name)),
                })}
              </p>
              <Price product={bundle} />
              {saving > 0 && (
                <p className="bundle-saving">
                  {fill(t('product.bundleSave'), { amount: formatPrice(saving, formatsOf(site), site.currency) })}
                </p>
              )}
              <BuyAction product={bundle} named />
            </div>
            <ProductImage product={key} alt={bundle.alt} lazy />
          </section>
        );
      })}
    </>
  );
}

/**
 * A product page: its banner (drawing, price, buy), an in-page menu, its sections,
 * specifications and gallery, and the bundles that contain the product. The scroll targets its
 * route may name are the banner and the menu. A product the region does not sell (or does not
 * know yet) shows its text alone.
 */
export default function ProductPage({ route, content }: PageProps) {
  const app = useApp();
  const site = app.site;
  const t = useT();
  const product = route.product ? app.content.product(route.product) : undefined;
  // On a page not yet translated (<main lang> is its text's), prices and buying are the region's.
  const own = route.fallback && site.locale;
  if (!product || !route.product) {
    return (
      <article className="content-page" aria-labelledby="page-heading">
        <PageIntro content={content} />
        <Sections content={content} />
      </article>
    );
  }
  return (
    <article className="content-page product-page" aria-labelledby="page-heading">
      <section className="product-banner" id="banner" aria-labelledby="page-heading">
        <div className="banner-text">
          <h1 id="page-heading">{content.heading}</h1>
          {content.lead && <p className="lead">{content.lead}</p>}
          <BuyBox product={product} site={site} lang={own || undefined} />
        </div>
        <ProductImage product={route.product} alt={product.alt} />
      </section>
      <AppMenu
        initial="buy"
        items={[
          ...content.sections.map((section, index) => ({ target: `section-${index + 1}`, label: section.heading })),
          ...(content.specs ? [{ target: 'specs', label: t('product.specs') }] : []),
          ...(content.gallery ? [{ target: 'gallery', label: t('product.gallery') }] : []),
          { target: 'buy', label: t('product.purchase') },
        ]}
      />
      <Sections content={content} />
      {content.specs && <Specs specs={content.specs} heading={t('product.specs')} />}
      {content.gallery && <Gallery images={content.gallery} heading={t('product.gallery')} />}
      <BundleOffers productKey={route.product} lang={own || undefined} />
    </article>
  );
}
