import { useEffect, useSyncExternalStore } from 'react';
import type { RegionLink } from '../core/model.ts';
import { COUNTRY_STORAGE_KEY, detectCountry, detectedCountry, listeners, readCountry, storage } from './country-detect.ts';
import type { Country } from './country-detect.ts';

/**
 * The visitor's country setting (docs/runtime.md): kept in local storage, set by hand. A
 * country code (US, CA...) or OTHER; which ones a region offers is content (`region.countries`).
 * Until the visitor sets one, the country the back end places them in (`GET /ssr/iso`) stands
 * in (runtime/country-detect.ts).
 */
export type { Country };
export { COUNTRY_STORAGE_KEY, readCountry };

export function writeCountry(country: Country): void {
  try {
    storage()?.setItem(COUNTRY_STORAGE_KEY, country);
  } catch {
    // quota or privacy mode: keep working without persistence
  }
  for (const listener of listeners) listener();
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
    () => readCountry() ?? detectedCountry(),
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
