import type { PageContent, RouteInfo } from '../../core/model.ts';

/**
 * What a page component renders: its route and its text. Apart from the registry
 * (registry.ts), which loads the pages: a page imports this, never the registry.
 */
export interface PageProps {
  route: RouteInfo;
  content: PageContent;
}
