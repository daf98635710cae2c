import type { BackendsData } from '../../core/backends.ts';
import type { RegionData } from '../../core/model.ts';
import { compareStrings } from '../diagnostics/index.ts';
import type { Validated } from '../validate/index.ts';
import { sortByKey } from './model.ts';

/** The prefix of the back ends' answer texts in a catalogue: `errors.code4010`. */
const ANSWER_PREFIX = 'errors.';

/** The prefix of the mail the back ends send (`mail.loginSubject`): theirs alone, never the browser's. */
export const MAIL_PREFIX = 'mail.';

/** The catalogue key of the brand, the `{brand}` of the mail. */
const BRAND_KEY = 'site.name';

/** The catalogue group of the consent banner, which the build writes into the pages itself. */
export const CONSENT_PREFIX = 'consent.';

/** A catalogue without the back ends' mail and the consent banner's texts: what a region's pages carry. */
export function pageMessages(messages: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => !key.startsWith(MAIL_PREFIX) && !key.startsWith(CONSENT_PREFIX)));
}

/**
 * What the back ends need to know of the sites (core/backends.ts): the back ends of
 * constants.yaml, every region's back end, locale and origin, and per locale the texts of
 * their answers (the catalogue's `errors`, as `code4010`), of their mail (`mail.*`) and the
 * brand the mail names (`site.name`), merged along `extends`.
 */
export function resolveBackends(
  constants: Validated<'constants'> | undefined,
  regions: readonly RegionData[],
  catalogues: ReadonlyMap<string, Readonly<Record<string, string>>>,
): BackendsData {
  const messages: Record<string, Record<string, string>> = {};
  for (const locale of [...catalogues.keys()].sort(compareStrings)) {
    const entries = Object.entries(catalogues.get(locale)!);
    const answers = entries.filter(([key]) => key.startsWith(ANSWER_PREFIX)).map(([key, text]) => [key.slice(ANSWER_PREFIX.length), text]);
    const mail = entries.filter(([key]) => key.startsWith(MAIL_PREFIX) || key === BRAND_KEY);
    messages[locale] = Object.fromEntries([...answers, ...mail]);
  }
  return {
    newUserReward: constants?.data.newUserReward ?? 0,
    fallbackLocale: constants?.data.fallbackLocale ?? '',
    backends: sortByKey(constants?.data.backends ?? {}),
    regions: regions.map(({ code, backend, locale, regionSwitch, origin, basePath }) => ({
      code,
      backend,
      locale,
      iso: regionSwitch.iso,
      origin,
      basePath,
    })),
    messages,
  };
}
