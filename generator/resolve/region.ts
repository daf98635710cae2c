import type { ConstantsFile } from '../../schema/types.ts';
import type { RegionData, RegionLink } from '../../core/model.ts';
import { compareStrings, createDiagnostic, suggest } from '../diagnostics/index.ts';
import { rangeOfKey, rangeOfPath } from '../load/source-file.ts';
import type { Validated } from '../validate/index.ts';
import type { Catalogues } from './catalogues.ts';
import type { PendingLink } from './links/index.ts';
import { windowLinks } from './links/windows.ts';
import type { ConsentBanner, Report, ResolvedRegion } from './model.ts';
import type { Images } from './pages.ts';
import { resolveNavigation } from './links/navigation.ts';
import { merchantSettings, withPriorPrices } from './products/market.ts';
import type { RegionPriceHistory } from './products/prior-prices.ts';
import { resolveProducts } from './products/index.ts';
import { reportUnknownProducts } from './products/references.ts';
import type { UnknownProductUse } from './products/references.ts';
import type { RegionIdentity } from './regions.ts';
import type { ResolvedNavigation } from './links/navigation.ts';
import type { ResolvedRoutes } from './routes.ts';
import type { ResolvedProducts } from './products/index.ts';
import { isKnownCurrency, timeZoneOf } from './regions.ts';
import { CONSENT_PREFIX, pageMessages } from './backends.ts';
import { primaryLanguage, resolveRoutes } from './routes.ts';
import { combineScopes, resolveStagesLists } from './stages.ts';
import type { StagesScope } from './stages.ts';

/** What every region is resolved against: the parts of the content that are not its own. */
export interface SharedContent {
  readonly constants: Validated<'constants'>;
  readonly stages: StagesScope;
  /** The id of stages.yaml when it is valid (an input of every region). */
  readonly stagesId?: string;
  readonly catalogues: Catalogues;
  readonly pages: ReadonlyMap<string, Validated<'page'>>;
  readonly present: ReadonlySet<string>;
  readonly images: Images;
  /** Every region as the others link to it, in order. */
  readonly regions: readonly RegionLink[];
  readonly now: number | undefined;
  /** Earlier versions of the regions that announce prior prices, by code (from git). */
  readonly histories?: ReadonlyMap<string, RegionPriceHistory>;
}

export interface RegionResult {
  /** The region, before alternates (they need every region). */
  readonly region: ResolvedRegion;
  /** Internal links to check once every region's paths are known. */
  readonly links: readonly PendingLink[];
}

/** Resolves one region: its products, routes, navigation and the stages lists they use. */
export function resolveRegion(
  identity: RegionIdentity,
  products: Validated<'products'> | undefined,
  shared: SharedContent,
  report: Report,
): RegionResult {
  const { file, code, basePath } = identity;
  const input = file.data;
  const scope = combineScopes(shared.stages, resolveStagesLists(file.source, input.stages, ['stages'], report));
  const messages = shared.catalogues.merged.get(input.locale) ?? {};
  if (!shared.present.has(`messages/${input.locale}.yaml`))
    report(createDiagnostic('E0204', { locale: input.locale }, rangeOfPath(file.source, ['locale'])));
  if (!isKnownCurrency(input.currency))
    report(createDiagnostic('E0217', { currency: input.currency }, rangeOfPath(file.source, ['currency'])));
  const api = backendOf(shared.constants.data, input.backend, file, report);

  const consent = input.market?.consent;
  checkConsentTexts(file, messages, shared.catalogues, report);
  // Uses of unknown products are judged together once every use is known: several may blame one misspelt key.
  const unknownProducts: UnknownProductUse[] = [];
  const unknownProduct = (use: UnknownProductUse) => void unknownProducts.push(use);
  const resolved = products && resolveProducts(products, code, scope, shared.now, report, unknownProduct);
  const resolvedProducts =
    resolved && input.market?.priorPrice
      ? { ...resolved, products: withPriorPrices(resolved.products, products!, scope, shared.histories?.get(code), shared.now, report) }
      : resolved;
  const routes = resolveRoutes(
    {
      region: file,
      code,
      basePath,
      products: resolvedProducts?.products,
      pages: shared.pages,
      present: shared.present,
      images: shared.images,
      messages,
      catalogueInputs: shared.catalogues.chains.get(input.locale) ?? [],
      otherRegions: shared.regions.map((r) => r.code).filter((other) => other !== code),
      ...(shared.constants.data.fallbackLocale && { sourceLanguage: primaryLanguage(shared.constants.data.fallbackLocale) }),
      unknownProduct,
    },
    report,
  );
  reportUnknownProducts(unknownProducts, products, usedProductsOf(routes, resolvedProducts), report);
  const navigation = resolveNavigation(file.source, input, scope, shared.now, report);
  reportElsewhereOverlaps(file, basePath, routes, report);
  const usedStages = [...navigation.usedStages, ...(resolvedProducts?.usedStages ?? [])];
  const { inputs, stages } = regionInputs(file, products, shared, scope, routes, usedStages);
  const data = regionData(
    { identity, shared, api, messages, navigation, routes, stages, products: resolvedProducts?.products ?? {} },
    report,
  );
  const links = [...(resolvedProducts?.links ?? []), ...navigation.links];
  if (consent)
    for (const key of ['cookiePolicy', 'privacyPolicy'] as const)
      links.push({ source: file.source, at: ['market', 'consent', key], link: consent[key] });
  return {
    region: {
      data,
      texts: routes.texts,
      inputs: [...inputs].sort(compareStrings),
      ...(consent && { consent: consentBanner(consent, messages) }),
      elsewhere: (input.hosts.elsewhere ?? []).map((path) => `${basePath}/${path}`.toLowerCase()).sort(compareStrings),
    },
    links,
  };
}

/** A region that asks before analytics needs every text of the consent banner in its catalogue. */
function checkConsentTexts(
  file: Validated<'region'>,
  messages: Readonly<Record<string, string>>,
  catalogues: Catalogues,
  report: Report,
): void {
  const input = file.data;
  if (!input.market?.consent || catalogues.incomplete.has(input.locale) || !catalogues.merged.has(input.locale)) return;
  // A text some other catalogue has is reported there already (E0205: every catalogue has the same keys).
  const anywhere = (key: string) => [...catalogues.merged.values()].some((catalogue) => `${CONSENT_PREFIX}${key}` in catalogue);
  const missing = CONSENT_KEYS.filter((key) => !messages[`${CONSENT_PREFIX}${key}`] && !anywhere(key));
  if (missing.length > 0)
    report(createDiagnostic('E0229', { locale: input.locale, missing }, rangeOfKey(file.source, ['market', 'consent'])));
}

/** The products the region shows: on a route, in a lineup, or included in another product. */
function usedProductsOf(routes: ResolvedRoutes, resolvedProducts: ResolvedProducts | undefined): Set<string> {
  return new Set([
    ...routes.routes.flatMap((route) => [...(route.product === undefined ? [] : [route.product]), ...(route.content?.lineup ?? [])]),
    ...Object.values(resolvedProducts?.products ?? {}).flatMap((product) => product.includes ?? []),
  ]);
}

/** A path served elsewhere (`hosts.elsewhere`) must not hold one of the region's pages. */
function reportElsewhereOverlaps(file: Validated<'region'>, basePath: string, routes: ResolvedRoutes, report: Report): void {
  (file.data.hosts.elsewhere ?? []).forEach((path, index) => {
    const prefix = `${basePath}/${path}`.toLowerCase();
    const page = routes.routes.find((route) => route.path.toLowerCase() === prefix || route.path.toLowerCase().startsWith(`${prefix}/`));
    if (page) report(createDiagnostic('E0232', { path, page: page.path }, rangeOfPath(file.source, ['hosts', 'elsewhere', String(index)])));
  });
}

/** The files the region is made of (for the cache and rebuilds), and the stages lists it uses, by name. */
function regionInputs(
  file: Validated<'region'>,
  products: Validated<'products'> | undefined,
  shared: SharedContent,
  scope: StagesScope,
  routes: ResolvedRoutes,
  usedStages: readonly string[],
): { inputs: Set<string>; stages: Record<string, readonly number[]> } {
  const inputs = new Set([
    file.source.id,
    ...(shared.catalogues.chains.get(file.data.locale) ?? []),
    shared.constants.source.id,
    ...routes.inputs,
  ]);
  if (shared.stagesId) inputs.add(shared.stagesId);
  if (products) inputs.add(products.source.id);
  const stages: Record<string, readonly number[]> = {};
  for (const name of [...new Set(usedStages)].sort(compareStrings)) {
    const list = scope.lists.get(name)!;
    stages[name] = list.instants;
    inputs.add(list.source.id);
  }
  return { inputs, stages };
}

/** The region's data as the site reads it, from what resolveRegion resolved. */
function regionData(
  parts: {
    identity: RegionIdentity;
    shared: SharedContent;
    api: ConstantsFile['backends'][string];
    messages: Readonly<Record<string, string>>;
    navigation: ResolvedNavigation;
    routes: ResolvedRoutes;
    stages: Record<string, readonly number[]>;
    products: RegionData['products'];
  },
  report: Report,
): RegionData {
  const { identity, shared, api, messages, navigation, routes, stages } = parts;
  const { file, code, basePath } = identity;
  const input = file.data;
  const consent = input.market?.consent;
  const { backends: _backends, fallbackLocale: _fallbackLocale, ...constants } = shared.constants.data;
  return {
    code,
    locale: input.locale,
    ...(input.formatLocale && { formatLocale: input.formatLocale }),
    timeZone: timeZoneOf(file, report),
    hreflang: input.hreflang,
    currency: input.currency,
    label: input.label,
    origin: input.origin,
    backend: input.backend,
    api,
    basePath,
    hosts: { production: input.hosts.production, preproduction: input.hosts.preproduction, cnToCom: input.hosts.cnToCom ?? false },
    chat: input.chat ?? false,
    paymentMethods: input.paymentMethods,
    ...(input.installment && { installment: input.installment }),
    links: input.links,
    regionSwitch: { iso: input.region.iso, label: input.region.label, link: input.region.link },
    media: input.media,
    copyright: input.copyright,
    subscribe: input.subscribe,
    ...windowLinks(
      file.source,
      { navs: navigation.navs, footerNavs: input.footerNavs, textBanner: navigation.textBanner, countdown: navigation.countdown },
      routes.routes,
      stages,
      report,
    ),
    company: input.company,
    market: {
      ...(input.market?.priorPrice && { priorPrice: true }),
      ...(input.market?.tax && { tax: input.market.tax }),
      ...(consent && { consent: { settings: messages[`${CONSENT_PREFIX}open`] ?? '' } }),
      ...merchantSettings(file, report),
    },
    stages,
    products: parts.products,
    routes: routes.routes,
    messages: pageMessages(messages),
    regions: shared.regions,
    constants,
  };
}

/** The banner of a region that asks before analytics: the locale's `consent` texts and the policies it links. */
/** The texts of the consent banner and of the footer's way back to it, in the catalogue's `consent` group. */
const CONSENT_KEYS = [
  'title',
  'text',
  'accept',
  'reject',
  'settings',
  'save',
  'necessary',
  'analytics',
  'ads',
  'cookiePolicy',
  'privacyPolicy',
  'open',
] as const;

function consentBanner(
  consent: { cookiePolicy: string; privacyPolicy: string },
  messages: Readonly<Record<string, string>>,
): ConsentBanner {
  const texts = Object.fromEntries(
    CONSENT_KEYS.filter((key) => key !== 'open').map((key) => [key, messages[`${CONSENT_PREFIX}${key}`] ?? '']),
  ) as ConsentBanner['texts'];
  return { texts, cookiePolicy: consent.cookiePolicy, privacyPolicy: consent.privacyPolicy };
}

/** The API origins of the region's back end; an unknown back end is reported, with the names there are. */
function backendOf(
  constants: ConstantsFile,
  backend: string,
  file: Validated<'region'>,
  report: Report,
): ConstantsFile['backends'][string] {
  const origins = constants.backends[backend];
  if (origins) return origins;
  const known = Object.keys(constants.backends).sort(compareStrings);
  report(createDiagnostic('E0225', { backend, known, guess: suggest(backend, known) }, rangeOfPath(file.source, ['backend'])));
  return { production: '', preproduction: '' };
}
