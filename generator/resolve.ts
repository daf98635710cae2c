import { createDiagnostic, compareStrings, suggest } from './diagnostics.ts';
import type { Diagnostic, SourceRange } from './diagnostics.ts';
import type { LoadedContent, LoadedFile } from './load.ts';
import { imageAsset } from './images.ts';
import { rangeOfKey, rangeOfPath } from './load.ts';
import { RUNTIME_MESSAGE_KEYS } from '../runtime/message-keys.ts';
import { normalizePath, parsePath } from '../runtime/paths.ts';
import { currentStage } from '../runtime/time.ts';
import { ACCOUNT_SCREENS, REGION_CODES } from '../runtime/types.ts';
import type {
  AccountScreen,
  Alternate,
  Constants,
  NavItem,
  ImageAsset,
  PageContent,
  PageName,
  ProductData,
  ProductKey,
  RegionCode,
  RegionData,
  RegionLink,
  RouteData,
  StageGate,
} from '../runtime/types.ts';

// ---- The user-facing shapes, as the schemas allow them -------------------------------------

interface StagesListInput {
  description?: string;
  archived?: boolean;
  instants: string[];
}
interface NavInput {
  label: string;
  footerLabel?: string;
  link?: string;
  identify?: string;
  children?: NavInput[];
  tag?: { label: string; color: string };
  hidden?: NavItem['hidden'][number][];
  icon?: string;
  color?: string;
  stages?: string;
  stage?: number[];
}
interface RouteInput {
  page: PageName;
  content?: string;
  redirect?: PageName;
  product?: string;
  scroll?: RouteData['scroll'];
  window?: { start?: string; end?: string };
}
interface RegionInput {
  code: RegionCode;
  locale: string;
  hreflang: string;
  currency: string;
  label: string;
  origin: string;
  backend: RegionData['backend'];
  hosts: { production: string; preproduction: string[]; cnToCom?: boolean };
  paymentMethods: string[];
  installment?: { months?: number; text?: string };
  links: RegionData['links'];
  region: RegionData['regionSwitch'];
  media: { network: string; link: string }[];
  copyright: string;
  subscribe: RegionData['subscribe'];
  footerNavs: { label: string; links: { label: string; link: string }[] }[];
  textBanner?: { link: string; label: string; bg: string; stages: string; stage: number[] };
  countdown?: { title: string; button: string; link: string; stages: string; stage: number[] };
  navs: NavInput[];
  company: { name: string; address: string[] };
  stages?: Record<string, StagesListInput>;
  routes: RouteInput[];
}
interface ProductInput {
  name: string;
  link: string;
  buy: string;
  alt: string;
  price: number;
  activityPrice?: number;
  activityTime?: { startTime?: string; endTime?: string; stages?: string; stage?: number[] };
  stock: number;
  isPreSale: boolean;
  includes?: string[];
}
interface PageInput {
  lang?: string;
  title: string;
  description: string;
  keywords?: string[];
  heading: string;
  lead?: string;
  sections?: { heading: string; text: string }[];
  template?: boolean;
  specs?: { label: string; value: string }[];
  gallery?: { image: string; alt: string; caption?: string }[];
  downloads?: { title: string; product?: string; href: string; format: string; size: string }[];
  lineup?: string[];
}
interface MessagesInput {
  locale: string;
  extends?: string;
  messages: MessageTree;
}
interface MessageTree {
  [key: string]: string | MessageTree;
}
interface ConstantsInput extends Constants {
  currencies: Record<RegionCode, string>;
  backends: Record<RegionData['backend'], RegionData['api']>;
}

// ---- The model ------------------------------------------------------------------------------

/** A region resolved for the runtime, with the source of each piece for late diagnostics. */
export interface ResolvedRegion {
  data: RegionData;
  source: SourceRange;
  /** Source of each route, in the order of `data.routes`. */
  routeSources: SourceRange[];
  /** The content files this region was made from, relative to the content folder, sorted. */
  inputs: string[];
}

export interface SiteModel {
  regions: ResolvedRegion[];
  /** Every input file, for the banner of generated modules. */
  inputs: string[];
}

export interface ResolveResult {
  model: SiteModel;
  diagnostics: Diagnostic[];
}

export interface ResolveOptions {
  /** The build's instant, for warnings about windows already over (default: no such warnings). */
  now?: number;
}

export function regionBasePath(code: RegionCode): string {
  return code === 'cn' ? '' : `/${code}`;
}

export function routePath(code: RegionCode, page: PageName): string {
  const base = regionBasePath(code);
  if (page === 'home') return base || '/';
  return `${base}/${page}`;
}

const sortByKey = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => compareStrings(a, b)));

function flattenMessages(tree: MessageTree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[dotted] = value;
    else flattenMessages(value, dotted, out);
  }
  return out;
}

function baseName(file: LoadedFile): string {
  return file.id.slice(file.id.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
}

/** Parses an instant written with an explicit offset; NaN when it is not a real date. */
export function parseInstant(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text);
  if (!match) return NaN;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const probe = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d || h > 23 || mi > 59) return NaN;
  return Date.parse(text);
}

// ---- Message catalogues ---------------------------------------------------------------------

interface Catalogues {
  merged: Map<string, Record<string, string>>;
  chains: Map<string, string[]>;
}

function resolveCatalogues(files: LoadedFile[], known: ReadonlySet<string>, diagnostics: Diagnostic[]): Catalogues {
  const catalogues = new Map<string, { file: LoadedFile; input: MessagesInput; own: Record<string, string> }>();
  for (const file of files) {
    const input = file.data as MessagesInput;
    if (baseName(file) !== input.locale) {
      diagnostics.push(createDiagnostic('E0201', `catalogue declares locale '${input.locale}' but its file is named '${baseName(file)}.yaml'`, rangeOfPath(file, ['locale'])));
      continue;
    }
    catalogues.set(input.locale, { file, input, own: flattenMessages(input.messages) });
  }
  const merged = new Map<string, Record<string, string>>();
  const chains = new Map<string, string[]>();
  const tainted = new Set<string>();
  const mergeOf = (locale: string, chain: string[]): Record<string, string> | undefined => {
    const done = merged.get(locale);
    if (done) return done;
    const catalogue = catalogues.get(locale);
    if (!catalogue) return undefined;
    let inherited: Record<string, string> = {};
    const parent = catalogue.input.extends;
    if (parent) {
      if (chain.includes(parent) || parent === locale) {
        diagnostics.push(createDiagnostic('E0206', `catalogue '${locale}' extends '${parent}', which leads back to '${locale}'`, rangeOfPath(catalogue.file, ['extends'])));
        tainted.add(locale);
      } else if (!catalogues.has(parent)) {
        // A parent that exists but is invalid was reported already; its children are incomplete.
        tainted.add(locale);
        if (!known.has(parent)) diagnostics.push(createDiagnostic('E0204', `catalogue '${locale}' extends '${parent}', which has no file messages/${parent}.yaml`, rangeOfPath(catalogue.file, ['extends'])));
      } else {
        inherited = mergeOf(parent, [...chain, locale]) ?? {};
        if (tainted.has(parent)) tainted.add(locale);
      }
    }
    const result = sortByKey({ ...inherited, ...catalogue.own });
    merged.set(locale, result);
    chains.set(locale, [catalogue.file.id, ...(parent ? (chains.get(parent) ?? []) : [])]);
    return result;
  };
  for (const locale of [...catalogues.keys()].sort(compareStrings)) mergeOf(locale, []);

  // Every key must exist in every locale (after extension); name both files.
  const definedIn = new Map<string, string>();
  const owners = new Map<string, string[]>();
  for (const locale of [...catalogues.keys()].sort(compareStrings)) {
    for (const key of Object.keys(catalogues.get(locale)!.own)) {
      if (!definedIn.has(key)) definedIn.set(key, catalogues.get(locale)!.file.file);
      owners.set(key, [...(owners.get(key) ?? []), locale]);
    }
  }
  // A key written in one catalogue only, close to a key that catalogue lacks, is a typo: it is
  // reported once, at the misspelt key, instead of as missing everywhere else.
  const typos = new Map<string, string>();
  for (const [locale, catalogue] of [...catalogues].sort(([a], [b]) => compareStrings(a, b))) {
    if (tainted.has(locale)) continue;
    const others = [...owners].filter(([, by]) => !by.includes(locale)).map(([key]) => key);
    for (const key of Object.keys(catalogue.own).sort(compareStrings)) {
      if (owners.get(key)!.length !== 1 || catalogues.size < 2) continue;
      const meant = suggest(key, others.filter((other) => other.slice(0, other.lastIndexOf('.')) === key.slice(0, key.lastIndexOf('.'))));
      if (!meant) continue;
      typos.set(key, meant);
      diagnostics.push(
        createDiagnostic('E0205', `message '${key}' exists only in locale '${locale}'; did you mean '${meant}'?`, rangeOfKey(catalogue.file, ['messages', ...key.split('.')]), {
          hint: 'Rename the key: every catalogue must have the same keys.',
        }),
      );
    }
  }
  const intended = new Set(typos.values());
  for (const [locale, messages] of [...merged].sort(([a], [b]) => compareStrings(a, b))) {
    const catalogue = catalogues.get(locale)!;
    if (tainted.has(locale)) continue;
    const hasTypoFor = (key: string) => [...typos].some(([typo, meant]) => meant === key && typo in messages);
    for (const [key, origin] of [...definedIn].sort(([a], [b]) => compareStrings(a, b))) {
      if (key in messages || typos.has(key) || (intended.has(key) && hasTypoFor(key))) continue;
      diagnostics.push(createDiagnostic('E0205', `message '${key}' is missing in locale '${locale}' (${catalogue.file.file}); it is defined in ${origin}`, rangeOfKey(catalogue.file, ['messages'])));
    }
    for (const key of RUNTIME_MESSAGE_KEYS) {
      if (key in messages || definedIn.has(key)) continue;
      diagnostics.push(createDiagnostic('E0219', `message '${key}' is used by the runtime but missing in locale '${locale}' (${catalogue.file.file})`, rangeOfKey(catalogue.file, ['messages'])));
    }
  }
  return { merged, chains };
}

// ---- Stages ---------------------------------------------------------------------------------

interface StagesList {
  instants: number[];
  archived: boolean;
  file: LoadedFile;
  path: string[];
}

function resolveStagesLists(file: LoadedFile, lists: Record<string, StagesListInput> | undefined, at: string[], diagnostics: Diagnostic[], broken: Set<string>): Map<string, StagesList> {
  const out = new Map<string, StagesList>();
  for (const [name, list] of Object.entries(lists ?? {})) {
    const path = [...at, name];
    const instants: number[] = [];
    let ok = true;
    list.instants.forEach((text, index) => {
      const value = parseInstant(text);
      const where = rangeOfPath(file, [...path, 'instants', String(index)]);
      if (Number.isNaN(value)) {
        diagnostics.push(createDiagnostic('E0213', `'${text}' is not a real instant`, where));
        ok = false;
      } else if (instants.length && value <= instants[instants.length - 1]!) {
        diagnostics.push(createDiagnostic('E0212', `instant ${index + 1} of stages list '${name}' (${text}) is not after the one before it`, where));
        ok = false;
      }
      instants.push(value);
    });
    if (ok) out.set(name, { instants, archived: list.archived ?? false, file, path });
    else broken.add(name); // reported above; its users are not reported again
  }
  return out;
}

// ---- Regions --------------------------------------------------------------------------------

interface RegionContext {
  code: RegionCode;
  file: LoadedFile;
  input: RegionInput;
  stages: Map<string, StagesList>;
  /** Lists that exist but are invalid (already reported). */
  brokenStages: Set<string>;
  usedStages: Set<string>;
  diagnostics: Diagnostic[];
  now: number | undefined;
}

/** Every stages list name a region file refers to (for when stages.yaml itself is broken). */
function collectGateNames(input: RegionInput): Set<string> {
  const names = new Set<string>();
  const visit = (nav: NavInput) => {
    if (nav.stages) names.add(nav.stages);
    nav.children?.forEach(visit);
  };
  input.navs.forEach(visit);
  if (input.textBanner) names.add(input.textBanner.stages);
  if (input.countdown) names.add(input.countdown.stages);
  return names;
}

/** Checks a stage gate (list name and indexes) at a node; returns whether it resolved. */
function checkGate(ctx: RegionContext, file: LoadedFile, at: string[], gate: { stages?: string; stage?: number[] }): boolean {
  if (gate.stages === undefined) return true;
  const list = ctx.stages.get(gate.stages);
  if (!list && ctx.brokenStages.has(gate.stages)) return false;
  if (!list) {
    const guess = suggest(gate.stages, [...ctx.stages.keys()]);
    ctx.diagnostics.push(createDiagnostic('E0210', `stages list '${gate.stages}' does not exist${guess ? `; did you mean '${guess}'?` : ''}`, rangeOfPath(file, [...at, 'stages'])));
    return false;
  }
  ctx.usedStages.add(gate.stages);
  let ok = true;
  (gate.stage ?? []).forEach((index, i) => {
    if (index > list.instants.length) {
      ctx.diagnostics.push(
        createDiagnostic('E0211', `stage ${index} is outside stages list '${gate.stages}', which has stages 0 to ${list.instants.length}`, rangeOfPath(file, [...at, 'stage', String(i)])),
      );
      ok = false;
    }
  });
  if (ok && ctx.now !== undefined && !list.archived && gate.stage?.length) {
    const current = currentStage(list.instants, ctx.now);
    if (gate.stage.every((index) => index < current)) {
      ctx.diagnostics.push(
        createDiagnostic('W0303', `${gate.stage.length === 1 ? `stage ${gate.stage[0]} of '${gate.stages}' is` : `stages ${gate.stage.join(', ')} of '${gate.stages}' are all`} over (the current stage is ${current}); this never shows again`, rangeOfPath(file, [...at, 'stage']), {
          severity: 'warning',
        }),
      );
    }
  }
  return ok;
}

function resolveNav(ctx: RegionContext, nav: NavInput, at: string[], links: PendingLink[]): NavItem {
  if (nav.link) links.push({ file: ctx.file, at: [...at, 'link'], link: nav.link });
  checkGate(ctx, ctx.file, at, nav);
  return {
    label: nav.label,
    ...(nav.footerLabel !== undefined && { footerLabel: nav.footerLabel }),
    ...(nav.link !== undefined && { link: nav.link }),
    ...(nav.identify !== undefined && { identify: nav.identify }),
    children: (nav.children ?? []).map((child, i) => resolveNav(ctx, child, [...at, 'children', String(i)], links)),
    ...(nav.tag && { tag: { label: nav.tag.label, color: nav.tag.color } }),
    hidden: [...(nav.hidden ?? [])].sort(compareStrings),
    ...(nav.icon !== undefined && { icon: nav.icon }),
    ...(nav.color !== undefined && { color: nav.color }),
    ...(nav.stages !== undefined && { stages: nav.stages, stage: [...(nav.stage ?? [])].sort((a, b) => a - b) }),
  };
}

interface PendingLink {
  file: LoadedFile;
  at: string[];
  link: string;
}

function resolveProduct(ctx: RegionContext, file: LoadedFile, key: string, input: ProductInput, links: PendingLink[]): ProductData {
  const at = ['products', key];
  links.push({ file, at: [...at, 'link'], link: input.link });
  const product: { -readonly [K in keyof ProductData]: ProductData[K] } = {
    name: input.name,
    link: input.link,
    buy: input.buy,
    alt: input.alt,
    price: input.price,
    stock: input.stock,
    isPreSale: input.isPreSale,
  };
  if (input.activityPrice !== undefined) {
    product.activityPrice = input.activityPrice;
    if (input.activityPrice >= input.price) {
      ctx.diagnostics.push(
        createDiagnostic('W0301', `activity price ${input.activityPrice} of '${key}' is not below its price ${input.price}`, rangeOfPath(file, [...at, 'activityPrice']), { severity: 'warning' }),
      );
    }
  }
  if (input.stock === 0 && input.buy) {
    ctx.diagnostics.push(createDiagnostic('W0302', `'${key}' is sold out (stock 0) but has a buy link`, rangeOfPath(file, [...at, 'buy']), { severity: 'warning' }));
  }
  const time = input.activityTime;
  if (time) {
    const timeAt = [...at, 'activityTime'];
    const hasStart = time.startTime !== undefined;
    const hasStages = time.stages !== undefined;
    if (hasStart === hasStages) {
      ctx.diagnostics.push(createDiagnostic('E0220', `activityTime of '${key}' needs either startTime or stages, not ${hasStart ? 'both' : 'neither'}`, rangeOfPath(file, timeAt)));
    } else if (hasStart) {
      const start = parseInstant(time.startTime!);
      const end = time.endTime === undefined ? undefined : parseInstant(time.endTime);
      if (Number.isNaN(start)) ctx.diagnostics.push(createDiagnostic('E0213', `'${time.startTime}' is not a real instant`, rangeOfPath(file, [...timeAt, 'startTime'])));
      if (end !== undefined && Number.isNaN(end)) ctx.diagnostics.push(createDiagnostic('E0213', `'${time.endTime}' is not a real instant`, rangeOfPath(file, [...timeAt, 'endTime'])));
      if (end !== undefined && !Number.isNaN(start) && !Number.isNaN(end) && start >= end) {
        ctx.diagnostics.push(createDiagnostic('E0215', `activity of '${key}' starts at or after it ends`, rangeOfPath(file, [...timeAt, 'endTime'])));
      }
      product.activityTime = end === undefined ? { startTime: start } : { startTime: start, endTime: end };
    } else if (checkGate(ctx, file, timeAt, time)) {
      product.activityTime = { stages: time.stages!, stage: [...(time.stage ?? [])].sort((a, b) => a - b) };
    }
  }
  return product;
}

/**
 * An account screen of a region: every region has them all, with their head and heading from
 * the catalogue (`account.screens.<camelCase name>.title|description|lead`).
 */
function accountScreenRoute(code: RegionCode, screen: AccountScreen, messages: Readonly<Record<string, string>>): RouteData {
  const key = `account.screens.${screen.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}`;
  const text = (name: string) => messages[`${key}.${name}`] ?? '';
  return {
    page: screen,
    path: routePath(code, screen),
    content: {
      title: `${text('title')} | ${messages['site.name'] ?? ''}`,
      description: text('description'),
      keywords: [],
      heading: text('title'),
      lead: text('lead'),
      sections: [],
    },
  };
}

/**
 * A page's text as the runtime reads it. Pictures name source art (`images`, by name; one
 * without art was reported and is left out); line-up keys were checked by the caller.
 */
function resolvePage(input: PageInput, images: ReadonlyMap<string, ImageAsset | undefined>, lineup?: readonly ProductKey[]): PageContent {
  const gallery = (input.gallery ?? []).flatMap((item) => {
    const image = images.get(item.image);
    return image ? [{ image, alt: item.alt, ...(item.caption !== undefined && { caption: item.caption }) }] : [];
  });
  return {
    ...(input.lang !== undefined && { lang: input.lang }),
    title: input.title,
    description: input.description,
    keywords: input.keywords ?? [],
    heading: input.heading,
    lead: input.lead ?? '',
    sections: (input.sections ?? []).map((s) => ({ heading: s.heading, text: s.text })),
    ...(input.template && { template: true }),
    ...(input.specs?.length && { specs: input.specs.map((spec) => ({ label: spec.label, value: spec.value })) }),
    ...(gallery.length > 0 && { gallery }),
    ...(input.downloads?.length && {
      downloads: input.downloads.map((d) => ({ title: d.title, ...(d.product !== undefined && { product: d.product }), href: d.href, format: d.format, size: d.size })),
    }),
    ...(lineup?.length && { lineup: [...lineup] }),
  };
}

/**
 * Source art by name, with the image the build makes of it (undefined for art of unknown size,
 * reported once at the drawing), and a diagnostic for every picture of a page that names art
 * which is missing. Each page file is checked once, however many regions use it.
 */
function resolveArt(content: LoadedContent, pageFiles: readonly LoadedFile[], rootPrefix: string, diagnostics: Diagnostic[]): Map<string, ImageAsset | undefined> {
  const images = new Map<string, ImageAsset | undefined>();
  for (const art of content.art ?? []) {
    const image = imageAsset(art);
    images.set(art.name, image);
    // Reported once, at the drawing: its pictures are left out wherever they are used.
    if (!image) diagnostics.push(createDiagnostic('E0221', `source art ${rootPrefix}${art.id} has no viewBox (or width and height), so its size is unknown`, { file: `${rootPrefix}${art.id}`, line: 1, column: 1 }));
  }
  for (const file of pageFiles) {
    ((file.data as PageInput).gallery ?? []).forEach((item, index) => {
      const range = rangeOfPath(file, ['gallery', String(index), 'image']);
      if (!images.has(item.image)) {
        const guess = suggest(item.image, [...images.keys()]);
        diagnostics.push(createDiagnostic('E0221', `picture '${item.image}' has no source art ${rootPrefix}assets/${item.image}.svg${guess ? `; did you mean '${guess}'?` : ''}`, range));
      }
    });
  }
  return images;
}

/**
 * Gives every content route its `hreflang` alternates: the same page in each region that has
 * it (in region order, with the page's own language when it declares one), and `x-default`,
 * the region chooser of the first English region.
 */
function addAlternates(regions: ResolvedRegion[]): void {
  const byPage = new Map<PageName, Alternate[]>();
  for (const code of REGION_CODES) {
    const region = regions.find((r) => r.data.code === code);
    for (const route of region?.data.routes ?? []) {
      if (!route.content) continue;
      const list = byPage.get(route.page) ?? [];
      list.push({ hreflang: route.content.lang ?? region!.data.hreflang, href: `${region!.data.origin}${route.path}` });
      byPage.set(route.page, list);
    }
  }
  const english = REGION_CODES.map((code) => regions.find((r) => r.data.code === code)).find((r) => r?.data.locale.startsWith('en'));
  const chooser = english?.data.routes.find((r) => r.page === 'choose-your-region' && r.content);
  const fallback = chooser ? [{ hreflang: 'x-default', href: `${english!.data.origin}${chooser.path}` }] : [];
  for (const region of regions) {
    Object.assign(region.data, { routes: region.data.routes.map((route) => (route.content ? { ...route, alternates: [...(byPage.get(route.page) ?? []), ...fallback] } : route)) });
  }
}

/**
 * Resolves validated content into the typed model: cross-references are checked here, after
 * every file is loaded, and reported at the node that holds them.
 */
export function resolveContent(content: LoadedContent, options: ResolveOptions = {}): ResolveResult {
  const diagnostics: Diagnostic[] = [];
  // Files that failed to parse or validate are already reported: resolving them would only
  // repeat the same problem as other errors. Their mere existence still counts below.
  const usable = content.files.filter((f) => f.valid);
  const present = new Set(content.files.map((f) => f.id));
  const byId = new Map(usable.map((f) => [f.id, f]));
  const byKind = (kind: LoadedFile['kind']) => usable.filter((f) => f.kind === kind);
  const rootPrefix = content.files[0] ? content.files[0].file.slice(0, content.files[0].file.length - content.files[0].id.length) : '';
  const missing = (id: string, what: string) => diagnostics.push(createDiagnostic('E0207', `${what} has no file ${id}`, { file: `${rootPrefix}${id}`, line: 1, column: 1 }));

  const { merged: catalogues, chains } = resolveCatalogues(byKind('messages'), new Set(content.files.filter((f) => f.kind === 'messages').map(baseName)), diagnostics);
  const pages = new Map(byKind('page').map((f) => [f.id, f]));
  const images = resolveArt(content, byKind('page'), rootPrefix, diagnostics);

  const constantsFile = byId.get('constants.yaml');
  if (!present.has('constants.yaml')) missing('constants.yaml', 'the content');
  const constantsInput = constantsFile?.data as ConstantsInput | undefined;
  const constants: Constants | undefined = constantsInput && (({ currencies: _currencies, backends: _backends, ...rest }) => rest)(constantsInput);

  const stagesFile = byId.get('stages.yaml');
  if (!present.has('stages.yaml')) missing('stages.yaml', 'the content');
  const brokenShared = new Set<string>();
  const sharedStages = stagesFile ? resolveStagesLists(stagesFile, (stagesFile.data as { stages: Record<string, StagesListInput> }).stages, ['stages'], diagnostics, brokenShared) : new Map<string, StagesList>();
  // An invalid stages.yaml was reported already: then no shared list is reported as unknown.
  const sharedStagesKnown = stagesFile !== undefined || !present.has('stages.yaml');

  // Pass 1: region identities, so that links between regions can be checked.
  const regionFiles = new Map<RegionCode, LoadedFile>();
  for (const code of REGION_CODES) {
    const id = `regions/${code}/region.yaml`;
    if (!present.has(id)) missing(id, `region '${code}'`);
    if (!present.has(`regions/${code}/products.yaml`)) missing(`regions/${code}/products.yaml`, `region '${code}'`);
    const file = byId.get(id);
    if (!file) continue;
    const input = file.data as RegionInput;
    if (input.code !== code) {
      diagnostics.push(createDiagnostic('E0201', `region declares code '${input.code}' but its folder is regions/${code}/`, rangeOfPath(file, ['code'])));
      continue;
    }
    regionFiles.set(code, file);
  }
  for (const file of content.files) {
    const match = /^regions\/([^/]+)\//.exec(file.id);
    if (match && !(REGION_CODES as readonly string[]).includes(match[1]!)) {
      diagnostics.push(createDiagnostic('E0003', `'${match[1]}' is not a region code (${REGION_CODES.join(', ')})`, { file: file.file, line: 1, column: 1 }));
    }
  }

  const links: RegionLink[] = [...regionFiles].map(([code, file]) => {
    const input = file.data as RegionInput;
    return { code, label: input.label, locale: input.locale, hreflang: input.hreflang, home: routePath(code, 'home'), origin: input.origin };
  });

  // Route tables of every region, for link checks.
  const routeTables = new Map<RegionCode, Set<string>>();
  for (const [code, file] of regionFiles) {
    const pages: PageName[] = [...(file.data as RegionInput).routes.map((r) => r.page), ...ACCOUNT_SCREENS];
    routeTables.set(code, new Set(pages.map((page) => routePath(code, page))));
  }

  const regions: ResolvedRegion[] = [];
  const pendingLinks: PendingLink[] = [];
  for (const [code, file] of regionFiles) {
    const input = file.data as RegionInput;
    const brokenStages = new Set(brokenShared);
    const localStages = resolveStagesLists(file, input.stages, ['stages'], diagnostics, brokenStages);
    const ctx: RegionContext = { code, file, input, stages: new Map([...sharedStages, ...localStages]), brokenStages, usedStages: new Set(), diagnostics, now: options.now };
    if (!sharedStagesKnown) {
      // Every name could have been a list of the broken stages.yaml.
      for (const name of [...collectGateNames(input)]) if (!ctx.stages.has(name)) brokenStages.add(name);
    }
    const inputs = new Set([file.id, ...(chains.get(input.locale) ?? [])]);
    if (stagesFile) inputs.add(stagesFile.id);
    if (constantsFile) inputs.add(constantsFile.id);

    const messages = catalogues.get(input.locale);
    if (!present.has(`messages/${input.locale}.yaml`)) {
      diagnostics.push(createDiagnostic('E0204', `locale '${input.locale}' has no catalogue messages/${input.locale}.yaml`, rangeOfPath(file, ['locale'])));
    }
    const expectedCurrency = constantsInput?.currencies[code];
    if (expectedCurrency && expectedCurrency !== input.currency) {
      diagnostics.push(createDiagnostic('E0217', `region '${code}' sells in ${expectedCurrency} (constants.yaml), not ${input.currency}`, rangeOfPath(file, ['currency'])));
    }

    // Products.
    const productsFile = byId.get(`regions/${code}/products.yaml`);
    // A missing or invalid products file was reported already: do not report its products as unknown.
    const productsKnown = productsFile !== undefined;
    const products: Partial<Record<ProductKey, ProductData>> = {};
    if (productsFile) {
      inputs.add(productsFile.id);
      const entries = Object.entries((productsFile.data as { products: Record<string, ProductInput> }).products).sort(([a], [b]) => compareStrings(a, b));
      for (const [key, product] of entries) products[key as ProductKey] = resolveProduct(ctx, productsFile, key, product, pendingLinks);
      // A bundle names the products it contains: each must be sold in the region too.
      for (const [key, product] of entries) {
        const includes = (product.includes ?? []).filter((part, position) => {
          if (products[part as ProductKey] && part !== key) return true;
          const guess = suggest(part, Object.keys(products));
          const why = part === key ? 'itself' : `'${part}', which is not in regions/${code}/products.yaml${guess ? `; did you mean '${guess}'?` : ''}`;
          diagnostics.push(createDiagnostic('E0218', `bundle '${key}' includes ${why}`, rangeOfPath(productsFile, ['products', key, 'includes', String(position)])));
          return false;
        }) as ProductKey[];
        if (includes.length > 0) products[key as ProductKey] = { ...products[key as ProductKey]!, includes };
      }
    }

    // Routes.
    const routes: { route: RouteData; source: SourceRange }[] = [];
    const seen = new Map<PageName, RouteInput>();
    const language = input.locale.split('-')[0]!;
    input.routes.forEach((route, index) => {
      const at = ['routes', String(index)];
      if (seen.has(route.page)) {
        diagnostics.push(createDiagnostic('E0202', `page '${route.page}' is listed twice in region '${code}'`, rangeOfPath(file, [...at, 'page'])));
        return;
      }
      seen.set(route.page, route);
    });
    input.routes.forEach((route, index) => {
      const at = ['routes', String(index)];
      if (seen.get(route.page) !== route) return;
      const data: { -readonly [K in keyof RouteData]: RouteData[K] } = { page: route.page, path: routePath(code, route.page) };
      if (route.redirect !== undefined) {
        const target = seen.get(route.redirect);
        if (!target || target.redirect !== undefined || route.redirect === route.page) {
          const why = !target ? 'is not a page of this region' : 'is itself a redirect';
          diagnostics.push(createDiagnostic('E0216', `'${route.page}' redirects to '${route.redirect}', which ${why}`, rangeOfPath(file, [...at, 'redirect'])));
        }
        data.redirect = routePath(code, route.redirect);
      } else {
        const names = route.content ? [route.content] : [code, language];
        const id = names.map((name) => `pages/${route.page}/${name}.yaml`).find((candidate) => present.has(candidate));
        const pageFile = id ? pages.get(id) : undefined;
        if (!id) {
          const existing = [...present].filter((k) => k.startsWith(`pages/${route.page}/`) && !k.slice(`pages/${route.page}/`.length).includes('/')).map((k) => k.slice(k.lastIndexOf('/') + 1, -'.yaml'.length));
          const guess = route.content ? suggest(route.content, existing) : undefined;
          const wanted = names.map((name) => `pages/${route.page}/${name}.yaml`).join(' or ');
          diagnostics.push(
            createDiagnostic('E0203', `page '${route.page}' of region '${code}' has no content file ${wanted}${guess ? `; did you mean '${guess}'?` : ''}`, rangeOfPath(file, route.content ? [...at, 'content'] : [...at, 'page'])),
          );
        } else if (pageFile) {
          inputs.add(pageFile.id);
          const page = pageFile.data as PageInput;
          const lineup = (page.lineup ?? []).filter((key, position) => {
            if (products[key as ProductKey]) return true;
            if (productsKnown) {
              const guess = suggest(key, Object.keys(products));
              diagnostics.push(createDiagnostic('E0218', `line-up product '${key}' is not in regions/${code}/products.yaml${guess ? `; did you mean '${guess}'?` : ''}`, rangeOfPath(pageFile, ['lineup', String(position)])));
            }
            return false;
          }) as ProductKey[];
          data.content = resolvePage(page, images, lineup);
        }
      }
      if (route.product !== undefined) {
        if (products[route.product as ProductKey]) data.product = route.product as ProductKey;
        else if (productsKnown) {
          const guess = suggest(route.product, Object.keys(products));
          diagnostics.push(createDiagnostic('E0218', `product '${route.product}' is not in regions/${code}/products.yaml${guess ? `; did you mean '${guess}'?` : ''}`, rangeOfPath(file, [...at, 'product'])));
        }
      }
      if (route.scroll) data.scroll = route.scroll;
      if (route.window) {
        const window: { start?: number; end?: number } = {};
        for (const edge of ['start', 'end'] as const) {
          const text = route.window[edge];
          if (text === undefined) continue;
          const value = parseInstant(text);
          if (Number.isNaN(value)) diagnostics.push(createDiagnostic('E0213', `'${text}' is not a real instant`, rangeOfPath(file, [...at, 'window', edge])));
          else window[edge] = value;
        }
        if (window.start !== undefined && window.end !== undefined && window.start >= window.end) {
          diagnostics.push(createDiagnostic('E0215', `the window of '${route.page}' starts at or after it ends`, rangeOfPath(file, [...at, 'window', 'end'])));
        }
        data.window = window;
      }
      routes.push({ route: data, source: rangeOfPath(file, at) });
    });
    for (const screen of ACCOUNT_SCREENS) routes.push({ route: accountScreenRoute(code, screen, messages ?? {}), source: rangeOfKey(file, ['routes']) });
    if (!seen.has('home')) diagnostics.push(createDiagnostic('E0208', `region '${code}' has no home page`, rangeOfKey(file, ['routes'])));
    routes.sort((a, b) => compareStrings(a.route.path, b.route.path));

    // Navigation and banners.
    const navs = input.navs.map((nav, i) => resolveNav(ctx, nav, ['navs', String(i)], pendingLinks));
    input.footerNavs.forEach((column, c) => column.links.forEach((link, l) => pendingLinks.push({ file, at: ['footerNavs', String(c), 'links', String(l), 'link'], link: link.link })));
    for (const key of ['home', 'shop', 'account', 'tmall'] as const) if (input.links[key]) pendingLinks.push({ file, at: ['links', key], link: input.links[key]! });
    pendingLinks.push({ file, at: ['region', 'link'], link: input.region.link });
    const banner = input.textBanner;
    if (banner) {
      pendingLinks.push({ file, at: ['textBanner', 'link'], link: banner.link });
      checkGate(ctx, file, ['textBanner'], banner);
    }
    const countdown = input.countdown;
    if (countdown) {
      pendingLinks.push({ file, at: ['countdown', 'link'], link: countdown.link });
      checkGate(ctx, file, ['countdown'], countdown);
    }
    const gate = (g: { stages: string; stage: number[] }): StageGate => ({ stages: g.stages, stage: [...g.stage].sort((a, b) => a - b) });

    const stages: Record<string, number[]> = {};
    for (const name of [...ctx.usedStages].sort(compareStrings)) {
      const list = ctx.stages.get(name)!;
      stages[name] = list.instants;
      inputs.add(list.file.id);
    }

    regions.push({
      data: {
        code,
        locale: input.locale,
        hreflang: input.hreflang,
        currency: input.currency,
        label: input.label,
        origin: input.origin,
        backend: input.backend,
        api: constantsInput?.backends[input.backend] ?? { production: '', preproduction: '' },
        basePath: regionBasePath(code),
        hosts: { production: input.hosts.production, preproduction: [...input.hosts.preproduction], cnToCom: input.hosts.cnToCom ?? false },
        paymentMethods: [...input.paymentMethods],
        ...(input.installment && { installment: { ...input.installment } }),
        links: { ...input.links },
        regionSwitch: { ...input.region },
        media: input.media.map((m) => ({ network: m.network, link: m.link })),
        copyright: input.copyright,
        subscribe: { ...input.subscribe },
        footerNavs: input.footerNavs.map((column) => ({ label: column.label, links: column.links.map((l) => ({ label: l.label, link: l.link })) })),
        ...(banner && { textBanner: { link: banner.link, label: banner.label, bg: banner.bg, ...gate(banner) } }),
        ...(countdown && { countdown: { title: countdown.title, button: countdown.button, link: countdown.link, ...gate(countdown) } }),
        navs,
        company: { name: input.company.name, address: [...input.company.address] },
        stages,
        products,
        routes: routes.map((r) => r.route),
        messages: messages ?? {},
        regions: links,
        constants: constants ?? ({} as Constants),
      },
      source: rangeOfPath(file, []),
      routeSources: routes.map((r) => r.source),
      inputs: [...inputs].sort(compareStrings),
    });
  }

  // Internal links must name a page of the region they point into.
  for (const pending of pendingLinks) {
    if (!pending.link.startsWith('/')) continue;
    const path = normalizePath(pending.link);
    const target = parsePath(path).region;
    const table = routeTables.get(target);
    if (!table || table.has(path.toLowerCase())) continue;
    const guess = suggest(path, [...table]);
    diagnostics.push(
      createDiagnostic('E0214', `link '${pending.link}' is not a page of region '${target}'${guess ? `; did you mean '${guess}'?` : ''}`, rangeOfPath(pending.file, pending.at)),
    );
  }

  addAlternates(regions);
  const inputs = content.files.map((f) => f.id).sort(compareStrings);
  return { model: { regions, inputs }, diagnostics };
}
