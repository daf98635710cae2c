import { isAccountScreen } from '../types.ts';
import type { PageName } from '../types.ts';

/** The page components; each is its own chunk, in runtime/pages/<name>.tsx. */
export const PAGE_COMPONENTS = ['Home', 'ChooseRegion', 'ContentPage', 'Account'] as const;
export type PageComponentName = (typeof PAGE_COMPONENTS)[number];

/** Which component renders a page: the pages without their own layout use ContentPage. */
export function pageComponentName(page: PageName): PageComponentName {
  if (page === 'home') return 'Home';
  if (page === 'choose-your-region') return 'ChooseRegion';
  if (isAccountScreen(page)) return 'Account';
  return 'ContentPage';
}
