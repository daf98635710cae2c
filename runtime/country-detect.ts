import { apiBase } from './api.ts';
import type { ApiAnswer } from './api.ts';
import type { SiteData } from '../core/model.ts';

/**
 * The visitor's country (docs/runtime.md): the one stored (set by hand, runtime/country.ts), or
 * the one the back end places them in (`GET /ssr/iso`), read once a visit (session storage); any
 * failure leaves the region's own country. What the app shell needs to know it, without the
 * hooks and labels that show it (runtime/country.ts).
 */
export type Country = string;

export const COUNTRY_STORAGE_KEY = 'country';

/** Called when the country changes (set here, or detected). */
export const listeners = new Set<() => void>();

export function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled: the setting is simply not kept
  }
}

/** The stored country in upper case, or undefined when none (or something that is no country code) is stored. */
export function readCountry(): Country | undefined {
  const value = storage()?.getItem(COUNTRY_STORAGE_KEY)?.trim().toUpperCase();
  return value && /^([A-Z]{2}|OTHER)$/.test(value) ? value : undefined;
}

const DETECTED_KEY = 'country-detected';
let detected: Country | undefined;

/** The country the back end placed the visitor in, once known. */
export function detectedCountry(): Country | undefined {
  return detected;
}
let detecting = false;

function session(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Asks the back end where the visitor is (once a visit), unless a country is stored. */
export function detectCountry(site: Pick<SiteData, 'api' | 'hosts' | 'backend' | 'code' | 'constants'>): void {
  if (detecting || readCountry()) return;
  detecting = true;
  const cached = session()?.getItem(DETECTED_KEY);
  if (cached && /^[A-Z]{2}$/.test(cached)) {
    detected = cached;
    for (const listener of listeners) listener();
    return;
  }
  // No Accept-Language on /ssr/iso (docs/api.md); the browser's fetch, not the API client.
  fetch(`${apiBase(site, window.location.hostname)}/ssr/iso`, {
    headers: { region: site.code },
    signal: AbortSignal.timeout(site.constants.timeouts.default),
  })
    .then((response) => (response.ok ? (response.json() as Promise<ApiAnswer<{ iso?: unknown }>>) : undefined))
    .then((answer) => {
      const iso =
        answer?.code === site.constants.codes.success && typeof answer.data?.iso === 'string' ? answer.data.iso.toUpperCase() : undefined;
      if (!iso || !/^[A-Z]{2}$/.test(iso)) return;
      detected = iso;
      try {
        session()?.setItem(DETECTED_KEY, iso);
      } catch {
        // not kept: asked again next page
      }
      for (const listener of listeners) listener();
    })
    .catch(() => undefined); // silently: the region's own country stands
}

/**
 * Looks the country up (as the footer does when it hydrates) and calls `known` with it once it is
 * known: the stored one, or the one the back end answers (never on a failure).
 */
export function whenCountryKnown(site: Parameters<typeof detectCountry>[0], known: (country: Country) => void): void {
  const answer = () => {
    const country = readCountry() ?? detected;
    if (country !== undefined) known(country);
    return country !== undefined;
  };
  if (answer()) return;
  const listener = () => answer() && listeners.delete(listener);
  listeners.add(listener);
  detectCountry(site);
}
