import { lazyPage } from '../lazy-page.ts';
import type { LazyPage } from '../lazy-page.ts';
import type { PageContent, PageName, RouteInfo } from '../types.ts';
import { pageComponentName } from './modules.ts';
import type { PageComponentName } from './modules.ts';

export interface PageProps {
  route: RouteInfo;
  content: PageContent;
}

const components: Record<PageComponentName, LazyPage<PageProps>> = {
  Home: lazyPage(() => import('./Home.tsx')),
  ChooseRegion: lazyPage(() => import('./ChooseRegion.tsx')),
  ContentPage: lazyPage(() => import('./ContentPage.tsx')),
  Account: lazyPage(() => import('./Account.tsx')),
};

/** The lazily loaded component of a page. */
export function pageFor(page: PageName): LazyPage<PageProps> {
  return components[pageComponentName(page)];
}
