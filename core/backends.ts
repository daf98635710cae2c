/**
 * What the regional back ends need to know of the sites, compiled by the build from the content
 * and written beside the sites as `backends.json`: the back ends, the regions each serves, the
 * localised messages of their answers and the new-user reward. The emulated back ends of
 * `serve-regions` read it (they never parse content); a real back end may too.
 */
export interface BackendsData {
  /** Credits a new account gets (constants.yaml `newUserReward`). */
  readonly newUserReward: number;
  /** The locale whose texts answer when a catalogue lacks one (constants.yaml `fallbackLocale`). */
  readonly fallbackLocale: string;
  /** The back ends by name, with their API origins. */
  readonly backends: Readonly<
    Record<string, { readonly production: string; readonly preproduction: string; readonly regionalLogin?: boolean }>
  >;
  /** Every region, in the content's order: the back end that serves it, its locale, production origin and base path. */
  readonly regions: readonly BackendRegion[];
  /**
   * Per locale, merged with the catalogues it extends: the texts of the back ends' answer codes
   * (`code4010`...: the catalogue's `errors`), of the mail they send (`mail.loginSubject`...) and
   * the brand the mail names (`site.name`).
   */
  readonly messages: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export interface BackendRegion {
  readonly code: string;
  readonly backend: string;
  readonly locale: string;
  /** The region's country (ISO 3166, or EU): what an emulated back end reports for a visitor it cannot place. */
  readonly iso: string;
  /** Production origin, for links in mail. */
  readonly origin: string;
  /** '' for the region at `/`, `/us` for us. */
  readonly basePath: string;
}

/** The file the build writes at the root of its output. */
export const BACKENDS_FILE = 'backends.json';

/** Whether a parsed `backends.json` has the shape above (it is read from disk, so it is checked, not trusted). */
export function isBackendsData(value: unknown): value is BackendsData {
  if (!value || typeof value !== 'object') return false;
  const data = value as Record<string, unknown>;
  const isRecord = (x: unknown): x is Record<string, unknown> => Boolean(x) && typeof x === 'object' && !Array.isArray(x);
  return (
    typeof data.newUserReward === 'number' &&
    typeof data.fallbackLocale === 'string' &&
    isRecord(data.backends) &&
    Object.keys(data.backends).every((name) => /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) &&
    Array.isArray(data.regions) &&
    data.regions.every(
      (r: unknown) => isRecord(r) && ['code', 'backend', 'locale', 'iso', 'origin', 'basePath'].every((key) => typeof r[key] === 'string'),
    ) &&
    isRecord(data.messages) &&
    Object.values(data.messages).every((m) => isRecord(m) && Object.values(m).every((text) => typeof text === 'string'))
  );
}
