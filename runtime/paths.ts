import { REGION_CODES } from './types.ts';
import type { RegionCode } from './types.ts';

/**
 * The path rule of the specification: repeated slashes collapse, a trailing slash is dropped,
 * and the result always starts with a single slash. Query and hash are not part of a path.
 */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const collapsed = `/${bare}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

export function isRegionCode(value: string): value is RegionCode {
  return (REGION_CODES as readonly string[]).includes(value);
}

export interface PathParts {
  region: RegionCode;
  /** The page segment(s) after the region, without slashes at either end; '' for home. */
  page: string;
}

/**
 * Splits a path into region and page. The first segment picks the region when it is a
 * region code other than cn; anything else belongs to cn, the default region at `/`.
 */
export function parsePath(path: string): PathParts {
  const segments = normalizePath(path).split('/').filter(Boolean);
  const first = segments[0]?.toLowerCase();
  if (first && first !== 'cn' && isRegionCode(first)) return { region: first, page: segments.slice(1).join('/') };
  return { region: 'cn', page: segments.join('/') };
}

/** The absolute path of a page in a region: `pagePath('us', '')` is `/us`, `pagePath('cn', 'faq')` is `/faq`. */
export function pagePath(region: RegionCode, page: string): string {
  const base = region === 'cn' ? '' : `/${region}`;
  const rest = page.replace(/^\/+|\/+$/g, '');
  return rest ? `${base}/${rest}` : base || '/';
}
