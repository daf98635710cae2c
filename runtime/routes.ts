import type { SiteData } from '../core/model.ts';

/** The region's home path: `/` for cn, `/us` for us. */
export function homePath(site: Pick<SiteData, 'basePath'>): string {
  return site.basePath || '/';
}
