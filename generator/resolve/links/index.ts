import { normalizePath, parsePath } from '../../../core/paths.ts';
import type { RegionTable } from '../../../core/paths.ts';
import { createDiagnostic, suggest } from '../../diagnostics/index.ts';
import { rangeOfPath } from '../../load/source-file.ts';
import type { SourceFile } from '../../load/source-file.ts';
import type { Report } from '../model.ts';

/** A link written in the content, checked once every region's routes are known. */
export interface PendingLink {
  readonly source: SourceFile;
  readonly at: readonly string[];
  readonly link: string;
}

/** What a link is checked against besides the pages: the sites' own hosts, and the paths other systems serve on them. */
export interface LinkScope {
  /** Every host name the sites are served on (production and pre-production, of every region). */
  readonly hosts: ReadonlySet<string>;
  /** Per region code, the paths (with the region's prefix) another system on the same host serves (`hosts.elsewhere`). */
  readonly elsewhere: ReadonlyMap<string, readonly string[]>;
}

/** Whether a path is one of the prefixes, or under one. */
const isUnder = (path: string, prefixes: readonly string[]) => prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * Links to the sites must name a page of the region they point into (its first segment picks
 * the region, as for a visitor): a path (`/us/faq`), and as much an absolute link to one of the
 * sites' own hosts (`https://www.example.com/us/faq`), unless a path the region leaves to
 * another system (`hosts.elsewhere`). Links to other hosts (the shop, social networks) and
 * other schemes (mailto:) are not checked.
 */
export function checkLinks(
  links: readonly PendingLink[],
  regions: RegionTable,
  pathsByRegion: ReadonlyMap<string, ReadonlySet<string>>,
  scope: LinkScope,
  report: Report,
): void {
  for (const pending of links) {
    let written = pending.link;
    if (/^https?:\/\//i.test(written)) {
      let url: URL;
      try {
        url = new URL(written);
      } catch {
        continue;
      }
      if (!scope.hosts.has(url.hostname.toLowerCase())) continue;
      written = url.pathname;
    }
    if (!written.startsWith('/')) continue;
    const path = normalizePath(written);
    const target = parsePath(path, regions).region;
    const paths = pathsByRegion.get(target);
    if (!paths || paths.has(path.toLowerCase()) || isUnder(path.toLowerCase(), scope.elsewhere.get(target) ?? [])) continue;
    report(
      createDiagnostic(
        'E0214',
        { link: pending.link, region: target, guess: suggest(path, [...paths]) },
        rangeOfPath(pending.source, pending.at),
      ),
    );
  }
}
