import { useSyncExternalStore } from 'react';

/** The visitor's country setting (SPEC.md section 3): kept in local storage, set by hand. */
export const COUNTRIES = ['US', 'CA', 'OTHER'] as const;
export type Country = (typeof COUNTRIES)[number];

export const COUNTRY_STORAGE_KEY = 'country';

const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled: the setting is simply not kept
  }
}

/** The stored country, or undefined when none (or an unknown value) is stored. */
export function readCountry(): Country | undefined {
  const value = storage()?.getItem(COUNTRY_STORAGE_KEY);
  return (COUNTRIES as readonly string[]).includes(value ?? '') ? (value as Country) : undefined;
}

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

/** The stored country; undefined on the server and during hydration, so markup matches. */
export function useCountry(): Country | undefined {
  return useSyncExternalStore(subscribe, readCountry, () => undefined);
}

/**
 * The label of a region for a visitor: us with country CA is 'Canada - English', us with any
 * other non-US country 'Other Regions - English'; otherwise the region's own label.
 */
export function regionLabel(code: string, label: string, country: Country | undefined): string {
  if (code !== 'us' || !country || country === 'US') return label;
  return country === 'CA' ? 'Canada - English' : 'Other Regions - English';
}
