import path from 'node:path';
import type { PageContent } from '../core/model.ts';
import { textUnits, translationFreshness } from './translations/index.ts';
import { didYouMean, sortDiagnostics, suggest } from './diagnostics/index.ts';
import { classify, loadContent, parseContent, readContentSources, toDisplayPath } from './load/index.ts';
import { readSourceArt } from './art/images.ts';
import { recoverContent } from './load/content-commit.ts';
import type { LoadedContent, LoadedFile } from './load/index.ts';
import { resolveBuildOptions } from './options.ts';
import type { CompileResult, ProgressEvent, UserBuildOptions } from './options.ts';
import { resolveContent } from './resolve/index.ts';
import type { ResolvedRegion } from './resolve/index.ts';
import type { RegionPriceHistory } from './resolve/products/prior-prices.ts';
import { validateContent } from './validate/index.ts';

/**
 * The compiler's front: load -> validate -> resolve, with the build options and what compiling
 * gives (options.ts, re-exported here). It loads nothing a check does not need (no Vite, no image renderer, no templates):
 * `build.ts` does the rest of a build, check.ts answers `--check`.
 */

/** Why a build stopped when the CLI was interrupted (SIGINT): the output is as it was. */
export class BuildInterrupted extends Error {
  constructor() {
    super('the build was interrupted');
    this.name = 'BuildInterrupted';
  }
}

/** Regions asked for that the content does not have: a usage error, with the closest code. */
export class UnknownRegionError extends Error {
  constructor(
    readonly unknown: string,
    readonly known: readonly string[],
  ) {
    super(`unknown region '${unknown}'${didYouMean(suggest(unknown, known))} (regions: ${known.join(', ')})`);
  }
}

/** The model's regions asked for, in the content's order; throws UnknownRegionError for a code the content lacks. */
export function selectRegions<R extends { data: { code: string } }>(regions: readonly R[], asked: readonly string[] | undefined): R[] {
  if (!asked) return [...regions];
  const known = regions.map((r) => r.data.code);
  for (const code of asked) if (!known.includes(code)) throw new UnknownRegionError(code, known);
  return regions.filter((r) => asked.includes(r.data.code));
}

/** load -> validate -> resolve: every content problem, sorted, and the model. Writes nothing. */
export async function compileContent(options: UserBuildOptions = {}): Promise<CompileResult> {
  const resolved = resolveBuildOptions(options);
  const started = performance.now();
  const progress = (step: ProgressEvent['step']) => resolved.onProgress({ step, elapsed: performance.now() - started });
  progress('load');
  // An import killed while it put its files in place is completed first (load/content-commit.ts).
  if (!options.history) await recoverContent(resolved.contentDir);
  // A revision's content (written to a temporary folder) shares the parsed data of its folder's.
  const versionOf = options.history && path.join(options.history.repository, options.history.contentPath);
  const memory = options.memory?.files as Map<string, LoadedFile> | undefined;
  const content = await loadContent(resolved.contentDir, resolved.cwd, {
    cacheDir: resolved.cacheDir,
    versionOf,
    ...(memory && { memory, texts: options.memory!.texts }),
    ...(options.overlay && { overlay: options.overlay }),
  });
  const histories = await loadHistories(resolved.contentDir, content, options.history, resolved.cacheDir);
  return compileLoaded(content, resolved.now, () => progress('validate'), resolved.cacheDir, histories);
}

/**
 * The git history of the regions whose market announces prior prices (region.yaml
 * `market.priorPrice`); none is read, nor git run, when no region does.
 */
async function loadHistories(
  contentDir: string,
  content: LoadedContent,
  given: UserBuildOptions['history'],
  cacheDir: string | undefined,
): Promise<ReadonlyMap<string, RegionPriceHistory> | undefined> {
  const text = (id: string) => content.files.find((f) => f.id === id)?.text;
  const regions = content.files.flatMap((file) => {
    const folder = /^regions\/([^/]+)\/region\.yaml$/.exec(file.id)?.[1];
    const market = (file.data as { market?: { priorPrice?: unknown } } | undefined)?.market;
    const products = `regions/${folder}/products.yaml`;
    return folder !== undefined && market?.priorPrice === true
      ? [{ code: folder, region: { id: file.id, text: file.text }, products: { id: products, text: text(products) ?? '' } }]
      : [];
  });
  if (regions.length === 0) return undefined;
  const { historyOf, loadPriceHistories } = await import('./history/index.ts');
  const stages = text('stages.yaml');
  return loadPriceHistories(
    given ?? (await historyOf(contentDir)),
    regions,
    stages === undefined ? undefined : { id: 'stages.yaml', text: stages },
    cacheDir,
  );
}

/**
 * The content as it would be with some files' texts replaced, by id (what an import is about
 * to write): load -> validate -> resolve at `now`, writing nothing. The import checks its texts
 * with every check `--check` runs before it writes a byte.
 */
export async function compileOverlay(options: UserBuildOptions, overlay: ReadonlyMap<string, string>): Promise<CompileResult> {
  const resolved = resolveBuildOptions(options);
  const root = path.resolve(resolved.cwd, resolved.contentDir);
  const read = await readContentSources(root);
  const ids = new Set(read.map((source) => source.id));
  const sources = [
    ...read.map((source) => ({ id: source.id, text: overlay.get(source.id) ?? source.text })),
    ...[...overlay].filter(([id]) => !ids.has(id)).map(([id, text]) => ({ id, text })),
  ];
  const content = parseContent(root, sources, resolved.cwd, undefined, await readSourceArt(root));
  const histories = await loadHistories(resolved.contentDir, content, options.history, resolved.cacheDir);
  return compileLoaded(content, resolved.now, () => {}, resolved.cacheDir, histories);
}

/** validate -> resolve over content already parsed (from disk, or from memory in tests). */
export function compileLoaded(
  content: LoadedContent,
  now: number,
  onValidate: () => void = () => {},
  cacheDir?: string,
  histories?: ReadonlyMap<string, RegionPriceHistory>,
): CompileResult {
  onValidate();
  const validated = validateContent(content, { cacheDir });
  const { model, diagnostics, art } = resolveContent(validated.content, { now, ...(histories && { histories }) });
  const translations = translationFreshness(validated.content);
  // Art too, for the code frames of its diagnostics.
  const sources = new Map([
    ...content.files.map((f) => [f.file, f.text] as const),
    ...content.art.map((a) => [`${validated.content.prefix}${a.id}`, a.text] as const),
  ]);
  // A missing content folder says it all: nothing else is reported.
  const all = content.diagnostics.some((d) => d.code === 'E0002')
    ? content.diagnostics
    : [...content.diagnostics, ...validated.diagnostics, ...diagnostics, ...translations.diagnostics];
  const glossary = validated.content.glossary?.data;
  return { model, diagnostics: sortDiagnostics(all), sources, art, translations: translations.files, ...(glossary && { glossary }) };
}

/**
 * An edit of a page file that changes only its texts, resolved against the last valid compile
 * without compiling the rest (the live preview shows it so, in the time of a keystroke, before
 * the whole content is compiled again: preview/dev). A page's texts go into its routes' content
 * as they are, at the same place (resolve/pages.ts `resolvePage` keeps their paths), so the
 * routes that show the file take the new texts there, in every region that shows it.
 *
 * Undefined when the edit is anything else: a file that is no page, that does not parse or
 * fails its schema, or whose edit changes more than texts (a product of its line-up, an
 * image, its language, a text added or removed). The whole compile answers those.
 */
export function pageTextEdit(
  last: CompileResult,
  content: { root: string; cwd: string },
  id: string,
  text: string,
): ResolvedRegion[] | undefined {
  if (classify(id) !== 'page') return undefined;
  const before = last.sources.get(toDisplayPath(path.join(content.root, id), content.cwd));
  if (before === undefined || before === text) return undefined;
  const [old, edited] = [before, text].map((version) => {
    const loaded = parseContent(content.root, [{ id, text: version }], content.cwd);
    const { content: valid, diagnostics } = validateContent(loaded);
    return loaded.diagnostics.length === 0 && diagnostics.length === 0 ? valid.pages[0]?.data : undefined;
  });
  if (!old || !edited || withoutTexts(old) !== withoutTexts(edited)) return undefined;
  const key = id.replace(/\.ya?ml$/, '');
  const texts = textsOf(edited);
  const changed: ResolvedRegion[] = [];
  for (const region of last.model.regions) {
    let touched = false;
    const routes = region.data.routes.map((route) => {
      if (!route.content || region.texts.get(route.path)?.key !== key) return route;
      touched = true;
      const patched = structuredClone(route.content) as { -readonly [K in keyof PageContent]: PageContent[K] } & Record<string, unknown>;
      for (const unit of texts) {
        // A page's keywords are one text unit (joined): the list itself goes in.
        if (unit.path.length === 1 && unit.path[0] === 'keywords') patched.keywords = [...(edited.keywords ?? [])];
        else setAt(patched, unit.path, unit.text);
      }
      return { ...route, content: patched };
    });
    if (touched) changed.push({ ...region, data: { ...region.data, routes } });
  }
  return changed;
}

/** A page's data with every text blank: two versions that differ only in their texts give the same. */
function withoutTexts(data: object): string {
  const blank = structuredClone(data) as Record<string, unknown>;
  for (const unit of textsOf(data)) setAt(blank, unit.path, '');
  return JSON.stringify(blank);
}

/** A page's texts, as its translations have them, but for the product a home page features (a key of the catalogue). */
function textsOf(data: object) {
  return [...textUnits('page', data).values()].filter((unit) => unit.path.at(-1) !== 'featured');
}

function setAt(target: Record<string, unknown>, at: readonly string[], value: unknown): void {
  let node: Record<string, unknown> = target;
  for (const segment of at.slice(0, -1)) node = node[segment] as Record<string, unknown>;
  node[at.at(-1)!] = value;
}
