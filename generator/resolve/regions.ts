import type { RegionLink } from '../../core/model.ts';
import { basePathOf, pagePath } from '../../core/paths.ts';
import type { RegionTable } from '../../core/paths.ts';
import { compareStrings, createDiagnostic, suggest } from '../diagnostics/index.ts';
import { rangeOfKey, rangeOfPath } from '../load/source-file.ts';
import type { Validated, ValidatedContent } from '../validate/index.ts';
import type { Report } from './model.ts';

/** A region's identity: which file, which code, where its paths start, how others link to it. */
export interface RegionIdentity {
  readonly file: Validated<'region'>;
  readonly code: string;
  readonly basePath: string;
  readonly link: RegionLink;
}

export interface RegionIdentities {
  /** The regions in the content's order: by weight (regions without one last), then by code. */
  readonly regions: readonly RegionIdentity[];
  readonly table: RegionTable;
}

/**
 * Finds the regions: every folder under regions/ with its two files, each region's code equal
 * to its folder's, and exactly one region at `/`.
 */
export function resolveRegionIdentities(content: ValidatedContent, report: Report): RegionIdentities {
  const folders = new Set<string>();
  for (const id of content.present) {
    const match = /^regions\/([^/]+)\/(region|products)\.yaml$/.exec(id);
    if (match) folders.add(match[1]!);
  }
  for (const folder of [...folders].sort(compareStrings)) {
    for (const name of ['region', 'products']) {
      const id = `regions/${folder}/${name}.yaml`;
      if (!content.present.has(id))
        report(createDiagnostic('E0207', { what: `region '${folder}'`, id }, { file: `${content.prefix}${id}`, line: 1, column: 1 }));
    }
  }
  const accepted: Validated<'region'>[] = [];
  for (const file of content.regions) {
    const folder = /^regions\/([^/]+)\//.exec(file.source.id)![1]!;
    const code = file.data.code;
    if (code === folder) {
      accepted.push(file);
      continue;
    }
    const at = rangeOfPath(file.source, ['code']);
    if (folders.has(code)) report(createDiagnostic('E0223', { code, file: file.source.file, other: `regions/${code}/` }, at));
    else report(createDiagnostic('E0201', { what: 'region', declared: code, folder }, at));
  }
  const roots = accepted.filter((file) => file.data.root === true);
  if (roots.length > 1) {
    report(createDiagnostic('E0222', { regions: roots.map((r) => r.data.code) }, rangeOfKey(roots[roots.length - 1]!.source, ['root'])));
  } else if (roots.length === 0 && accepted.length > 0 && accepted.length === folders.size) {
    // Only when every region is valid: an invalid one may be the region at / (reported already).
    report(createDiagnostic('E0222', { regions: [] }, rangeOfKey(accepted[0]!.source, ['code'])));
  }
  const root = roots.length === 1 ? roots[0]!.data.code : undefined;
  const ordered = [...accepted].sort(
    (a, b) => (a.data.weight ?? Infinity) - (b.data.weight ?? Infinity) || compareStrings(a.data.code, b.data.code),
  );
  const regions = ordered.map((file): RegionIdentity => {
    const { code, label, locale, hreflang, origin } = file.data;
    const basePath = basePathOf(code, code === root);
    return {
      file,
      code,
      basePath,
      link: {
        code,
        label,
        locale,
        hreflang,
        home: pagePath(basePath, ''),
        origin,
        iso: file.data.region.iso,
        countries: { ...file.data.region.countries },
      },
    };
  });
  reportChooserDuplicates(regions, report);
  return { regions, table: { root: root ?? '', codes: regions.map((r) => r.code) } };
}

/** Labels compare as a visitor reads them: case, and spaces around and between words, aside. */
const labelKey = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The region chooser lists every region by its label, and a region with countries once more per
 * country by that country's label. A country labelled as another region is (us's 'Canada -
 * English' once a ca region exists) is the same choice twice: a warning at the country.
 */
function reportChooserDuplicates(regions: readonly RegionIdentity[], report: Report): void {
  for (const region of regions) {
    for (const [country, label] of Object.entries(region.link.countries)) {
      // The region's own country is its own entry, under its own label.
      if (country.toUpperCase() === region.link.iso.toUpperCase()) continue;
      const other = regions.find((candidate) => candidate !== region && labelKey(candidate.link.label) === labelKey(label));
      if (other)
        report(
          createDiagnostic(
            'W0307',
            { region: region.code, country, label, other: other.code },
            rangeOfPath(region.file.source, ['region', 'countries', country]),
          ),
        );
    }
  }
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** Whether prices can be printed in a currency: an ISO 4217 code the Intl of this Node knows. */
export function isKnownCurrency(code: string): boolean {
  return CURRENCIES.has(code);
}

/** The zones a region may name: the IANA names this Node's Intl lists, and UTC (which it accepts but does not list). */
let timeZones: ReadonlySet<string> | undefined;
const listedTimeZones = () => (timeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']));

/**
 * Whether instants can be written in a zone: a name (or alias) of the IANA database this Node's
 * Intl knows; an offset such as +08:00 is no zone. A listed name is known at once; only another
 * (an alias, a misspelling) is tried on a formatter, whose first use loads ICU's zone data (about
 * 60 ms, a fifth of an uncached --check).
 */
export function isKnownTimeZone(zone: string): boolean {
  if (!/^[A-Za-z]/.test(zone)) return false;
  if (listedTimeZones().has(zone)) return true;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone !== undefined;
  } catch {
    return false;
  }
}

/** The zone a region's instants are written in for people (region.yaml `timeZone`): UTC when it names none, or one reported unknown. */
export function timeZoneOf(file: Validated<'region'>, report: Report): string {
  const zone = file.data.timeZone;
  if (zone === undefined) return 'UTC';
  if (isKnownTimeZone(zone)) return zone;
  report(createDiagnostic('E0234', { zone, guess: suggest(zone, [...listedTimeZones()]) }, rangeOfPath(file.source, ['timeZone'])));
  return 'UTC';
}
