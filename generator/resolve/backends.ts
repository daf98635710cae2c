import type { BackendsData } from '../../core/backends.ts';
import type { RegionData } from '../../core/model.ts';
import { compareStrings } from '../diagnostics.ts';
import type { Validated } from '../validate.ts';
import { sortByKey } from './model.ts';

/** The prefix of the back ends' answer texts in a catalogue: `errors.code4010`. */
const ANSWER_PREFIX = 'errors.';

/**
 * What the back ends need to know of the sites (core/backends.ts): the back ends of
 * constants.yaml, every region's back end, locale and origin, and per locale the texts of
 * their answers (the catalogue's `errors`, merged along `extends`).
 */
export function resolveBackends(constants: Validated<'constants'> | undefined, regions: readonly RegionData[], catalogues: ReadonlyMap<string, Readonly<Record<string, string>>>): BackendsData {
  const messages: Record<string, Record<string, string>> = {};
  for (const locale of [...catalogues.keys()].sort(compareStrings)) {
    const texts = Object.entries(catalogues.get(locale)!).filter(([key]) => key.startsWith(ANSWER_PREFIX));
    messages[locale] = Object.fromEntries(texts.map(([key, text]) => [key.slice(ANSWER_PREFIX.length), text]));
  }
  return {
    newUserReward: constants?.data.newUserReward ?? 0,
    fallbackLocale: constants?.data.fallbackLocale ?? '',
    backends: sortByKey(constants?.data.backends ?? {}),
    regions: regions.map(({ code, backend, locale, regionSwitch, origin, basePath }) => ({ code, backend, locale, iso: regionSwitch.iso, origin, basePath })),
    messages,
  };
}
