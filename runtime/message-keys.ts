/** Every message key the runtime looks up. The compiler checks each exists in every locale. */
export const RUNTIME_MESSAGE_KEYS = [
  'a11y.mainNav',
  'a11y.skipToContent',
  'chooser.current',
  'closed.heading',
  'closed.text',
  'footer.changeRegion',
  'footer.regionLabel',
  'nav.chooseRegion',
  'nav.home',
  'notFound.backHome',
  'notFound.heading',
  'notFound.text',
  'notFound.title',
  'product.buy',
  'product.menu',
  'product.offerPrice',
  'product.preOrder',
  'product.purchase',
  'product.regularPrice',
  'product.soldOut',
  'redirect.text',
  'site.name',
  'site.tagline',
] as const;

export type RuntimeMessageKey = (typeof RUNTIME_MESSAGE_KEYS)[number];
