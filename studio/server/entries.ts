import { parse } from 'yaml';
import { pagePath } from '../../core/paths.ts';
import type { EntryRequest } from '../api.ts';
import { hashText } from './files.ts';
import { Refusal } from './security.ts';
import { applyData } from './yaml-edit.ts';

/**
 * New entries (docs/studio.md, "New entries"): a product in a region, a page, and a copy of a
 * product or a page into other regions, each made as the files' new texts (written with the
 * form's YAML editing, so every other line keeps its bytes), then checked like any edit
 * before anything is written (routes.ts `POST /api/entry`).
 *
 * A page's texts are the page folder's, shared by every region (content-model.md, "Pages and
 * their content"): a page copied into a region brings every language's text it has, and a
 * region whose language it lacks shows the English source until it is translated (the plan
 * says which). A product's texts (name, alt) are its region's own: a copy takes them from a
 * region of the target's language that sells it, else from the region copied from, and says so.
 */

/** What the planner knows of a region: from the last compile (region.yaml may not parse in the middle of an edit). */
export interface PlanRegion {
  readonly code: string;
  readonly locale: string;
  readonly basePath: string;
}

/** A file's new text, and what it was (`base`: its hash when it existed, for the write's conflict check). */
export interface PlannedChange {
  readonly id: string;
  readonly text: string;
  readonly created: boolean;
  /** sha256 of the text it was planned from (null: a new file), for the write's conflict check. */
  readonly base: string | null;
}

export interface Plan {
  readonly changes: PlannedChange[];
  /** What each region will show, in words (a page in English until translated, texts taken from where). */
  readonly notes: string[];
  /** The file to open once written. */
  readonly open: string;
}

type Texts = (id: string) => Promise<string | undefined>;
type Product = Record<string, unknown>;
type Route = Record<string, unknown> & { page?: string; product?: string };

const PRODUCT_KEY = /^[a-z][a-zA-Z0-9]*$/;
const PAGE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*$/;
const LANGUAGES = ['en', 'de', 'fr', 'ja', 'ko', 'zh'];

const languageOf = (region: PlanRegion) => region.locale.split('-')[0]!.toLowerCase();

/** Plans the request against the content's files (`texts`, by id) and regions; a Refusal (400, 404, 409) says what is wrong. */
export async function planEntry(request: EntryRequest, regions: readonly PlanRegion[], texts: Texts): Promise<Plan> {
  const edits = new Editor(texts);
  const notes: string[] = [];
  const regionOf = (code: unknown) => {
    const region = regions.find((r) => r.code === code);
    if (!region) throw new Refusal(404, `No region '${String(code).slice(0, 20)}' in the content.`);
    return region;
  };
  let open: string;
  if (request.kind === 'product') open = await newProduct(request, regionOf(request.region), edits, notes);
  else if (request.kind === 'page') open = await newPage(request, request.regions.map(regionOf), edits, notes);
  else if (request.kind === 'copy')
    open = await copyEntry(request, regionOf(request.from), request.to.map(regionOf), regions, edits, notes);
  else throw new Refusal(400, "Refused: 'kind' is product, page or copy.");
  return { changes: await edits.changes(), notes, open };
}

/** The files' data as edited so far, each read once; their new texts written with yaml-edit at the end. */
class Editor {
  private readonly files = new Map<string, { before: string | undefined; data: Record<string, unknown> }>();
  constructor(private readonly texts: Texts) {}

  async exists(id: string): Promise<boolean> {
    return this.files.has(id) || (await this.texts(id)) !== undefined;
  }

  /** A file's data to change (an empty mapping for a file that does not exist yet). */
  async data(id: string): Promise<Record<string, unknown>> {
    let file = this.files.get(id);
    if (!file) {
      const before = await this.texts(id);
      let data: unknown;
      try {
        data = before === undefined ? {} : parse(before);
      } catch {
        throw new Refusal(409, `${id} does not parse as YAML: fix it first, then make the new entry.`);
      }
      if (typeof data !== 'object' || data === null || Array.isArray(data))
        throw new Refusal(409, `${id} is not a YAML mapping: fix it first.`);
      this.files.set(id, (file = { before, data: data as Record<string, unknown> }));
    }
    return file.data;
  }

  /** The files whose text changes (one only read for its data is not among them). */
  async changes(): Promise<PlannedChange[]> {
    return [...this.files]
      .map(([id, { before, data }]) => ({
        id,
        created: before === undefined,
        text: before === undefined ? `${HEADERS[id.split('/')[0]!] ?? ''}${applyData('', data)}` : applyData(before, data),
        before,
      }))
      .filter((change) => change.text !== change.before)
      .map(({ before, ...change }) => ({ ...change, base: before === undefined ? null : hashText(before) }));
  }
}

/** The first line of a new file: the schema its editor checks it with, as the content's own files have. */
const HEADERS: Readonly<Record<string, string>> = {
  pages: '# yaml-language-server: $schema=../../../schema/page.schema.json\n',
};

function text(value: unknown, name: string, max = 200): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max)
    throw new Refusal(400, `Refused: '${name}' is a text of 1 to ${max} characters.`);
  return value.trim();
}

function amount(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 100_000_000)
    throw new Refusal(400, `Refused: '${name}' is a price above 0 in the region's currency.`);
  return value;
}

function pageName(value: unknown): string {
  if (typeof value !== 'string' || !PAGE_NAME.test(value) || value.length > 100)
    throw new Refusal(400, `Refused: '${String(value).slice(0, 40)}' is not a page name (lowercase words joined by '-', as mini-robot).`);
  return value;
}

async function routesOf(edits: Editor, region: PlanRegion): Promise<Route[]> {
  const data = await edits.data(`regions/${region.code}/region.yaml`);
  if (!Array.isArray(data.routes)) data.routes = [];
  return data.routes as Route[];
}

async function productsOf(edits: Editor, region: PlanRegion): Promise<Record<string, Product>> {
  const data = await edits.data(`regions/${region.code}/products.yaml`);
  if (typeof data.products !== 'object' || data.products === null) data.products = {};
  return data.products as Record<string, Product>;
}

/** The page file a region shows for `page` (content-model.md: its code's, its language's, else the English source). */
async function pageFileFor(edits: Editor, page: string, region: PlanRegion): Promise<string | undefined> {
  for (const name of [region.code, languageOf(region), 'en'])
    if (await edits.exists(`pages/${page}/${name}.yaml`)) return `pages/${page}/${name}.yaml`;
  return undefined;
}

/** A route for `page` added to a region (refused when it has one already), with what it will show. */
async function addRoute(edits: Editor, region: PlanRegion, route: Route, notes: string[]): Promise<void> {
  const routes = await routesOf(edits, region);
  if (routes.some((r) => r.page === route.page)) throw new Refusal(409, `Region ${region.code} has a page '${route.page}' already.`);
  routes.push(route);
  const file = await pageFileFor(edits, route.page!, region);
  const path = pagePath(region.basePath, route.page!);
  if (!file) return;
  if (file.endsWith('/en.yaml') && languageOf(region) !== 'en')
    notes.push(`${region.code}: ${path} shows ${file} in English until it is translated into ${region.locale}.`);
  else notes.push(`${region.code}: ${path} shows ${file}.`);
}

async function newProduct(
  request: Extract<EntryRequest, { kind: 'product' }>,
  region: PlanRegion,
  edits: Editor,
  notes: string[],
): Promise<string> {
  const key = request.key;
  if (typeof key !== 'string' || !PRODUCT_KEY.test(key) || key.length > 60)
    throw new Refusal(
      400,
      `Refused: '${String(key).slice(0, 40)}' is not a product key (a lowercase letter, then letters and digits, as miniRobot).`,
    );
  const name = text(request.name, 'name');
  const price = amount(request.price, 'price');
  const products = await productsOf(edits, region);
  if (products[key]) throw new Refusal(409, `Region ${region.code} sells a product '${key}' already.`);
  const page = request.page === undefined || request.page === '' ? undefined : pageName(request.page);
  const link = pagePath(region.basePath, page ?? '');
  products[key] = { name, link, buy: '', alt: name, price, stock: 0, isPreSale: false };
  notes.push(`${region.code}: ${key} is out of stock (stock 0) with no shop link until you give them.`);
  if (page) {
    if (!(await pageFileFor(edits, page, region))) {
      const file = `pages/${page}/${LANGUAGES.includes(languageOf(region)) ? languageOf(region) : 'en'}.yaml`;
      Object.assign(await edits.data(file), { title: name, description: name, heading: name });
    }
    await addRoute(edits, region, { page, product: key, scroll: 'banner' }, notes);
  }
  return `regions/${region.code}/products.yaml`;
}

async function newPage(
  request: Extract<EntryRequest, { kind: 'page' }>,
  targets: PlanRegion[],
  edits: Editor,
  notes: string[],
): Promise<string> {
  const page = pageName(request.page);
  if (targets.length === 0) throw new Refusal(400, 'Refused: name at least one region to show the page in.');
  const language = LANGUAGES.includes(request.language) ? request.language : 'en';
  const file = `pages/${page}/${language}.yaml`;
  if (await edits.exists(file)) throw new Refusal(409, `${file} exists already: copy the page into regions instead.`);
  Object.assign(await edits.data(file), {
    title: text(request.title, 'title', 70),
    description: text(request.description, 'description', 200),
    heading: text(request.heading, 'heading'),
  });
  for (const region of targets) await addRoute(edits, region, { page }, notes);
  return file;
}

async function copyEntry(
  request: Extract<EntryRequest, { kind: 'copy' }>,
  from: PlanRegion,
  targets: PlanRegion[],
  regions: readonly PlanRegion[],
  edits: Editor,
  notes: string[],
): Promise<string> {
  if (targets.length === 0) throw new Refusal(400, 'Refused: name at least one region to copy into.');
  if (targets.some((t) => t.code === from.code)) throw new Refusal(400, `Refused: ${from.code} is the region copied from.`);
  const routes = await routesOf(edits, from);
  const route =
    request.page !== undefined
      ? routes.find((r) => r.page === request.page)
      : routes.find((r) => request.product !== undefined && r.product === request.product);
  const key = request.product ?? route?.product;
  if (request.page !== undefined && !route)
    throw new Refusal(404, `Region ${from.code} has no page '${String(request.page).slice(0, 60)}'.`);
  if (key === undefined && !route) throw new Refusal(400, "Refused: name the 'product' or the 'page' to copy.");
  for (const target of targets) {
    // A page's product that the region sells already is its own (its price, its texts): kept.
    const sold = key !== undefined && (await productsOf(edits, target))[key] !== undefined;
    if (key !== undefined && (!sold || !route)) await copyProduct(key, request.prices?.[target.code], from, target, regions, edits, notes);
    else if (sold) notes.push(`${target.code}: sells ${key} already; its page shows ${target.code}'s product.`);
    if (route) await addRoute(edits, target, structuredClone(route), notes);
  }
  return route ? `regions/${targets[0]!.code}/region.yaml` : `regions/${targets[0]!.code}/products.yaml`;
}

/** A product copied from one region into another: its link and shop moved there, its price the target's, its texts in the target's language where known. */
async function copyProduct(
  key: string,
  price: unknown,
  from: PlanRegion,
  target: PlanRegion,
  regions: readonly PlanRegion[],
  edits: Editor,
  notes: string[],
): Promise<void> {
  const source = (await productsOf(edits, from))[key];
  if (!source) throw new Refusal(404, `Region ${from.code} sells no product '${key}'.`);
  const products = await productsOf(edits, target);
  if (products[key]) throw new Refusal(409, `Region ${target.code} sells '${key}' already.`);
  const { activityPrice: _price, activityTime: _time, ...copy } = structuredClone(source);
  const moved = (value: unknown) =>
    typeof value === 'string' && from.basePath !== target.basePath
      ? value.replace(new RegExp(`(^|/)${from.code}(?=/|$)`), `$1${target.code}`)
      : value;
  const link = copy.link;
  if (typeof link === 'string' && (link === (from.basePath || '/') || link.startsWith(`${from.basePath}/`)))
    copy.link = pagePath(target.basePath, link.slice(from.basePath.length));
  copy.buy = moved(copy.buy);
  if (copy.buy) notes.push(`${target.code}: ${key}'s shop link is ${String(copy.buy)}: check it is the shop of ${target.code}.`);
  copy.price = amount(price, `price in ${target.code}`);
  // The texts in the target's language, from a region of that language that sells it.
  let textsFrom = from;
  for (const other of regions)
    if (
      other.code !== target.code &&
      languageOf(other) === languageOf(target) &&
      (await edits.exists(`regions/${other.code}/products.yaml`))
    ) {
      const known = (await productsOf(edits, other))[key];
      if (known) {
        Object.assign(copy, { name: known.name, alt: known.alt });
        textsFrom = other;
        break;
      }
    }
  products[key] = copy;
  notes.push(
    textsFrom === from && languageOf(from) !== languageOf(target)
      ? `${target.code}: ${key}'s name and alt text are ${from.code}'s (${from.locale}): translate them into ${target.locale}.`
      : `${target.code}: ${key}'s name and alt text are ${textsFrom.code}'s.`,
  );
  if (source.activityPrice !== undefined)
    notes.push(`${target.code}: ${key}'s promotion price was not copied (it is ${from.code}'s campaign).`);
}
