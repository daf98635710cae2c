import type { Route } from '../../schema/types.ts';
import { ACCOUNT_SCREENS, HOME_PAGE, inferKind, isAccountScreen } from '../../core/kinds.ts';
import type { Messages, ProductData, RouteData } from '../../core/model.ts';
import { compareStrings, createDiagnostic, suggest } from '../diagnostics/index.ts';
import { rangeOfKey, rangeOfPath } from '../load/source-file.ts';
import type { Validated } from '../validate/index.ts';
import type { Report, TextSource } from './model.ts';
import type { UnknownProductUse } from './products/references.ts';
import { routePath } from './model.ts';
import { accountScreenContent, resolvePage } from './pages.ts';
import type { Images } from './pages.ts';
import { parseInstant } from './stages.ts';

/** First path segments the build itself writes into a region's folder (scripts, images). */
export const RESERVED_SEGMENTS: readonly string[] = ['assets', 'images', 'static'];

/** What a region's routes need to know of the rest of the content. */
export interface RouteContext {
  readonly region: Validated<'region'>;
  readonly code: string;
  readonly basePath: string;
  /** The region's products; undefined when its products file is missing or invalid (already reported). */
  readonly products: Readonly<Record<string, ProductData>> | undefined;
  /** Valid page files by id. */
  readonly pages: ReadonlyMap<string, Validated<'page'>>;
  /** Every content file id, valid or not. */
  readonly present: ReadonlySet<string>;
  readonly images: Images;
  /** The region's merged catalogue, for the account screens, and the catalogue files it is made from. */
  readonly messages: Messages;
  readonly catalogueInputs: readonly string[];
  /** Codes of the other regions: a page of the region at / must not take one as its path. */
  readonly otherRegions: readonly string[];
  /**
   * The language of the source texts (constants.yaml `fallbackLocale`'s, `en`): a route with no
   * page file of its region or language shows the page's text in it (docs/translations.md,
   * "Pages not yet translated").
   */
  readonly sourceLanguage?: string;
  /** Where a route or line-up naming no product of the region goes (default: reported as it is). */
  readonly unknownProduct?: (use: UnknownProductUse) => void;
}

export interface ResolvedRoutes {
  readonly routes: readonly RouteData[];
  /** Where each route's text comes from, by path. */
  readonly texts: ReadonlyMap<string, TextSource>;
  /** Page files the routes use, by id. */
  readonly inputs: readonly string[];
}

/**
 * A region's route table: its listed pages (with their kinds, texts, products, redirects and
 * windows) and the account screens every region has, sorted by path.
 */
export function resolveRoutes(ctx: RouteContext, report: Report): ResolvedRoutes {
  const { region, code } = ctx;
  const routes: RouteData[] = [];
  const texts = new Map<string, TextSource>();
  const inputs = new Set<string>();
  const seen = new Map<string, Route>();
  region.data.routes.forEach((route, index) => {
    if (!seen.has(route.page)) seen.set(route.page, route);
    else
      report(createDiagnostic('E0202', { page: route.page, region: code }, rangeOfPath(region.source, ['routes', String(index), 'page'])));
  });
  region.data.routes.forEach((route, index) => {
    if (seen.get(route.page) !== route) return;
    const at = ['routes', String(index)];
    const resolved = resolveRoute(ctx, route, at, seen, report);
    if (resolved.text) {
      texts.set(resolved.route.path, resolved.text);
      for (const id of resolved.text.inputs) inputs.add(id);
    }
    routes.push(resolved.route);
  });
  for (const screen of ACCOUNT_SCREENS) {
    const path = routePath(ctx.basePath, screen);
    const locale = region.data.locale;
    routes.push({ page: screen, kind: 'account', path, content: accountScreenContent(screen, ctx.messages) });
    texts.set(path, { key: `account/${locale}/${screen}`, inputs: ctx.catalogueInputs });
  }
  if (!seen.has(HOME_PAGE)) report(createDiagnostic('E0208', { region: code }, rangeOfKey(region.source, ['routes'])));
  routes.sort((a, b) => compareStrings(a.path, b.path));
  return { routes, texts, inputs: [...inputs].sort(compareStrings) };
}

function resolveRoute(
  ctx: RouteContext,
  route: Route,
  at: readonly string[],
  seen: ReadonlyMap<string, Route>,
  report: Report,
): { route: RouteData; text?: TextSource } {
  const source = ctx.region.source;
  const kind = inferKind(route);
  const path = routePath(ctx.basePath, route.page);
  checkKind(route, kind, at, source, report);
  checkCollision(ctx, route.page, path, at, report);
  let data: RouteData = { page: route.page, kind, path };
  let text: TextSource | undefined;
  if (route.redirect !== undefined) {
    const target = seen.get(route.redirect);
    if (!target || target.redirect !== undefined || route.redirect === route.page) {
      report(
        createDiagnostic(
          'E0216',
          { page: route.page, target: route.redirect, why: target ? 'redirect' : 'missing' },
          rangeOfPath(source, [...at, 'redirect']),
        ),
      );
    }
    data = { ...data, redirect: routePath(ctx.basePath, route.redirect) };
  } else {
    const found = findPageFile(ctx, route, at, report);
    if (found) {
      checkLineup(ctx, found, report);
      const fallback = fallbackLanguage(ctx, found);
      data = { ...data, content: resolvePage(found.data, ctx.images), ...(fallback && { fallback }) };
      text = { key: found.source.id.replace(/\.ya?ml$/, ''), inputs: [found.source.id] };
    }
  }
  if (route.product !== undefined) {
    if (ctx.products?.[route.product]) data = { ...data, product: route.product };
    else if (ctx.products) {
      const guess = suggest(route.product, Object.keys(ctx.products));
      const diagnostic = createDiagnostic(
        'E0218',
        { product: route.product, region: ctx.code, use: 'route', guess },
        rangeOfPath(source, [...at, 'product']),
      );
      reportUnknown(ctx, { name: route.product, diagnostic }, report);
    }
  }
  if (route.scroll) data = { ...data, scroll: route.scroll };
  if (route.window) data = { ...data, window: resolveWindow(route, at, source, report) };
  return { route: data, text };
}

/** A kind the route names must fit it: a product page names its product, nothing else does, a redirect has no kind. */
function checkKind(route: Route, kind: string, at: readonly string[], source: Validated<'region'>['source'], report: Report): void {
  if (route.redirect !== undefined && route.kind !== undefined) {
    report(createDiagnostic('E0226', { page: route.page, kind: route.kind, problem: 'redirect' }, rangeOfPath(source, [...at, 'kind'])));
  } else if (kind === 'product' && route.product === undefined) {
    report(createDiagnostic('E0226', { page: route.page, kind, problem: 'needs product' }, rangeOfPath(source, [...at, 'kind'])));
  } else if (kind !== 'product' && route.product !== undefined && route.redirect === undefined) {
    report(createDiagnostic('E0226', { page: route.page, kind, problem: 'no product' }, rangeOfPath(source, [...at, 'product'])));
  }
}

/** A page's path must not be an account screen's, another region's (at the root) or a folder the build writes. */
function checkCollision(ctx: RouteContext, page: string, path: string, at: readonly string[], report: Report): void {
  const first = page.split('/', 1)[0]!;
  let collidesWith: string | undefined;
  if (isAccountScreen(page)) collidesWith = `the path of the account screen '${page}'`;
  else if (RESERVED_SEGMENTS.includes(first)) collidesWith = `inside the folder ${ctx.basePath}/${first}/ that the build writes`;
  else if (ctx.basePath === '' && ctx.otherRegions.includes(first))
    collidesWith = `${first === page ? 'the home' : 'inside the site'} of region '${first}'`;
  if (collidesWith)
    report(createDiagnostic('E0224', { page, region: ctx.code, path, collidesWith }, rangeOfPath(ctx.region.source, [...at, 'page'])));
}

/** The primary language subtag of a BCP 47 tag, lower case: `en` of `en-GB`. */
export function primaryLanguage(tag: string): string {
  return tag.split('-', 1)[0]!.toLowerCase();
}

/**
 * The language of a route's text when it is not the region's: the source language, for a page
 * file in it (found as the fallback, or named by `content:`) shown in a region of another
 * language. A page file that says its `lang` says it for the whole page (the Hong Kong page):
 * no fallback. English text in en-GB or en-EU is the region's own language: no fallback either.
 */
function fallbackLanguage(ctx: RouteContext, found: Validated<'page'>): string | undefined {
  const source = ctx.sourceLanguage;
  if (!source || found.data.lang !== undefined) return undefined;
  const name = found.source.id.slice(found.source.id.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
  return name === source && primaryLanguage(ctx.region.data.locale) !== source ? source : undefined;
}

/**
 * The page file of a route: the one `content` names, else the region's own, else its
 * language's, else (a page not yet translated) the source language's.
 */
function findPageFile(ctx: RouteContext, route: Route, at: readonly string[], report: Report): Validated<'page'> | undefined {
  const language = primaryLanguage(ctx.region.data.locale);
  const names = route.content ? [route.content] : [...new Set([ctx.code, language, ...(ctx.sourceLanguage ? [ctx.sourceLanguage] : [])])];
  const id = names.map((name) => `pages/${route.page}/${name}.yaml`).find((candidate) => ctx.present.has(candidate));
  if (id) return ctx.pages.get(id); // undefined when the file is invalid: reported already
  const folder = `pages/${route.page}/`;
  const existing = [...ctx.present]
    .filter((k) => k.startsWith(folder) && !k.slice(folder.length).includes('/'))
    .map((k) => k.slice(folder.length, -'.yaml'.length));
  const guess = route.content ? suggest(route.content, existing) : undefined;
  const wanted = names.map((name) => `pages/${route.page}/${name}.yaml`);
  report(
    createDiagnostic(
      'E0203',
      { page: route.page, region: ctx.code, wanted, guess },
      rangeOfPath(ctx.region.source, route.content ? [...at, 'content'] : [...at, 'page']),
    ),
  );
  return undefined;
}

/** The products of a page's line-up, and its featured product, must be sold in the region. */
function checkLineup(ctx: RouteContext, page: Validated<'page'>, report: Report): void {
  const products = ctx.products;
  if (!products) return;
  (page.data.lineup ?? []).forEach((key, position) => {
    if (products[key]) return;
    const guess = suggest(key, Object.keys(products));
    reportUnknown(
      ctx,
      {
        name: key,
        diagnostic: createDiagnostic(
          'E0218',
          { product: key, region: ctx.code, use: 'line-up', guess },
          rangeOfPath(page.source, ['lineup', String(position)]),
        ),
      },
      report,
    );
  });
  const featured = page.data.featured;
  if (featured !== undefined && !products[featured]) {
    report(
      createDiagnostic(
        'E0218',
        { product: featured, region: ctx.code, use: 'featured', guess: suggest(featured, Object.keys(products)) },
        rangeOfPath(page.source, ['featured']),
      ),
    );
  }
}

/** A use of an unknown product: to the region's collector (which may blame the definition), else reported as it is. */
function reportUnknown(ctx: RouteContext, use: UnknownProductUse, report: Report): void {
  if (ctx.unknownProduct) ctx.unknownProduct(use);
  else report(use.diagnostic);
}

function resolveWindow(
  route: Route,
  at: readonly string[],
  source: Validated<'region'>['source'],
  report: Report,
): { start?: number; end?: number } {
  const window: { start?: number; end?: number } = {};
  for (const edge of ['start', 'end'] as const) {
    const text = route.window?.[edge];
    if (text === undefined) continue;
    const value = parseInstant(text);
    if (Number.isNaN(value)) report(createDiagnostic('E0213', { text }, rangeOfPath(source, [...at, 'window', edge])));
    else window[edge] = value;
  }
  if (window.start !== undefined && window.end !== undefined && window.start >= window.end) {
    report(createDiagnostic('E0215', { what: `the window of '${route.page}'` }, rangeOfPath(source, [...at, 'window', 'end'])));
  }
  return window;
}
