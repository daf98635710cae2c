import path from 'node:path';
import type { Project } from 'ts-morph';
import { cacheKey, readEntry, writeEntry } from '../cache.ts';
import { compareStrings } from '../diagnostics/index.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import type { ResolvedRegion, SiteModel } from '../resolve/index.ts';
import { shardRouteTable, splitRegion } from '../../core/model.ts';
import { routeShardCount } from '../../core/paths.ts';
import { formatsOf } from '../../core/locale.ts';
import { BANNER } from './sites-folder.ts';
import type { GeneratedFile } from './sites-folder.ts';

/**
 * The emit stage: the typed modules of the content, and the entries the client bundles are built
 * from, in the sites folder.
 *
 * - `<code>/region.ts`: what every page of the region shows `as const`, with the exact unions of
 *   its pages, paths and products (a misspelt name is a type error); `<code>/routes/<n>.ts`, the
 *   shards of its route table with the products their pages show; and `<code>/main.ts`, the
 *   region's entry, the only one of them the client bundle holds;
 * - `messages/<locale>.ts`: a locale's catalogue, with its `MessageKey` union (the types of the
 *   texts; pages get the catalogue from the region's site data file);
 * - the data the client loads is not modules but JSON files the build writes beside the region's
 *   pages (text-assets.ts): the site data file, the route table's shards (they grow with the
 *   catalogue: a navigation loads its path's shard) and the route texts. The typed modules are
 *   what the type-check sees of them.
 *
 * One ts-morph Project per emit builds the typed declarations (the unions) as structures; the
 * bulk data goes out as plain text. Declarations built before come from the build cache, so an
 * emit whose names did not change (a new price) never loads ts-morph. The modules are generated,
 * never committed (docs/decisions.md); sites-folder.ts writes them.
 */

function banner(inputs: readonly string[]): string {
  return `${BANNER}\n// Inputs: ${inputs.join(', ')}\n`;
}

function importPath(fromDir: string, target: string): string {
  const relative = path.relative(fromDir, target).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** A text key (`pages/faq/en`, `account/en-US/login`) as a module path relative to the sites folder. */
export function textModulePath(key: string): string {
  return `${key}.ts`;
}

/** The module of a locale's catalogue, relative to the sites folder. */
export function messagesModulePath(locale: string): string {
  return `messages/${locale}.ts`;
}

const literalUnion = (values: readonly string[]): string =>
  values.length
    ? [...new Set(values)]
        .sort(compareStrings)
        .map((v) => JSON.stringify(v))
        .join(' | ')
    : 'never';

/** A type alias to declare: its name, its type and its doc comment. */
interface Declaration {
  readonly name: string;
  readonly type: string;
  readonly doc: string;
}

/**
 * The declarations of an emit: made as ts-morph structures in one Project (created on the
 * first declaration the cache does not have), or read from the cache.
 */
function createDeclarer(cacheDir: string | undefined): (declarations: readonly Declaration[]) => Promise<string> {
  let project: Promise<Project> | undefined;
  return async (declarations) => {
    const key = cacheKey('declarations', JSON.stringify(declarations));
    const cached = await readEntry(cacheDir, 'declarations', key);
    if (cached) return cached.toString('utf8');
    project ??= import('ts-morph').then(
      ({ Project: ProjectClass }) =>
        new ProjectClass({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { noLib: true } }),
    );
    const { StructureKind } = await import('ts-morph');
    const file = (await project).createSourceFile('declarations.ts', '', { overwrite: true });
    file.addTypeAliases(
      declarations.map((d) => ({ kind: StructureKind.TypeAlias, name: d.name, type: d.type, isExported: true, docs: [d.doc] })),
    );
    const text = file.getFullText();
    file.forget();
    await writeEntry(cacheDir, 'declarations', key, text);
    return text;
  };
}

type Declare = ReturnType<typeof createDeclarer>;

/** A module: its plain-text head and data, then its declarations. */
async function moduleText(declare: Declare, text: string, declarations: readonly Declaration[]): Promise<string> {
  return `${text}\n${await declare(declarations)}`;
}

/** The data module of a region: its site data `as const`, and the unions of its names. */
async function emitRegionData(declare: Declare, region: ResolvedRegion, sitesDir: string): Promise<GeneratedFile> {
  const { site, table } = splitRegion(region.data);
  const dir = path.join(sitesDir, site.code);
  const text = [
    banner(region.inputs),
    `import type { SiteData } from '${importPath(dir, path.join(PACKAGE_ROOT, 'core', 'model.ts'))}';`,
    `export type { MessageKey } from '../${messagesModulePath(site.locale)}';`,
    '',
    `/** Region ${site.code}: its site data, as the types and the type-check see it (pages get it from the region's site data file). The route table and products are in routes/. */`,
    `export const region = ${JSON.stringify(site, null, 2)} as const satisfies SiteData;`,
    '',
  ].join('\n');
  return {
    path: `${site.code}/region.ts`,
    content: await moduleText(declare, text, [
      { name: 'PageName', type: literalUnion(table.routes.map((r) => r.page)), doc: 'The pages that exist in this region.' },
      { name: 'RoutePath', type: literalUnion(table.routes.map((r) => r.path)), doc: "The paths of this region's pages." },
      { name: 'ProductKey', type: literalUnion(Object.keys(table.products)), doc: 'The products sold in this region.' },
    ]),
  };
}

/**
 * The route table of a region in shards (core/model.ts `shardRouteTable`), as the types and the
 * type-check see them: each its routes and the products their pages show. The client loads a
 * path's shard as a JSON file the build writes beside the pages (text-assets.ts
 * `routeShardFiles`), when a navigation needs it (or on a link's hover or focus).
 */
function emitRouteShards(region: ResolvedRegion, sitesDir: string): GeneratedFile[] {
  const { table, pages } = splitRegion(region.data);
  const code = region.data.code;
  const dir = path.join(sitesDir, code, 'routes');
  const shards = shardRouteTable(table, pages, formatsOf(region.data));
  return shards.map((shard, index) => {
    const content = [
      banner(region.inputs),
      `import type { ProductData, RouteInfo } from '${importPath(dir, path.join(PACKAGE_ROOT, 'core', 'model.ts'))}';`,
      '',
      `/** Region ${code}, shard ${index} of ${shards.length} of its route table: its routes. */`,
      `export const routes = ${JSON.stringify(shard.routes, null, 2)} as const satisfies readonly RouteInfo[];`,
      '',
      '/** The products these routes show, with their bundles and the products those include. */',
      `export const products = ${JSON.stringify(shard.products, null, 2)} as const satisfies Readonly<Record<string, ProductData>>;`,
      '',
      ...(shard.productNames
        ? [
            '/** The name of every product of the region (a support form lists them). */',
            `export const productNames = ${JSON.stringify(shard.productNames, null, 2)} as const satisfies readonly string[];`,
            '',
          ]
        : []),
    ].join('\n');
    return { path: `${code}/routes/${index}.ts`, content };
  });
}

/**
 * The entry of a region: the client's start, with the number of shards of its route table (their
 * files, and its site data and catalogue, are named by the site data file the build writes
 * beside the pages, fetched with the entry). Nothing else of the content is in it: a new price,
 * text or page leaves the client bundle as it was.
 */
function emitRegionEntry(region: ResolvedRegion, sitesDir: string): GeneratedFile {
  const code = region.data.code;
  const dir = path.join(sitesDir, code);
  const count = routeShardCount(region.data.routes.length);
  const content = [
    `${BANNER}\n`,
    `import { startClient } from '${importPath(dir, path.join(PACKAGE_ROOT, 'runtime', 'client.tsx'))}';`,
    '',
    `void startClient(${count});`,
    '',
  ].join('\n');
  return { path: `${code}/main.ts`, content };
}

/** A locale's catalogue module, with its MessageKey type. */
async function emitMessages(
  declare: Declare,
  locale: string,
  region: ResolvedRegion,
  inputs: readonly string[],
  sitesDir: string,
): Promise<GeneratedFile> {
  const file = messagesModulePath(locale);
  const text = [
    banner(inputs),
    `import type { Messages } from '${importPath(path.dirname(path.join(sitesDir, file)), path.join(PACKAGE_ROOT, 'core', 'model.ts'))}';`,
    '',
    `/** The ${locale} catalogue, merged with the catalogues it extends. */`,
    `const messages = ${JSON.stringify(region.data.messages, null, 2)} as const satisfies Messages;`,
    '',
    'export default messages;',
  ].join('\n');
  return {
    path: file,
    content: await moduleText(declare, text, [
      { name: 'MessageKey', type: 'keyof typeof messages', doc: "Every message key of this locale's catalogue." },
    ]),
  };
}

/**
 * Every generated module of the chosen regions (all when `only` is omitted), sorted by path:
 * each region's data, route table and entry, and the catalogues they use, each once.
 */
export async function emitSites(
  model: SiteModel,
  sitesDir: string,
  only?: readonly string[],
  options: { cacheDir?: string } = {},
): Promise<GeneratedFile[]> {
  const regions = model.regions.filter((r) => !only || only.includes(r.data.code));
  const declare = createDeclarer(options.cacheDir);
  const files: GeneratedFile[] = [];
  const messages = new Map<string, ResolvedRegion>();
  for (const region of regions) {
    files.push(await emitRegionData(declare, region, sitesDir), ...emitRouteShards(region, sitesDir), emitRegionEntry(region, sitesDir));
    if (!messages.has(region.data.locale)) messages.set(region.data.locale, region);
  }
  for (const [locale, region] of messages) {
    files.push(
      await emitMessages(
        declare,
        locale,
        region,
        region.inputs.filter((id) => id.startsWith('messages/')),
        sitesDir,
      ),
    );
  }
  return files.sort((a, b) => compareStrings(a.path, b.path));
}

// preview/dev/index.ts writes what it emits through here (it moves to sites-folder.ts on its own branch).
export { writeGeneratedFiles } from './sites-folder.ts';
export type { GeneratedFile };
