/** Every message key the runtime looks up. The compiler checks each exists in every locale. */
export const RUNTIME_MESSAGE_KEYS = [
  'a11y.mainNav',
  'a11y.skipToContent',
  'chooser.current',
  'footer.changeRegion',
  'footer.regionLabel',
  'footer.rights',
  'nav.chooseRegion',
  'nav.home',
  'notFound.backHome',
  'notFound.heading',
  'notFound.text',
  'notFound.title',
  'product.buy',
  'product.preOrder',
  'product.soldOut',
  'redirect.text',
  'site.name',
  'site.tagline',
] as const;

export type RuntimeMessageKey = (typeof RUNTIME_MESSAGE_KEYS)[number];
