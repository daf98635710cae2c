import { createContext, useContext } from 'react';
import type { RegionData } from './types.ts';
import { translate } from './messages.ts';

const SiteContext = createContext<RegionData | null>(null);

export const SiteProvider = SiteContext.Provider;

/** The current region's resolved data. */
export function useSite(): RegionData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() must be used inside <SiteProvider>');
  return site;
}

/** A translator bound to the current region's messages. */
export function useT(): (key: string) => string {
  const { messages } = useSite();
  return (key) => translate(messages, key);
}
