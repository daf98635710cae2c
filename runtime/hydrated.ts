import { useEffect, useState } from 'react';

/** False in the prerendered HTML and the first client render, true once hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
