// What the live preview shows of each compile (preview/dev/index.ts): the overlay, or a new
// version of the content that the open pages render in place (runtime/dev-client.tsx); an edit
// of a page's texts shown before the whole compile; the generated modules written.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  emitSites,
  hasErrors,
  pageTextEdit,
  parseContent,
  sortDiagnostics,
  routeShardFiles,
  textAssets,
  validateContent,
  writeGeneratedFiles,
} from '../../generator/index.ts';
import type { CompileResult, ResolvedRegion } from '../../generator/index.ts';
import { DEV_PATH, splitRegion } from '../../core/model.ts';
import type { ContentVersion, SiteDataFile } from '../../core/model.ts';
import type { DevState } from './middleware.ts';
import { overlayError } from './overlay.ts';

/** The URL of the preview's entry, a module of the content plugin's (not a generated file: a content edit changes no module). */
export const ENTRY_URL = '/@build-region/entry.ts';
export const ENTRY_ID = '\0build-region:entry';

/** What showing a compile needs of the preview's options. */
export interface ShowOptions {
  region: string;
  onDiagnostics?: (diagnostics: CompileResult['diagnostics'], sources: Map<string, string>) => void;
}

/** Shows a compile: its diagnostics, the overlay or a new version of the content (the pages render it). Whether it was valid. */
export function showCompile(state: DevState, options: ShowOptions, compiled: CompileResult): boolean {
  state.compiled = compiled;
  options.onDiagnostics?.(compiled.diagnostics, compiled.sources);
  if (hasErrors(compiled.diagnostics)) {
    state.vite?.ws.send({ type: 'error', err: overlayError(compiled) });
    return false;
  }
  const shown = state.served;
  const before = state.shards.length;
  takeRegion(
    state,
    compiled.model.regions.find((r) => r.data.code === options.region),
  );
  state.sites = compiled.model.backends;
  state.vite?.ws.send({ type: 'custom', event: 'build-region:content-ok' });
  if (shown !== undefined && shown !== state.served) announceVersion(state, before);
  return true;
}

/** The modules a build would generate from a valid compile, for the editor's types: no page of the preview loads them. */
export async function writeModules(options: { region: string }, dirs: { sitesDir: string }, compiled: CompileResult): Promise<void> {
  if (hasErrors(compiled.diagnostics)) return;
  await writeGeneratedFiles(dirs.sitesDir, await emitSites(compiled.model, dirs.sitesDir, [options.region]));
}

/**
 * An edited file's text, as its writer left it (undefined: it is gone). A file written in place
 * is emptied first: read empty, it is read again once its time of change moves on (its write
 * has ended), after at most 100 ms; Vite reads the files it watches so (`readModifiedFile`).
 * Read at its first, empty moment, an edit of a page's texts was taken for an empty page, and
 * left to the whole compile.
 */
export async function readEditedFile(file: string): Promise<string | undefined> {
  try {
    const text = await readFile(file, 'utf8');
    if (text) return text;
    const changed = (await stat(file)).mtimeMs;
    for (let wait = 0; wait < 10; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if ((await stat(file)).mtimeMs !== changed) break;
    }
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * An edit of a page file's texts, shown from the last valid compile (generator `pageTextEdit`)
 * without waiting for the whole compile: a new version of the region, when the edit is one.
 * Whether it was one.
 */
export function showTextEdit(state: DevState, contentDir: string, file: string, text: string | undefined): boolean {
  const last = state.compiled;
  // Removed: the whole compile says what that means.
  if (!last || hasErrors(last.diagnostics) || !state.region || text === undefined) return false;
  const id = path.relative(contentDir, file).split(path.sep).join('/');
  const code = state.region.code;
  // A text edit is a valid file: only another edit is checked for its own errors (parsed again).
  const edited = pageTextEdit(last, { root: contentDir, cwd: state.cwd }, id, text)?.find((r) => r.data.code === code);
  if (!edited) {
    showFileErrors(state, last, contentDir, id, text);
    return false;
  }
  const before = state.shards.length;
  const shown = state.served;
  takeRegion(state, edited);
  if (shown !== state.served) announceVersion(state, before);
  return true;
}

/** What the preview serves of a region as last compiled: its data, its route table's shards, its texts and its site data. */
function takeRegion(state: DevState, resolvedRegion: ResolvedRegion | undefined): void {
  state.resolvedRegion = resolvedRegion;
  state.region = resolvedRegion?.data;
  if (!resolvedRegion) {
    Object.assign(state, { texts: new Map(), shards: [], siteFile: '', served: '' });
    return;
  }
  const data = resolvedRegion.data;
  const texts = textAssets(resolvedRegion);
  state.texts = new Map([...texts.values()].map((text) => [`${data.basePath}/${text.file}`, text.json]));
  state.shards = routeShardFiles(data, texts).map((shard) => shard.json);
  const shards = state.shards.map((_, index) => `${DEV_PATH}/routes/${index}.json`);
  state.siteFile = JSON.stringify({ site: splitRegion(data).site, messages: data.messages, shards } satisfies SiteDataFile);
  state.served = JSON.stringify(data);
}

/**
 * Tells the open pages of a new version of the content: they render it in place
 * (runtime/dev-client.tsx). A new number of route table shards changes the entry: a reload.
 */
function announceVersion(state: DevState, shardsBefore: number): void {
  state.version += 1;
  const vite = state.vite;
  if (!vite) return;
  if (state.shards.length !== shardsBefore) {
    const entry = vite.moduleGraph.getModuleById(ENTRY_ID);
    if (entry) vite.moduleGraph.invalidateModule(entry);
    vite.ws.send({ type: 'full-reload', path: '*' });
    return;
  }
  const event: ContentVersion = { version: state.version, shards: state.shards.length };
  vite.ws.send({ type: 'custom', event: 'build-region:content', data: event });
}

/**
 * A file edited into one that does not parse or fails its schema, after a valid compile: its
 * problems are the whole compile's first (the others' files are as they were), so the overlay
 * shows them at once; the whole compile follows and says the same.
 */
function showFileErrors(state: DevState, last: CompileResult, contentDir: string, id: string, text: string): void {
  const loaded = parseContent(contentDir, [{ id, text }], state.cwd);
  const problems = [...loaded.diagnostics, ...validateContent(loaded).diagnostics];
  if (!hasErrors(problems)) return;
  const sources = new Map(last.sources);
  for (const problem of problems) sources.set(problem.file, text);
  state.vite?.ws.send({ type: 'error', err: overlayError({ ...last, diagnostics: sortDiagnostics(problems), sources }) });
}
