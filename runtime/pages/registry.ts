import { pageComponentName } from '../../core/kinds.ts';
import type { PageComponentName, RouteKind } from '../../core/kinds.ts';
import type { PageContent, RouteInfo } from '../../core/model.ts';
import { lazyPage } from '../lazy-page.ts';
import type { LazyPage } from '../lazy-page.ts';

export interface PageProps {
  route: RouteInfo;
  content: PageContent;
}

const components: Record<PageComponentName, LazyPage<PageProps>> = {
  Home: lazyPage(() => import('./Home.tsx')),
  ChooseRegion: lazyPage(() => import('./ChooseRegion.tsx')),
  ContentPage: lazyPage(() => import('./ContentPage.tsx')),
  FormPage: lazyPage(() => import('./FormPage.tsx')),
  Account: lazyPage(() => import('./Account.tsx')),
};

/** The lazily loaded component that renders a kind of page (none for a redirect). */
export function pageFor(kind: RouteKind): LazyPage<PageProps> | undefined {
  const name = pageComponentName(kind);
  return name && components[name];
}
