import { normalizePath, parsePath } from '../../core/paths.ts';
import type { RegionTable } from '../../core/paths.ts';
import { createDiagnostic, suggest } from '../diagnostics.ts';
import { rangeOfPath } from '../load.ts';
import type { SourceFile } from '../load.ts';
import type { Report } from './model.ts';

/** A link written in the content, checked once every region's routes are known. */
export interface PendingLink {
  readonly source: SourceFile;
  readonly at: readonly string[];
  readonly link: string;
}

/**
 * Internal links (starting with /) must name a page of the region they point into: its first
 * segment picks the region, as for a visitor. Other links (https://, mailto:) are not checked.
 */
export function checkLinks(links: readonly PendingLink[], regions: RegionTable, pathsByRegion: ReadonlyMap<string, ReadonlySet<string>>, report: Report): void {
  for (const pending of links) {
    if (!pending.link.startsWith('/')) continue;
    const path = normalizePath(pending.link);
    const target = parsePath(path, regions).region;
    const paths = pathsByRegion.get(target);
    if (!paths || paths.has(path.toLowerCase())) continue;
    report(createDiagnostic('E0214', { link: pending.link, region: target, guess: suggest(path, [...paths]) }, rangeOfPath(pending.source, pending.at)));
  }
}
