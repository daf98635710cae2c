import { useEffect, useSyncExternalStore } from 'react';
import { apiBase } from './api.ts';
import type { ApiAnswer } from './api.ts';
import type { RegionLink, SiteData } from '../core/model.ts';

/**
 * The visitor's country setting (docs/runtime.md): kept in local storage, set by hand. A
 * country code (US, CA...) or OTHER; which ones a region offers is content (`region.countries`).
 * Until the visitor sets one, the country the back end places them in (`GET /ssr/iso`) stands
 * in: read once a visit (session storage), and any failure leaves the region's own country.
 */
export type Country = string;

export const COUNTRY_STORAGE_KEY = 'country';

const listeners = new Set<() => void>();

function storage(): Storage | undefined {
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

export function writeCountry(country: Country): void {
  try {
    storage()?.setItem(COUNTRY_STORAGE_KEY, country);
  } catch {
    // quota or privacy mode: keep working without persistence
  }
  for (const listener of listeners) listener();
}

const DETECTED_KEY = 'country-detected';
let detected: Country | undefined;
let detecting = false;

function session(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Asks the back end where the visitor is (once a visit), unless a country is stored. */
function detectCountry(site: Pick<SiteData, 'api' | 'hosts' | 'backend' | 'code' | 'constants'>): void {
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === COUNTRY_STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The stored country, else the one the back end placed the visitor in once it is known;
 * undefined on the server and during hydration, so markup matches.
 */
export function useCountry(site: Parameters<typeof detectCountry>[0]): Country | undefined {
  useEffect(() => detectCountry(site), [site]);
  return useSyncExternalStore(
    subscribe,
    () => readCountry() ?? detected,
    () => undefined,
  );
}

/**
 * Which of a region's choices a stored country picks: the region's own country (`iso`) when
 * none is stored or it is that one, a country the region lists, or else OTHER when the region
 * lists it (us: CA is Canada, any other non-US country Other Regions).
 */
export function chosenCountry(region: Pick<RegionLink, 'iso' | 'countries'>, country: Country | undefined): string {
  const wanted = country?.toUpperCase();
  if (!wanted || wanted === region.iso.toUpperCase()) return region.iso;
  if (Object.hasOwn(region.countries, wanted)) return wanted;
  return Object.hasOwn(region.countries, 'OTHER') ? 'OTHER' : region.iso;
}

/** The label of a region for a visitor with a stored country: 'Canada - English' for us with CA. */
export function regionLabel(region: Pick<RegionLink, 'iso' | 'label' | 'countries'>, country: Country | undefined): string {
  const chosen = chosenCountry(region, country);
  return chosen === region.iso ? region.label : (region.countries[chosen] ?? region.label);
}
