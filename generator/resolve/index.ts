import { compareStrings, createDiagnostic } from '../diagnostics/index.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import type { ValidatedContent } from '../validate/index.ts';
import { withAlternates } from './alternates.ts';
import { resolveBackends } from './backends.ts';
import { resolveCatalogues } from './catalogues.ts';
import { checkLinks } from './links/index.ts';
import type { PendingLink } from './links/index.ts';
import type { Report, ResolvedRegion, ResolveOptions, ResolveResult } from './model.ts';
import { resolveArt } from './pages.ts';
import { resolveRegion } from './region.ts';
import { resolveRegionIdentities } from './regions.ts';
import { resolveStagesLists } from './stages.ts';
import type { StagesScope } from './stages.ts';

export type { ResolvedRegion, ResolveOptions, ResolveResult, SiteModel } from './model.ts';
export { routePath } from './model.ts';
export { parseInstant } from './stages.ts';

/**
 * Resolves validated content into the typed model. Cross-references are checked here, after
 * every file is loaded, and reported at the node that holds them; each step is a pure function
 * of what the steps before it returned.
 */
export function resolveContent(content: ValidatedContent, options: ResolveOptions = {}): ResolveResult {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (diagnostic) => void diagnostics.push(diagnostic);
  for (const id of ['constants.yaml', 'stages.yaml']) {
    if (!content.present.has(id))
      report(createDiagnostic('E0207', { what: 'the content', id }, { file: `${content.prefix}${id}`, line: 1, column: 1 }));
  }
  const catalogues = resolveCatalogues(content.messages, content.present, report);
  const { images, drawable } = resolveArt(content.art, content.pages, content.prefix, report);
  const sharedStages: StagesScope = content.stages
    ? resolveStagesLists(content.stages.source, content.stages.data.stages, ['stages'], report)
    : { lists: new Map(), broken: new Set(), sharedUnknown: content.present.has('stages.yaml') };
  const identities = resolveRegionIdentities(content, report);
  const constants = content.constants;
  const inputs = [...content.present].sort(compareStrings);
  if (!constants) {
    // Without valid constants (reported already) there is nothing to build; the other checks ran.
    return { model: { regions: [], backends: resolveBackends(undefined, [], catalogues.merged), inputs }, diagnostics, art: drawable };
  }

  const pages = new Map(content.pages.map((page) => [page.source.id, page]));
  const productsByCode = new Map(content.products.map((file) => [file.source.id.split('/')[1]!, file]));
  const shared = {
    constants,
    stages: sharedStages,
    stagesId: content.stages?.source.id,
    catalogues,
    pages,
    present: content.present,
    images,
    regions: identities.regions.map((identity) => identity.link),
    now: options.now,
    histories: options.histories,
  };
  const results = identities.regions.map((identity) => resolveRegion(identity, productsByCode.get(identity.code), shared, report));

  const links: PendingLink[] = results.flatMap((result) => result.links);
  const paths = new Map(
    results.map(({ region }) => [region.data.code, new Set(region.data.routes.map((route) => route.path.toLowerCase()))]),
  );
  const hosts = new Set(
    identities.regions.flatMap(({ file }) =>
      [file.data.hosts.production, ...file.data.hosts.preproduction].map((host) => host.toLowerCase()),
    ),
  );
  const elsewhere = new Map(results.map(({ region }) => [region.data.code, region.elsewhere]));
  checkLinks(links, identities.table, paths, { hosts, elsewhere }, report);

  const data = withAlternates(
    results.map((result) => result.region.data),
    constants.data.fallbackLocale,
  );
  const regions: ResolvedRegion[] = results.map((result, index) => ({ ...result.region, data: data[index]! }));
  return { model: { regions, backends: resolveBackends(constants, data, catalogues.merged), inputs }, diagnostics, art: drawable };
}
