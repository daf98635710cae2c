/**
 * The compiler's public face: what the preview (preview/), the scripts (scripts/) and the tests
 * call. Everything else under generator/ is inside the house (docs/architecture.md draws it): a
 * test imports an inner module only to test that module, and the architecture test fails when
 * preview/ or scripts/ reach past this file.
 *
 * The stages run in order, load -> validate -> resolve -> emit -> bundle -> prerender, behind
 * the spine's calls: `compileContent` (through resolve), `checkContent` (`--check`) and
 * `buildRegions` (all of it, written to the output folder all or nothing).
 */

// The spine: options, compile, check, build, merge, the output folder, the cache.
export type { CompileMemory, CompileResult, ProgressEvent, ResolvedBuildOptions, UserBuildOptions } from './options.ts';
export { createCompileMemory, DEFAULT_OPTIONS, defaultSitesDir, resolveBuildOptions } from './options.ts';
export {
  BuildInterrupted,
  compileContent,
  compileLoaded,
  compileOverlay,
  pageTextEdit,
  selectRegions,
  UnknownRegionError,
} from './compile.ts';
export type { CheckResult, CheckSummary } from './check.ts';
export { checkContent, describeCheck } from './check.ts';
export type { BuildResult, RegionReport } from './build.ts';
export { buildRegions, DEPLOYMENT_FILES, listFiles } from './build.ts';
export type { MergeResult } from './merge.ts';
export { mergeParts } from './merge.ts';
export { commitOutput, createStagingDir, regionOutputDir } from './output.ts';
export { cacheKey, cacheStats, defaultCacheDir, sha256 } from './cache.ts';
export { CORES, mapLimited } from './limit.ts';
export { PACKAGE_ROOT, RUNTIME_DIR, SCHEMA_DIR, TEMPLATE_DIR } from './paths.ts';
// What the compiler asks of the preview and the review, which implement it (preview/).
export type {
  CliPorts,
  GlanceRequest,
  PictureOptions,
  PictureSize,
  PictureThread,
  PreviewOptions,
  ReviewOutcome,
  ReviewRequest,
  StudioRequest,
} from './ports.ts';

// Diagnostics: the catalogue of codes and how a diagnostic is printed.
export type { Diagnostic, SourceRange } from './diagnostics/index.ts';
export { hasErrors, sortDiagnostics } from './diagnostics/index.ts';
export { ERRORS } from './diagnostics/catalogue.ts';
export { formatDiagnostic } from './diagnostics/format.ts';

// The stages' results, for those that show them (the live preview renders from these).
export type { ContentSource } from './load/index.ts';
export { contentStamps, parseContent, readContentSources } from './load/index.ts';
export { parseYaml } from './load/source-file.ts';
export { validateContent } from './validate/index.ts';
export { readSchemas } from './validate/schemas.ts';
export type { ConsentBanner } from './resolve/model.ts';
export type { ResolvedRegion, SiteModel } from './resolve/index.ts';
export { parseInstant, resolveContent } from './resolve/index.ts';
export { gatedItems, windowedLinks } from './resolve/pages-showing.ts';
export { emitSites } from './emit/index.ts';
export { SitesFolderError, writeGeneratedFiles } from './emit/sites-folder.ts';
export { prepareInlineScripts, renderPageShell, renderTemplate } from './emit/templates.ts';
export { buildServerRenderer, cachedServerRenderer } from './bundle/server-renderer.ts';
export type { ServerRenderer } from './bundle/server-renderer.ts';
export { routeShardFiles, textAssets } from './emit/text-assets.ts';
export { renderVariant, variantFor } from './art/images.ts';

// The features: the schedule, diff, report, history, translations, generated files.
export type { Schedule, ScheduleEntry, ScheduledChange } from './deploy/schedule.ts';
export { buildSchedule, describeNext } from './deploy/schedule.ts';
export { renderSitemap } from './deploy/site-files.ts';
export type { ComparedContent, DiffSection, Revision, RevisionContent, VisibleChange } from './diff/index.ts';
export { contentAtRevision, diffContent, openRevision, visibleChanges } from './diff/index.ts';
export { formatChanges } from './diff/format.ts';
export type { GlancePage, GlanceSheet, GlanceThumbnail } from './report/glance.ts';
export { renderReport } from './report/index.ts';
export { historyOf, lastChanges } from './history/index.ts';
export type { FileFreshness, TextFreshness, TextState, TextUnit } from './translations/index.ts';
export { sourcesFileId, sourcesFileText, textFingerprint, textUnits } from './translations/index.ts';
export { renderDiagnosticsDoc } from './generate/diagnostics-doc.ts';
export { renderMessageKeys, runtimeMessageKeys, SOURCE_CATALOGUE } from './generate/message-keys.ts';
export { renderSchemaTypes } from './generate/schema-types.ts';
