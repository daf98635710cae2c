import type { ConstantsFile } from '../../schema/types.ts';
import type { MarketData, ProductData, RegionData, RegionLink } from '../../core/model.ts';
import { compareStrings, createDiagnostic, suggest } from '../diagnostics.ts';
import { rangeOfKey, rangeOfPath } from '../source-file.ts';
import type { Validated } from '../validate.ts';
import type { Catalogues } from './catalogues.ts';
import type { PendingLink } from './links.ts';
import { windowLinks } from './link-windows.ts';
import type { ConsentBanner, Report, ResolvedRegion } from './model.ts';
import type { Images } from './pages.ts';
import { resolveNavigation } from './navigation.ts';
import { priorPrices, toPriorPriceData, withCurrent } from './prior-prices.ts';
import type { RegionPriceHistory } from './prior-prices.ts';
import { resolveProducts } from './products.ts';
import { reportUnknownProducts } from './product-references.ts';
import type { UnknownProductUse } from './product-references.ts';
import type { RegionIdentity } from './regions.ts';
import { isKnownCurrency } from './regions.ts';
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
  if (consent && !shared.catalogues.incomplete.has(input.locale) && shared.catalogues.merged.has(input.locale)) {
    // A text some other catalogue has is reported there already (E0205: every catalogue has the same keys).
    const anywhere = (key: string) => [...shared.catalogues.merged.values()].some((catalogue) => `${CONSENT_PREFIX}${key}` in catalogue);
    const missing = CONSENT_KEYS.filter((key) => !messages[`${CONSENT_PREFIX}${key}`] && !anywhere(key));
    if (missing.length > 0)
      report(createDiagnostic('E0229', { locale: input.locale, missing }, rangeOfKey(file.source, ['market', 'consent'])));
  }
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
  const usedProducts = new Set([
    ...routes.routes.flatMap((route) => [...(route.product === undefined ? [] : [route.product]), ...(route.content?.lineup ?? [])]),
    ...Object.values(resolvedProducts?.products ?? {}).flatMap((product) => product.includes ?? []),
  ]);
  reportUnknownProducts(unknownProducts, products, usedProducts, report);
  const navigation = resolveNavigation(file.source, input, scope, shared.now, report);
  (input.hosts.elsewhere ?? []).forEach((path, index) => {
    const prefix = `${basePath}/${path}`.toLowerCase();
    const page = routes.routes.find((route) => route.path.toLowerCase() === prefix || route.path.toLowerCase().startsWith(`${prefix}/`));
    if (page) report(createDiagnostic('E0232', { path, page: page.path }, rangeOfPath(file.source, ['hosts', 'elsewhere', String(index)])));
  });

  const inputs = new Set([
    file.source.id,
    ...(shared.catalogues.chains.get(input.locale) ?? []),
    shared.constants.source.id,
    ...routes.inputs,
  ]);
  if (shared.stagesId) inputs.add(shared.stagesId);
  if (products) inputs.add(products.source.id);
  const stages: Record<string, readonly number[]> = {};
  for (const name of [...new Set([...navigation.usedStages, ...(resolvedProducts?.usedStages ?? [])])].sort(compareStrings)) {
    const list = scope.lists.get(name)!;
    stages[name] = list.instants;
    inputs.add(list.source.id);
  }
  const { backends: _backends, fallbackLocale: _fallbackLocale, ...constants } = shared.constants.data;
  const data: RegionData = {
    code,
    locale: input.locale,
    ...(input.formatLocale && { formatLocale: input.formatLocale }),
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
    products: resolvedProducts?.products ?? {},
    routes: routes.routes,
    messages: pageMessages(messages),
    regions: shared.regions,
    constants,
  };
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

/**
 * Each product's prior prices (docs/market.md): the reductions not over yet, each with the
 * lowest price of the 30 days before it, from the region's history and the content being
 * built. Where part of those days is unknown or the product was not on sale, a warning at its
 * price says so.
 */
function withPriorPrices(
  products: Readonly<Record<string, ProductData>>,
  file: Validated<'products'>,
  scope: StagesScope,
  earlier: RegionPriceHistory | undefined,
  now: number | undefined,
  report: Report,
): Record<string, ProductData> {
  const stages = Object.fromEntries([...scope.lists].map(([name, list]) => [name, list.instants]));
  const history = withCurrent(earlier, { products, stages }, now);
  const out: Record<string, ProductData> = {};
  for (const [key, product] of Object.entries(products)) {
    const found = priorPrices(history, key).filter(
      ({ reduction }) => now === undefined || reduction.end === undefined || reduction.end > now,
    );
    for (const { reduction, result } of found) {
      if (!result.gap) continue;
      const start = new Date(reduction.start).toISOString();
      const at = rangeOfPath(file.source, ['products', key, 'price']);
      if (result.gap.reason === 'unknown')
        report(
          createDiagnostic(
            'W0305',
            { product: key, start, since: new Date(result.gap.since).toISOString(), ...(result.price === undefined && { none: true }) },
            at,
          ),
        );
      else
        report(
          createDiagnostic(
            'W0306',
            { product: key, start, ...(result.price !== undefined && { since: new Date(result.gap.since).toISOString() }) },
            at,
          ),
        );
    }
    const prior = toPriorPriceData(found);
    out[key] = prior.length > 0 ? { ...product, priorPrices: prior } : product;
  }
  return out;
}

/**
 * Shipping and returns for merchant listings (docs/market.md): days checked as [fewest, most],
 * countries defaulting to the region's own (an error where that is no country, as EU).
 */
function merchantSettings(file: Validated<'region'>, report: Report): Pick<MarketData, 'shipping' | 'returns'> {
  const { market, region } = file.data;
  const countries = (what: 'shipping' | 'returns', given: readonly string[] | undefined): string[] => {
    if (given) return [...given];
    if (!/^[A-Z]{2}$/.test(region.iso) || region.iso === 'EU')
      report(createDiagnostic('E0230', { what, iso: region.iso }, rangeOfKey(file.source, ['market', what])));
    return [region.iso];
  };
  const days = (key: 'handlingDays' | 'transitDays', range: readonly number[]): [number, number] => {
    const [fewest = 0, most = 0] = range;
    if (fewest > most)
      report(
        createDiagnostic('E0231', { what: `market.shipping.${key}`, fewest, most }, rangeOfPath(file.source, ['market', 'shipping', key])),
      );
    return [fewest, most];
  };
  const shipping = market?.shipping;
  const returns = market?.returns;
  return {
    ...(shipping && {
      shipping: {
        rate: shipping.rate,
        handlingDays: days('handlingDays', shipping.handlingDays),
        transitDays: days('transitDays', shipping.transitDays),
        countries: countries('shipping', shipping.countries),
      },
    }),
    ...(returns && { returns: { days: returns.days, fees: returns.fees, countries: countries('returns', returns.countries) } }),
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
