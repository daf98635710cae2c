import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatPrice, formatsOf, installmentLine } from '../core/format.ts';
import type { PriorPrice, RegionData } from '../core/model.ts';
import { currentPrice } from '../core/time.ts';
import { compileContent } from './compile.ts';
import type { CompileResult } from './compile.ts';
import { compareStrings, hasErrors } from './diagnostics.ts';
import { allPaths, buildSchedule, productPaths } from './deployment.ts';
import { pagesOfLeaf, showsMessage } from './diff-pages.ts';
import { MAIL_PREFIX } from './resolve/backends.ts';

/**
 * What a visitor sees change between two versions of the content (`build-region diff <ref>`,
 * docs/deploy.md): both are compiled into the typed model and compared, region by region, so a
 * change to a comment or the formatting of a file is no change at all. Each change is filed
 * under what a visitor meets: pages, prices and offers, banners, navigation, windows and
 * stages, texts, the mail its back end sends, page heads, the schedule, and the rest of a
 * region's settings.
 */
export type DiffSection =
  | 'pages'
  | 'prices and offers'
  | 'banners'
  | 'navigation'
  | 'windows and stages'
  | 'texts'
  | 'mail'
  | 'page heads'
  | 'schedule'
  | 'settings'
  | 'translations';

export interface VisibleChange {
  readonly region: string;
  readonly section: DiffSection;
  /** What changed, in words: `price of aiBase: 699 -> 689`. */
  readonly change: string;
  /**
   * The region's pages that show the change (its paths, either version's; none for mail and
   * translations): what `diff --pictures` renders (docs/review.md).
   */
  readonly pages: readonly string[];
}

const run = promisify(execFile);

/** The content folder as it is at a git revision, written into a temporary folder; removed by `dispose`. */
export async function contentAtRevision(
  contentDir: string,
  revision: string,
): Promise<{ dir: string; history: { repository: string; contentPath: string; revision: string }; dispose: () => Promise<void> }> {
  const root = (await run('git', ['rev-parse', '--show-toplevel'], { cwd: contentDir })).stdout.trim();
  const relative = path.relative(root, contentDir).split(path.sep).join('/');
  const work = await mkdtemp(path.join(os.tmpdir(), 'build-region-diff-'));
  try {
    await run('git', ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], { cwd: root });
  } catch {
    await rm(work, { recursive: true, force: true });
    throw new Error(`'${revision}' is not a revision of the repository at ${root}`);
  }
  // git archive writes the tree as it is at that revision; tar puts it in the folder.
  await run('bash', ['-c', 'git archive --format=tar "$1" -- "$2" | tar -x -C "$3"', 'archive', revision, relative || '.', work], {
    cwd: root,
    maxBuffer: 1 << 30,
  });
  return {
    dir: path.join(work, relative),
    history: { repository: root, contentPath: relative, revision },
    dispose: () => rm(work, { recursive: true, force: true }),
  };
}

/** A value as a change line shows it: short, on one line. */
function show(value: unknown): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'number' && value > 1e12) return new Date(value).toISOString();
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The key that identifies an element of a list in both versions, so a list can grow without every later element changing. */
function keyOf(item: unknown, index: number): string {
  if (typeof item !== 'object' || item === null) return `#${index}`;
  const record = item as Record<string, unknown>;
  for (const key of ['path', 'label', 'title', 'heading', 'page', 'code', 'key', 'name', 'hreflang', 'network'])
    if (typeof record[key] === 'string') return String(record[key]);
  return `#${index}`;
}

/** Every leaf that differs between two values, by a readable path (`navs > Products > link`). */
function leaves(before: unknown, after: unknown, at: string[], out: { at: string[]; before: unknown; after: unknown }[]): void {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const list = Array.isArray(before) || Array.isArray(after);
  const object = (v: unknown) => typeof v === 'object' && v !== null;
  if (list && (before === undefined || Array.isArray(before)) && (after === undefined || Array.isArray(after))) {
    const a = new Map(((before as unknown[] | undefined) ?? []).map((item, i) => [keyOf(item, i), item]));
    const b = new Map(((after as unknown[] | undefined) ?? []).map((item, i) => [keyOf(item, i), item]));
    // Plain lists (keywords, stages) read best whole.
    if ([...a.keys(), ...b.keys()].every((key) => key.startsWith('#'))) return void out.push({ at, before, after });
    for (const key of new Set([...a.keys(), ...b.keys()])) leaves(a.get(key), b.get(key), [...at, key], out);
    return;
  }
  if (object(before) && object(after) && !list) {
    const a = before as Record<string, unknown>;
    const b = after as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) leaves(a[key], b[key], [...at, key], out);
    return;
  }
  out.push({ at, before, after });
}

/** Which section a changed leaf of a region belongs to. */
function sectionOf(at: readonly string[]): DiffSection {
  const [top, , field] = at;
  if (top === 'products') return 'prices and offers';
  if (top === 'textBanner' || top === 'countdown') return 'banners';
  if (top === 'navs' || top === 'footerNavs') return 'navigation';
  if (top === 'stages') return 'windows and stages';
  if (top === 'messages') return 'texts';
  if (top === 'routes') {
    if (field === 'window') return 'windows and stages';
    if (field === 'content' && ['title', 'description', 'keywords'].includes(at[3] ?? '')) return 'page heads';
    if (field === 'content') return 'texts';
    return 'pages';
  }
  return 'settings';
}

/** One changed value as a line: added, removed, or old -> new. */
function describe(where: string, was: unknown, now: unknown): string {
  return was === undefined
    ? `${where} added: ${show(now)}`
    : now === undefined
      ? `${where} removed (was ${show(was)})`
      : `${where}: ${show(was)} -> ${show(now)}`;
}

/** A price as the region's visitors see it (core/format.ts, the runtime's own formatter): `$1,299.00`, `1 599,00 €`. */
function money(region: RegionData, amount: unknown): string {
  return typeof amount === 'number' ? formatPrice(amount, formatsOf(region), region.currency) : show(amount);
}

/** Where a change shows: ` (on /us, /us/ai-base)`. */
function onPages(paths: readonly string[]): string {
  return ` (on ${paths.join(', ')})`;
}

/**
 * The installment line of each product page (core/format.ts, as the page renders it), grouped by
 * what changed: the line moves with the price and with the region's installment settings.
 */
function installmentChanges(code: string, before: RegionData, after: RegionData, now: number): VisibleChange[] {
  const lines = (region: RegionData) =>
    new Map(
      region.routes.flatMap((route) => {
        const product = route.product && !route.redirect ? region.products[route.product] : undefined;
        const line = product && installmentLine(region, region.messages['product.perMonth'] ?? '', currentPrice(region, product, now));
        return line ? [[route.path, line] as const] : [];
      }),
    );
  const [a, b] = [lines(before), lines(after)];
  const groups = new Map<string, string[]>();
  for (const page of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(page) === b.get(page)) continue;
    const change = describe('installment line', a.get(page), b.get(page));
    groups.set(change, [...(groups.get(change) ?? []), page]);
  }
  return [...groups].map(([change, pages]) => ({
    region: code,
    section: 'prices and offers' as const,
    change: `${change}${onPages(pages)}`,
    pages,
  }));
}

/** The changes a visitor of one region sees, from its data in the two versions. */
function regionChanges(code: string, before: RegionData, after: RegionData, now: number): VisibleChange[] {
  const changes: VisibleChange[] = [];
  const routesBefore = new Map(before.routes.map((r) => [r.path, r]));
  const routesAfter = new Map(after.routes.map((r) => [r.path, r]));
  for (const [pathname, route] of routesAfter)
    if (!routesBefore.has(pathname))
      changes.push({
        region: code,
        section: 'pages',
        change: `page added: ${pathname}${route.redirect ? ` (redirects to ${route.redirect})` : ''}`,
        pages: route.redirect ? [] : [pathname],
      });
  for (const pathname of routesBefore.keys())
    if (!routesAfter.has(pathname))
      changes.push({
        region: code,
        section: 'pages',
        change: `page removed: ${pathname}`,
        pages: routesBefore.get(pathname)!.redirect ? [] : [pathname],
      });
  const found: { at: string[]; before: unknown; after: unknown }[] = [];
  // What every region repeats (the list of regions, the constants) is compared once, in the regions' own data.
  const { regions: _a, constants: _b, routes: r1, ...restBefore } = before;
  const { regions: _c, constants: _d, routes: r2, ...restAfter } = after;
  leaves(restBefore, restAfter, [], found);
  for (const [pathname, route] of routesAfter) {
    const old = routesBefore.get(pathname);
    if (old) leaves({ ...old, alternates: undefined }, { ...route, alternates: undefined }, ['routes', pathname], found);
  }
  void r1;
  void r2;
  for (const { at, before: was, after: is } of found) {
    // The installment settings show as each product page's installment line (below).
    if (at[0] === 'installment') continue;
    // A catalogue text is listed where a page shows it.
    if (at[0] === 'messages' && !showsMessage(before, at[1]!) && !showsMessage(after, at[1]!)) continue;
    if (at[0] === 'products') {
      const key = at[1]!;
      const name = after.products[key]?.name ?? before.products[key]?.name ?? key;
      const pages = [...new Set([...productPaths(before, key), ...productPaths(after, key)])];
      const field = at[2];
      if (field === 'priorPrices') {
        changes.push(...priorPriceChanges(after, name, was as PriorPrice[] | undefined, is as PriorPrice[] | undefined, pages));
        continue;
      }
      if (field === 'price' || field === 'activityPrice') {
        // A price no page shows is no visible change.
        if (pages.length === 0) continue;
        const label = `${field === 'price' ? 'price' : 'activity price'} of ${name}`;
        const line =
          was === undefined
            ? `${label} added: ${money(after, is)}`
            : is === undefined
              ? `${label} removed (was ${money(before, was)})`
              : `${label}: ${money(before, was)} -> ${money(after, is)}`;
        changes.push({ region: code, section: 'prices and offers', change: `${line}${onPages(pages)}`, pages });
        continue;
      }
      changes.push({
        region: code,
        section: 'prices and offers',
        change: describe(`${at.slice(2).join(' > ') || 'product'} of ${name}`, was, is),
        pages,
      });
      continue;
    }
    const section = sectionOf(at);
    const where =
      at[0] === 'routes'
        ? `${at[1]}: ${at
            .slice(2)
            .join(' > ')
            .replace(/^content > /, '')}`
        : at.join(' > ');
    changes.push({ region: code, section, change: describe(where, was, is), pages: pagesOfLeaf(before, after, at) });
  }
  changes.push(...installmentChanges(code, before, after, now));
  return changes;
}

/** A product's prior prices (docs/market.md), reduction by reduction: what its announcement says changed. */
function priorPriceChanges(
  region: RegionData,
  name: string,
  before: readonly PriorPrice[] = [],
  after: readonly PriorPrice[] = [],
  pages: readonly string[] = [],
): VisibleChange[] {
  const label = (w: PriorPrice) =>
    `prior price of ${name} (lowest of the 30 days before its reduction from ${new Date(w.start).toISOString()})`;
  const price = (amount: number | undefined) => (amount === undefined ? undefined : money(region, amount));
  const old = new Map(before.map((w) => [w.start, w]));
  const changes: VisibleChange[] = [];
  const change = (text: string, was: string | undefined, is: string | undefined) =>
    was === undefined ? `${text} added: ${is}` : is === undefined ? `${text} removed (was ${was})` : `${text}: ${was} -> ${is}`;
  for (const w of after) {
    const was = old.get(w.start);
    if (was?.price !== w.price)
      changes.push({
        region: region.code,
        section: 'prices and offers',
        change: change(label(w), price(was?.price), price(w.price)),
        pages,
      });
    old.delete(w.start);
  }
  for (const w of old.values())
    changes.push({ region: region.code, section: 'prices and offers', change: change(label(w), price(w.price), undefined), pages });
  return changes;
}

/** The mail a region's visitors receive (the back ends' `mail.*` texts of its locale): changed, added or removed keys. */
function mailChanges(code: string, before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): VisibleChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => key.startsWith(MAIL_PREFIX))
    .sort(compareStrings);
  return keys
    .filter((key) => before[key] !== after[key])
    .map((key) => ({ region: code, section: 'mail' as const, change: describe(key, before[key], after[key]), pages: [] }));
}

/** The schedule's changes of each version, by region, as lines: what differs is a schedule change. */
function scheduleLines(compiled: CompileResult, now: number): Map<string, Map<string, readonly string[]>> {
  const lines = new Map<string, Map<string, readonly string[]>>();
  for (const entry of buildSchedule(compiled.model.regions, now).entries) {
    if (entry.time <= now) continue;
    for (const change of entry.changes)
      lines.set(change.region, (lines.get(change.region) ?? new Map()).set(`${entry.at}: ${change.change}`, change.paths));
  }
  return lines;
}

/** Every visible change from one compiled version of the content to another, region by region. */
export function visibleChanges(before: CompileResult, after: CompileResult, now: number): VisibleChange[] {
  const changes: VisibleChange[] = [];
  const old = new Map(before.model.regions.map((r) => [r.data.code, r.data]));
  const current = new Map(after.model.regions.map((r) => [r.data.code, r.data]));
  for (const code of new Set([...old.keys(), ...current.keys()])) {
    const a = old.get(code);
    const b = current.get(code);
    if (!a)
      changes.push({
        region: code,
        section: 'pages',
        change: `region added at ${b!.basePath || '/'} (${b!.routes.length} pages)`,
        pages: allPaths(b!),
      });
    else if (!b) changes.push({ region: code, section: 'pages', change: `region removed from ${a.basePath || '/'}`, pages: allPaths(a) });
    else
      changes.push(
        ...regionChanges(code, a, b, now),
        ...mailChanges(code, before.model.backends.messages[a.locale] ?? {}, after.model.backends.messages[b.locale] ?? {}),
      );
  }
  const scheduleBefore = scheduleLines(before, now);
  const scheduleAfter = scheduleLines(after, now);
  for (const code of new Set([...scheduleBefore.keys(), ...scheduleAfter.keys()])) {
    for (const [line, pages] of scheduleAfter.get(code) ?? [])
      if (!scheduleBefore.get(code)?.has(line)) changes.push({ region: code, section: 'schedule', change: `new: ${line}`, pages });
    for (const [line, pages] of scheduleBefore.get(code) ?? [])
      if (!scheduleAfter.get(code)?.has(line)) changes.push({ region: code, section: 'schedule', change: `gone: ${line}`, pages });
  }
  changes.push(...translationChanges(before, after));
  return changes;
}

/**
 * The translations the change left behind (docs/translations.md): per region, each text of its
 * translated files that became stale or missing, with the source's new text. Visitors see no
 * change yet; the translators have work.
 */
function translationChanges(before: CompileResult, after: CompileResult): VisibleChange[] {
  const was = new Map(before.translations.flatMap((file) => file.texts.map((text) => [`${file.id}\0${text.key}`, text.state] as const)));
  const behind = after.translations
    .map((file) => ({
      file,
      texts: file.texts.filter(
        (text) => (text.state === 'stale' || text.state === 'missing') && was.get(`${file.id}\0${text.key}`) !== text.state,
      ),
    }))
    .filter(({ texts }) => texts.length > 0);
  const quote = (text: string) => `'${text.length > 60 ? `${text.slice(0, 59)}…` : text}'`;
  return after.model.regions.flatMap((region) =>
    behind
      .filter(({ file }) => region.inputs.includes(file.id))
      .flatMap(({ file, texts }) =>
        texts.map((text) => ({
          region: region.data.code,
          section: 'translations' as const,
          change: `${text.state === 'stale' ? 'stale' : 'to translate'}: ${text.key} in ${file.id} (${file.sourceId} now reads ${quote(text.source)})`,
          pages: [],
        })),
      ),
  );
}

/** Compiles the content at a revision and the working tree's, and compares them. */
export async function diffContent(
  contentDir: string,
  revision: string,
  now: number,
  cwd: string,
): Promise<{ before: CompileResult; after: CompileResult; changes: VisibleChange[] }> {
  const old = await contentAtRevision(contentDir, revision);
  try {
    const [before, after] = [
      await compileContent({ content: old.dir, cwd, now, cache: false, history: old.history }),
      await compileContent({ content: contentDir, cwd, now }),
    ];
    return {
      before,
      after,
      changes: hasErrors(before.diagnostics) || hasErrors(after.diagnostics) ? [] : visibleChanges(before, after, now),
    };
  } finally {
    await old.dispose();
  }
}
