import { createDiagnostic, compareStrings, suggest } from './diagnostics.ts';
import type { Diagnostic, SourceRange } from './diagnostics.ts';
import type { LoadedContent, LoadedFile } from './load.ts';
import { rangeOfKey, rangeOfPath } from './load.ts';
import { REGION_CODES } from '../runtime/types.ts';
import type { PageContent, PageName, RegionCode, RegionData, RegionLink, RouteData } from '../runtime/types.ts';

/** The region file as the schema allows it (the user-facing shape). */
interface RegionInput {
  code: RegionCode;
  locale: string;
  hreflang: string;
  currency: string;
  label: string;
  origin: string;
  backend: 'us' | 'eu' | 'cn';
  routes: { page: PageName; content?: string }[];
}

interface PageInput {
  title: string;
  description: string;
  keywords?: string[];
  heading: string;
  lead?: string;
  sections?: { heading: string; text: string }[];
}

interface MessagesInput {
  locale: string;
  extends?: string;
  messages: MessageTree;
}
interface MessageTree {
  [key: string]: string | MessageTree;
}

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

export function regionBasePath(code: RegionCode): string {
  return code === 'cn' ? '' : `/${code}`;
}

export function routePath(code: RegionCode, page: PageName): string {
  const base = regionBasePath(code);
  if (page === 'home') return base || '/';
  return `${base}/${page}`;
}

function flattenMessages(tree: MessageTree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[dotted] = value;
    else flattenMessages(value, dotted, out);
  }
  return out;
}

function sortRecord(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => compareStrings(a, b)));
}

function baseName(file: LoadedFile): string {
  return file.id.slice(file.id.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
}

interface Catalogue {
  file: LoadedFile;
  input: MessagesInput;
  own: Record<string, string>;
}

function resolveCatalogues(files: LoadedFile[], known: ReadonlySet<string>, diagnostics: Diagnostic[]): { merged: Map<string, Record<string, string>>; chains: Map<string, string[]> } {
  const catalogues = new Map<string, Catalogue>();
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
      } else if (!catalogues.has(parent)) {
        // A parent that exists but is invalid was reported already; its children are incomplete.
        if (known.has(parent)) tainted.add(locale);
        else diagnostics.push(createDiagnostic('E0204', `catalogue '${locale}' extends '${parent}', which has no file messages/${parent}.yaml`, rangeOfPath(catalogue.file, ['extends'])));
      } else {
        inherited = mergeOf(parent, [...chain, locale]) ?? {};
        if (tainted.has(parent)) tainted.add(locale);
      }
    }
    const result = sortRecord({ ...inherited, ...catalogue.own });
    merged.set(locale, result);
    chains.set(locale, [catalogue.file.id, ...(parent ? (chains.get(parent) ?? []) : [])]);
    return result;
  };
  for (const locale of [...catalogues.keys()].sort(compareStrings)) mergeOf(locale, []);

  // Every key must exist in every locale (after extension); name both files.
  const definedIn = new Map<string, string>();
  for (const locale of [...catalogues.keys()].sort(compareStrings)) {
    const catalogue = catalogues.get(locale)!;
    for (const key of Object.keys(catalogue.own)) if (!definedIn.has(key)) definedIn.set(key, catalogue.file.file);
  }
  for (const [locale, messages] of [...merged].sort(([a], [b]) => compareStrings(a, b))) {
    const catalogue = catalogues.get(locale)!;
    if (tainted.has(locale)) continue;
    for (const [key, origin] of [...definedIn].sort(([a], [b]) => compareStrings(a, b))) {
      if (key in messages) continue;
      diagnostics.push(
        createDiagnostic('E0205', `message '${key}' is missing in locale '${locale}' (${catalogue.file.file}); it is defined in ${origin}`, rangeOfKey(catalogue.file, ['messages'])),
      );
    }
  }
  return { merged, chains };
}

function resolvePage(input: PageInput): PageContent {
  return {
    title: input.title,
    description: input.description,
    keywords: input.keywords ?? [],
    heading: input.heading,
    lead: input.lead ?? '',
    sections: (input.sections ?? []).map((s) => ({ heading: s.heading, text: s.text })),
  };
}

/**
 * Resolves validated content into the typed model: cross-references are checked here, after
 * every file is loaded, and reported at the node that holds them.
 */
export function resolveContent(content: LoadedContent): ResolveResult {
  const diagnostics: Diagnostic[] = [];
  // Files that failed to parse or validate are already reported: resolving them would only
  // repeat the same problem as other errors. Their mere existence still counts below.
  const usable = content.files.filter((f) => f.valid);
  const present = new Set(content.files.map((f) => f.id));
  const byKind = (kind: LoadedFile['kind']) => usable.filter((f) => f.kind === kind);

  const { merged: catalogues, chains } = resolveCatalogues(
    byKind('messages'),
    new Set(content.files.filter((f) => f.kind === 'messages').map(baseName)),
    diagnostics,
  );
  const pages = new Map(byKind('page').map((f) => [f.id, f]));

  const regionFiles = new Map<RegionCode, LoadedFile>();
  for (const file of byKind('region')) {
    const input = file.data as RegionInput;
    if (baseName(file) !== input.code) {
      diagnostics.push(createDiagnostic('E0201', `region declares code '${input.code}' but its file is named '${baseName(file)}.yaml'`, rangeOfPath(file, ['code'])));
      continue;
    }
    regionFiles.set(input.code, file);
  }
  const relativeRoot = content.files[0]?.file.slice(0, content.files[0].file.length - content.files[0].id.length) ?? '';
  for (const code of REGION_CODES) {
    if (!present.has(`regions/${code}.yaml`)) {
      diagnostics.push(createDiagnostic('E0207', `region '${code}' has no file regions/${code}.yaml`, { file: `${relativeRoot}regions/${code}.yaml`, line: 1, column: 1 }));
    }
  }

  const links: RegionLink[] = REGION_CODES.filter((code) => regionFiles.has(code)).map((code) => {
    const input = regionFiles.get(code)!.data as RegionInput;
    return { code, label: input.label, locale: input.locale, hreflang: input.hreflang, home: routePath(code, 'home'), origin: input.origin };
  });

  const regions: ResolvedRegion[] = [];
  for (const code of REGION_CODES) {
    const file = regionFiles.get(code);
    if (!file) continue;
    const input = file.data as RegionInput;
    const messages = catalogues.get(input.locale);
    if (!present.has(`messages/${input.locale}.yaml`)) {
      diagnostics.push(createDiagnostic('E0204', `locale '${input.locale}' has no catalogue messages/${input.locale}.yaml`, rangeOfPath(file, ['locale'])));
    }
    const seen = new Set<PageName>();
    const routes: { route: RouteData; source: SourceRange }[] = [];
    const inputs = new Set([file.id, ...(chains.get(input.locale) ?? [])]);
    input.routes.forEach((route, index) => {
      const at = ['routes', String(index)];
      if (seen.has(route.page)) {
        diagnostics.push(createDiagnostic('E0202', `page '${route.page}' is listed twice in region '${code}'`, rangeOfPath(file, [...at, 'page'])));
        return;
      }
      seen.add(route.page);
      const name = route.content ?? code;
      const id = `pages/${route.page}/${name}.yaml`;
      const pageFile = pages.get(id);
      if (!pageFile) {
        if (present.has(id)) return; // exists but invalid: already reported
        const names = [...pages.keys()].filter((k) => k.startsWith(`pages/${route.page}/`)).map((k) => k.slice(k.lastIndexOf('/') + 1, -'.yaml'.length));
        const guess = suggest(name, names);
        diagnostics.push(
          createDiagnostic('E0203', `page '${route.page}' of region '${code}' has no content file ${id}${guess ? `; did you mean '${guess}'?` : ''}`, rangeOfPath(file, route.content ? [...at, 'content'] : [...at, 'page'])),
        );
        return;
      }
      inputs.add(id);
      routes.push({ route: { page: route.page, path: routePath(code, route.page), content: resolvePage(pageFile.data as PageInput) }, source: rangeOfPath(file, at) });
    });
    if (!seen.has('home')) {
      diagnostics.push(createDiagnostic('E0208', `region '${code}' has no home page`, rangeOfKey(file, ['routes'])));
    }
    routes.sort((a, b) => compareStrings(a.route.path, b.route.path));
    regions.push({
      data: {
        code,
        locale: input.locale,
        hreflang: input.hreflang,
        currency: input.currency,
        label: input.label,
        origin: input.origin,
        backend: input.backend,
        basePath: regionBasePath(code),
        routes: routes.map((r) => r.route),
        messages: messages ?? {},
        regions: links,
      },
      source: rangeOfPath(file, []),
      routeSources: routes.map((r) => r.source),
      inputs: [...inputs].sort(compareStrings),
    });
  }
  const inputs = content.files.map((f) => f.id).sort(compareStrings);
  return { model: { regions, inputs }, diagnostics };
}
