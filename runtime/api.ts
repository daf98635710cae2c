import { isLocalHost } from '../core/hosts.ts';
import type { SiteData } from '../core/model.ts';

/**
 * The API base for a page served at `hostname` (docs/api.md): local hosts
 * use the emulated back end on their own origin (`/_api/us`), the region's pre-production
 * hosts the pre-production API, every other host production. One bundle serves every
 * environment.
 */
export function apiBase(site: Pick<SiteData, 'api' | 'hosts' | 'backend'>, hostname: string): string {
  const host = hostname.toLowerCase();
  if (isLocalHost(host)) return `/_api/${site.backend}`;
  if (site.hosts.preproduction.includes(host)) return site.api.preproduction;
  return site.api.production;
}

/** The answer of every back-end call: `code` 2000 is success. */
export interface ApiAnswer<T> {
  code: number;
  message?: string;
  data?: T;
}

/**
 * GET /ssr/timestamp: the back end's current instant in epoch milliseconds (timeout 10 s). The
 * browser's own fetch: every page reads server time, and the API client (with ofetch) loads only
 * with the first other call.
 */
export async function fetchServerTime(site: SiteData, hostname: string): Promise<number> {
  const response = await fetch(`${apiBase(site, hostname)}/ssr/timestamp`, {
    headers: { region: site.code },
    cache: 'no-store',
    signal: AbortSignal.timeout(site.constants.timeouts.serverTime),
  });
  if (!response.ok) throw new Error(`/ssr/timestamp answered ${response.status}`);
  const answer = (await response.json()) as ApiAnswer<{ timestamp: number }> | null;
  const timestamp = answer?.data?.timestamp;
  if (answer?.code !== site.constants.codes.success || typeof timestamp !== 'number') throw new Error('unexpected /ssr/timestamp answer');
  return timestamp;
}
