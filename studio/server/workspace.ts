import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compileContent, contentStamps, createCompileMemory, hasErrors, readContentSources } from '../../generator/index.ts';
import type { CompileResult, Diagnostic } from '../../generator/index.ts';
import { formatPrice } from '../../core/format.ts';
import { formatsOf } from '../../core/locale.ts';
import { currentPrice } from '../../core/offers.ts';
import { isRouteOpen } from '../../core/time.ts';
import { artNames } from './art.ts';
import { pathAt } from './positions.ts';
import type { CheckAnswer, FileCounts, Overview, RegionEntry, StudioDiagnostic } from '../api.ts';

/**
 * The content as the studio knows it (docs/studio.md): compiled from the working tree at the
 * preview clock's instant, with every diagnostic `--check` gives, by file. One compile memory
 * for the session: a check of an unsaved edit parses and validates only the file edited.
 */
export interface Workspace {
  /** The content folder (absolute). */
  readonly root: string;
  /** The folder the diagnostics' paths are printed relative to. */
  readonly cwd: string;
  /** Compiles the content as it is on disk (after a save, or a change seen on disk). */
  refresh(): Promise<CompileResult>;
  /** The last compile of the disk's content (compiled again when a content file changed on disk since). */
  current(): Promise<CompileResult>;
  /** The content files' stamps on disk now, hashed (the overview's `stamp` when its compile read the same). */
  diskStamp(): string;
  overview(): Promise<Overview>;
  /** The diagnostics of one file, as the last compile found them. */
  diagnosticsOf(id: string): Promise<StudioDiagnostic[]>;
  /**
   * The whole content checked with one file's unsaved text (and the other unsaved texts of the
   * session): that file's diagnostics. The text is kept as the file's unsaved one, for the
   * preview, until it is saved or is the disk's again.
   */
  check(id: string, text: string): Promise<{ answer: CheckAnswer; compiled: CompileResult }>;
  /** The session's unsaved texts, by id (what the preview renders over the disk's). */
  readonly unsaved: ReadonlyMap<string, string>;
  /** A file saved (or its edit dropped): its unsaved text is gone. */
  settle(id: string): void;
  /** Keeps a file's unsaved text (for the preview) without checking it; false when it is the disk's. */
  draft(id: string, text: string): Promise<boolean>;
  /** The content compiled with the session's unsaved texts and `extra` texts over them (a new entry's files). */
  compileWith(extra: ReadonlyMap<string, string>): Promise<CompileResult>;
  /** A compile's diagnostics of the files named, as the studio gives them. */
  diagnosticsIn(result: CompileResult, ids: ReadonlySet<string>): StudioDiagnostic[];
  /** Every content file's text, by id (the search reads them). */
  sources(): Promise<{ id: string; text: string }[]>;
}

export function createWorkspace(options: { root: string; cwd: string; now: () => number }): Workspace {
  const { root, cwd, now } = options;
  const memory = createCompileMemory();
  const unsaved = new Map<string, string>();
  // Each file's last draft asked for (by a count of every draft and settle), so an earlier one that finishes later keeps nothing.
  const latest = new Map<string, number>();
  let drafts = 0;
  let compiled: Promise<CompileResult> | undefined;
  // The content files' stamps when the last compile of the disk began: another hand's change
  // (an editor, a git pull) makes them differ, and the next reader compiles the disk again.
  let compiledStamps: string | undefined;
  // Compiles run one at a time: the memory is the last compile's.
  let queue: Promise<unknown> = Promise.resolve();
  const compile = (overlay?: ReadonlyMap<string, string>) => {
    const run = queue.then(() => compileContent({ content: root, cwd, now: now(), memory, ...(overlay && { overlay }) }));
    queue = run.catch(() => undefined);
    return run;
  };
  const toStudio = (d: Diagnostic, texts: ReadonlyMap<string, string>): StudioDiagnostic => {
    const id = idOf(root, cwd, d.file);
    const text = texts.get(d.file);
    const path = text === undefined ? undefined : pathAt(text, d.line, d.column);
    return { ...d, ...(id !== undefined && { id }), ...(path && path.length > 0 && { path }) };
  };
  const workspace: Workspace = {
    root,
    cwd,
    refresh() {
      compiledStamps = contentStamps(root);
      return (compiled = compile());
    },
    current: () => (compiled && contentStamps(root) === compiledStamps ? compiled : workspace.refresh()),
    diskStamp: () => shortStamp(contentStamps(root)),
    async overview() {
      const [result, art] = await Promise.all([workspace.current(), artNames(root)]);
      return { ...overviewOf(result, root, cwd, now()), art, stamp: shortStamp(compiledStamps) };
    },
    async diagnosticsOf(id) {
      const result = await workspace.current();
      return result.diagnostics.filter((d) => idOf(root, cwd, d.file) === id).map((d) => toStudio(d, result.sources));
    },
    unsaved,
    settle(id) {
      latest.set(id, ++drafts);
      unsaved.delete(id);
    },
    async draft(id, text) {
      const mine = ++drafts;
      latest.set(id, mine);
      const disk = await readFile(path.join(root, id), 'utf8').catch(() => undefined);
      // The file's last text asked for is the one kept: two requests a keystroke apart may finish
      // in either order (their reads of the disk do), and the first to finish is not the last.
      if (latest.get(id) !== mine) return text !== disk;
      if (text === disk) unsaved.delete(id);
      else unsaved.set(id, text);
      return text !== disk;
    },
    async check(id, text) {
      await workspace.draft(id, text);
      const result = await compile(new Map([...unsaved, [id, text]]));
      const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
      const diagnostics = result.diagnostics.filter((d) => idOf(root, cwd, d.file) === id).map((d) => toStudio(d, result.sources));
      return { answer: { diagnostics, errors }, compiled: result };
    },
    // Always from the disk as it is now (a change outside the studio is seen).
    compileWith: (extra) => compile(new Map([...unsaved, ...extra])),
    diagnosticsIn: (result, ids) =>
      result.diagnostics.filter((d) => ids.has(idOf(root, cwd, d.file) ?? '')).map((d) => toStudio(d, result.sources)),
    sources: () => readContentSources(root),
  };
  return workspace;
}

/** The content folder's stamp (`contentStamps`), short. */
const shortStamp = (stamps: string | undefined) => (stamps ?? '').slice(0, 16);

/** A diagnostic's file (printed relative to `cwd`) as an id in the content folder, or undefined outside it. */
export function idOf(root: string, cwd: string, file: string): string | undefined {
  const relative = path.relative(root, path.resolve(cwd, file));
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep).join('/');
}

/** The overview of one compile (the art, read from the folder, is added by the caller). */
function overviewOf(result: CompileResult, root: string, cwd: string, at: number): Omit<Overview, 'art' | 'stamp'> {
  const counts = new Map<string, { errors: number; warnings: number; stale: number; missing: number }>();
  const countOf = (id: string) => {
    let count = counts.get(id);
    if (!count) counts.set(id, (count = { errors: 0, warnings: 0, stale: 0, missing: 0 }));
    return count;
  };
  for (const file of result.sources.keys()) {
    const id = idOf(root, cwd, file);
    if (id !== undefined && /\.ya?ml$/.test(id)) countOf(id);
  }
  for (const d of result.diagnostics) {
    const id = idOf(root, cwd, d.file);
    if (id === undefined) continue;
    countOf(id)[d.severity === 'error' ? 'errors' : 'warnings']++;
  }
  for (const file of result.translations) {
    const count = countOf(file.id);
    for (const text of file.texts) if (text.state === 'stale' || text.state === 'missing') count[text.state]++;
  }
  const files = [...counts]
    .map(([id, count]): FileCounts & { id: string } => ({ id, ...count }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const regions = result.model.regions.map(({ data, texts }): RegionEntry => {
    const locale = formatsOf(data);
    return {
      code: data.code,
      locale: data.locale,
      currency: data.currency,
      timeZone: data.timeZone,
      files: [`regions/${data.code}/region.yaml`, `regions/${data.code}/products.yaml`].filter((id) => counts.has(id)),
      pages: data.routes.map((route) => ({
        path: route.path,
        page: route.page,
        kind: route.kind,
        ...(route.redirect !== undefined && { redirect: route.redirect }),
        ...(route.product !== undefined && { product: route.product }),
        ...(route.window && { window: route.window }),
        open: isRouteOpen(route, at),
        files: (texts.get(route.path)?.inputs ?? []).filter((id) => counts.has(id)),
      })),
      products: Object.entries(data.products).map(([key, product]) => ({
        key,
        name: product.name,
        price: formatPrice(currentPrice(data, product, at), locale, data.currency),
        soldOut: product.stock === 0,
      })),
    };
  });
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  return { now: at, regions, files, buildable: !hasErrors(result.diagnostics), errors, warnings: result.diagnostics.length - errors };
}
