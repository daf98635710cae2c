import type { ProductData, RegionData } from '../../core/model.ts';
import { allPaths, countdownPaths, productPaths } from '../resolve/pages-showing.ts';

// Which of a region's pages show a change of generator/diff/index.ts (the pages `diff --pictures`
// renders, docs/review.md), and whether its pages show a catalogue text at all.

/** The products a region's pages show (a page of their own, a line-up place, a bundle offer). */
function shownProducts(region: RegionData): ProductData[] {
  return Object.keys(region.products)
    .filter((key) => productPaths(region, key).length > 0)
    .map((key) => region.products[key]!);
}

const buyable = (p: ProductData) => p.stock !== 0 && Boolean(p.buy);
const camel = (method: string) => method.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * Catalogue texts a region's pages show only when its data calls for them (what the runtime's
 * components render them under); any other text shows wherever the region has it. A change to
 * one of these is listed only for the regions that show it: "Sold out" only where a page shows
 * a sold-out product.
 */
const SHOWN_WHEN: readonly [prefix: string, shown: (region: RegionData, key: string) => boolean][] = [
  ['product.soldOut', (r) => shownProducts(r).some((p) => p.stock === 0)],
  ['product.preOrder', (r) => shownProducts(r).some((p) => buyable(p) && p.isPreSale)],
  ['product.buy', (r) => shownProducts(r).some((p) => buyable(p) && !p.isPreSale)],
  ['product.buyTmall', (r) => Boolean(r.links.tmall) && shownProducts(r).some(buyable)],
  ['product.perMonth', (r) => Boolean(r.installment?.text && r.installment.months) && r.routes.some((route) => route.product)],
  ['product.payWith', (r) => r.paymentMethods.length > 0],
  ['product.taxIncluded', (r) => r.market.tax === 'included'],
  ['product.taxExcluded', (r) => r.market.tax === 'excluded'],
  ['product.priorPrice', (r) => Boolean(r.market.priorPrice)],
  ['product.bundle', (r) => shownProducts(r).some((p) => (p.includes?.length ?? 0) > 0)],
  ['countdown.', (r) => Boolean(r.countdown)],
  ['chat.', (r) => r.chat],
  ['support.', (r) => r.routes.some((route) => route.kind === 'registration-form' || route.kind === 'return-form')],
  ['payment.', (r, key) => r.paymentMethods.some((method) => `payment.${camel(method)}` === key)],
];

/** Whether a region's pages show a catalogue text (by the longest rule that names it: `product.buyTmall` is not `product.buy`). */
export function showsMessage(region: RegionData, key: string): boolean {
  const rule = SHOWN_WHEN.filter(([prefix]) => key.startsWith(prefix)).sort(([a], [b]) => b.length - a.length)[0];
  return rule ? rule[1](region, key) : true;
}

/** Paths of both versions, once each, in the order they come. */
export function union(...lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

/** The pages that show a product (its price, its name, its stock): those of either version. */
export function productPages(before: RegionData, after: RegionData, key: string): string[] {
  return union(productPaths(before, key), productPaths(after, key));
}

/**
 * The pages of a region that show a changed leaf (by its path in the region's data): a product
 * on the pages that show it, the countdown and its texts on the front page, a page's own fields
 * on that page, a catalogue text of the product components on the pages that show products;
 * the banner, the navigation, the stages and every other setting on every page.
 */
export function pagesOfLeaf(before: RegionData, after: RegionData, at: readonly string[]): string[] {
  const [top, key = ''] = at;
  const pages = (region: RegionData) => new Set(allPaths(region));
  const open = (path: string) => pages(before).has(path) || pages(after).has(path);
  if (top === 'products') return productPages(before, after, key);
  if (top === 'countdown' || (top === 'messages' && key.startsWith('countdown.')))
    return union(countdownPaths(before), countdownPaths(after));
  if (top === 'routes') return open(key) ? [key] : [];
  if (top === 'messages' && key.startsWith('product.')) {
    const keys = union(Object.keys(before.products), Object.keys(after.products));
    return union(...keys.map((product) => productPages(before, after, product)));
  }
  return union(allPaths(before), allPaths(after));
}
