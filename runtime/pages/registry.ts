import { lazyPage } from '../lazy-page.ts';
import type { LazyPage } from '../lazy-page.ts';
import type { PageName, RouteData } from '../types.ts';

export interface PageProps {
  route: RouteData;
}

/** Every page type, each in its own chunk. */
export const pages: Record<PageName, LazyPage<PageProps>> = {
  home: lazyPage(() => import('./Home.tsx')),
  'choose-your-region': lazyPage(() => import('./ChooseRegion.tsx')),
};
