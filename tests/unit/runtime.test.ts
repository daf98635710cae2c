import { deviceClass } from '../../runtime/effects.ts';
import { describe, expect, it, vi } from 'vitest';
import { compileContent, buildSchedule, describeNext } from '../../generator/index.ts';
import { apiBase } from '../../runtime/api.ts';
import { catchAllUrl } from '../../runtime/catch-all.ts';
import { failedAssetUrl, reloadIfStale } from '../../runtime/chunk-reload.ts';
import type { ReloadEnvironment } from '../../runtime/chunk-reload.ts';
import { cookieTimestamp, createClock } from '../../runtime/clock.ts';
import { createContentStore, memorySources } from '../../runtime/content.ts';
import type { ContentStore } from '../../runtime/content.ts';
import { recordProducts, renderPage } from '../../runtime/server.tsx';
import { BUILT_AT } from '../support/instants.ts';
import { regionLabel } from '../../runtime/country.ts';
import { headFor } from '../../runtime/head.ts';
import { availability } from '../../runtime/structured-data.ts';
import { serializeJsonLd } from '../../core/json-ld.ts';
import { shardRouteTable, splitRegion } from '../../core/model.ts';
import type { RouteShardFile } from '../../core/model.ts';
import { routeShard } from '../../core/paths.ts';

const { model } = await compileContent();
const regionData = (code: string) => model.regions.find((r) => r.data.code === code)!.data;
const t = (iso: string) => Date.parse(iso);

describe('the clock', () => {
  it('starts at the rendered instant, then follows server time plus local time elapsed', async () => {
    let local = 1000;
    const clock = createClock(t('2026-11-22T04:00:00Z'), () => local);
    expect(clock.store.getState()).toEqual({ instant: t('2026-11-22T04:00:00Z'), synced: false, syncs: 0 });
    await clock.sync(() => Promise.resolve(t('2026-12-08T05:00:00Z')));
    expect(clock.store.getState()).toEqual({ instant: t('2026-12-08T05:00:00Z'), synced: true, syncs: 1 });
    local += 90_000;
    expect(clock.now()).toBe(t('2026-12-08T05:01:30Z'));
  });

  it('keeps the last known time, advanced by elapsed local time, when server time fails', async () => {
    let local = 0;
    const clock = createClock(t('2026-11-22T04:00:00Z'), () => local);
    await clock.sync(() => Promise.resolve(t('2026-11-30T00:00:00Z')));
    local += 60_000;
    const shown = await clock.sync(() => Promise.reject(new Error('offline')));
    expect(shown).toBe(t('2026-11-30T00:01:00Z'));
    expect(clock.store.getState().instant).toBe(t('2026-11-30T00:01:00Z'));
    // A nonsensical answer counts as a failure too.
    local += 1000;
    expect(await clock.sync(() => Promise.resolve(Number.NaN))).toBe(t('2026-11-30T00:01:01Z'));
    // Every read that ended counts, read or failed: a settled point for whoever waits on the page.
    expect(clock.store.getState().syncs).toBe(3);
  });

  it('shares one read between concurrent syncs', async () => {
    const read = vi.fn(() => Promise.resolve(5));
    const clock = createClock(1, () => 0);
    await Promise.all([clock.sync(read), clock.sync(read)]);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads a timestamp cookie', () => {
    expect(cookieTimestamp('a=1; timestamp=1795320000000; b=2')).toBe(1795320000000);
    expect(cookieTimestamp('timestamp=soon')).toBeUndefined();
    expect(cookieTimestamp('')).toBeUndefined();
  });
});

describe('the content store', () => {
  /** The us route table in its shards, as the build writes them, naming no text file but those given (by path). */
  const usShards = (pages: Record<string, string> = {}): RouteShardFile[] => {
    const { table, pages: texts } = splitRegion(regionData('us'));
    return shardRouteTable(table, texts, 'en-US').map((shard) => ({
      ...shard,
      pages: Object.fromEntries(Object.entries(pages).filter(([p]) => shard.routes.some((r) => r.path === p))),
    }));
  };

  it('answers the seeded catalogue, and an empty string for a missing key', () => {
    const store = createContentStore({ routes: [] });
    expect(store.message('nav.home')).toBe('');
    store.seed({ messages: { 'nav.home': 'Home' } });
    expect(store.message('nav.home')).toBe('Home');
    expect(store.message('nav.nope')).toBe('');
    expect(store.message('toString')).toBe('');
  });

  it('caches route texts by normalised path and lets a failed load be retried', async () => {
    const { pages } = splitRegion(regionData('us'));
    const content = pages.get('/us/faq')!;
    let fail = true;
    const loader = vi.fn((_url: string) => (fail ? Promise.reject(new Error('chunk gone')) : Promise.resolve(content)));
    const shards = usShards({ '/us/faq': '/us/assets/page-faq-en-x.json' });
    const store = createContentStore({ routes: shards.map((shard) => () => Promise.resolve(shard)), text: loader });
    await expect(store.loadPage('/us/faq')).rejects.toThrow('chunk gone');
    fail = false;
    await store.loadPage('//us//faq/');
    await store.loadPage('/us/faq');
    expect(loader.mock.calls).toEqual([['/us/assets/page-faq-en-x.json'], ['/us/assets/page-faq-en-x.json']]);
    expect(store.page('/us/faq/')).toBe(content);
    expect(store.page('/us/nope')).toBeUndefined();
  });

  it('knows the first page from its inline data, and a route and its products once the shard of its path is loaded, loading no other', async () => {
    const { table } = splitRegion(regionData('us'));
    const shards = usShards();
    expect(shards.length).toBeGreaterThan(1);
    let fail = true;
    const loaders = shards.map((shard) => vi.fn(() => (fail ? Promise.reject(new Error('chunk gone')) : Promise.resolve(shard))));
    const store = createContentStore({ routes: loaders });
    const faq = table.routes.find((route) => route.path === '/us/faq')!;
    store.seed({ path: '/us/FAQ/', route: faq, products: { miniRobot: table.products.miniRobot! }, productNames: ['Mini Robot'] });
    expect(store.route('/us/faq')).toBe(faq);
    expect(store.route('/us/support')).toBeUndefined(); // not known yet: not "no route"
    expect(store.product('miniRobot')?.name).toBe(table.products.miniRobot!.name);
    expect(store.product('aiBase')).toBeUndefined();
    expect(store.productNames()).toEqual(['Mini Robot']);
    await expect(store.loadRoute('/us/support')).rejects.toThrow('chunk gone');
    fail = false;
    await Promise.all([store.loadRoute('/us/support'), store.loadRoute('/us/Support/')]);
    const index = routeShard('/us/support', shards.length);
    expect(loaders[index]).toHaveBeenCalledTimes(2);
    expect(loaders.filter((loader, i) => i !== index && loader.mock.calls.length > 0)).toEqual([]);
    expect(store.route('/us/support')?.kind).toBe(table.routes.find((route) => route.path === '/us/support')!.kind);
    // A path of a loaded shard that is no route is no route; one of a shard not loaded is not known.
    const sameShard = Array.from({ length: 200 }, (_, i) => `/us/nope-${i}`);
    expect(store.route(sameShard.find((p) => routeShard(p, shards.length) === index)!)).toBeNull();
    expect(store.route(sameShard.find((p) => routeShard(p, shards.length) !== index)!)).toBeUndefined();
    // The support form's shard lists every product by name, sorted in the locale.
    expect(store.productNames()).toEqual(
      [...new Set(Object.values(table.products).map((p) => p.name))].sort((a, b) => a.localeCompare(b, 'en-US')),
    );
  });

  it('holds in each shard the products its pages show: a product page its bundles and their parts, home its line-up', () => {
    const { table, pages } = splitRegion(regionData('us'));
    const shards = usShards();
    const shardOf = (path: string) => shards[routeShard(path, shards.length)]!;
    for (const route of table.routes.filter((r) => r.product && !r.redirect)) {
      const product = table.products[route.product!]!;
      expect(shardOf(route.path).products[route.product!]).toEqual(product);
      for (const bundle of product.bundles ?? []) {
        expect(shardOf(route.path).products[bundle]).toBeDefined();
        for (const part of table.products[bundle]!.includes ?? []) expect(shardOf(route.path).products[part]).toBeDefined();
      }
    }
    const home = table.routes.find((r) => r.kind === 'home')!;
    expect(Object.keys(shardOf(home.path).products)).toEqual(expect.arrayContaining([...(pages.get(home.path)!.lineup ?? [])]));
    // Each route is in exactly one shard.
    expect(shards.flatMap((s) => s.routes.map((r) => r.path)).sort()).toEqual(table.routes.map((r) => r.path).sort());
  });

  it("holds in each route's shard everything of the products its page's render reads, in every region", async () => {
    for (const region of model.regions.map((r) => r.data)) {
      const { table, pages } = splitRegion(region);
      const shards = shardRouteTable(table, pages, region.locale);
      const count = shards.length;
      for (const route of table.routes.filter((r) => !r.redirect)) {
        const { data } = await renderPage(region, route.path, BUILT_AT);
        const shard = shards[routeShard(route.path, count)]!;
        expect(Object.keys(shard.products), route.path).toEqual(expect.arrayContaining(Object.keys(data.products ?? {})));
        if (data.productNames) expect(shard.productNames, route.path).toEqual(data.productNames);
      }
    }
  });

  it('records the products a render reads: what a page carries inline', async () => {
    const { table, pages } = splitRegion(regionData('us'));
    const store = createContentStore(memorySources(table, pages, 'en-US'));
    await store.loadRoute('/us');
    const record = (read: (store: ContentStore) => void) => {
      const recording = recordProducts(store);
      read(recording);
      return recording.used();
    };
    expect(record((s) => s.product('miniRobot'))).toEqual({ products: { miniRobot: table.products.miniRobot } });
    expect(record((s) => s.product('noSuchProduct'))).toEqual({});
    expect(record((s) => s.productNames()).productNames).toContain(table.products.aiBase!.name);
    expect(record(() => store.product('aiBase'))).toEqual({}); // read past the recording: not kept
  });
});

/** No interface texts and no products. */
const NO_TEXTS = { message: () => '', product: () => undefined };

describe('page heads', () => {
  it('escape JSON-LD so no content string can close the script element, and parse back unchanged', () => {
    const hostile = { name: '</script><script>alert(1)</script> & <!-- \u2028' };
    const text = serializeJsonLd(hostile);
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('describe a product with its current price, currency and availability', () => {
    const us = regionData('us');
    const { site, table, pages } = splitRegion(us);
    const route = table.routes.find((r) => r.page === 'flagship-bumblebee')!;
    const texts = { message: () => 'Axlebot Robotics', product: (key: string) => table.products[key] };
    const head = (iso: string) => headFor(site, route, pages.get(route.path), texts, t(iso));
    const offer = (iso: string) =>
      (
        head(iso).jsonLd.find((d) => (d as { '@type': string })['@type'] === 'Product') as {
          offers: { price: number; priceCurrency: string };
        }
      ).offers;
    // The specification: Bumblebee flagship 1299, 1219 during the Halloween promotion (stage 1).
    expect(offer('2025-10-25T14:59:59.999+08:00')).toMatchObject({ price: 1299, priceCurrency: 'USD' });
    expect(offer('2025-10-25T15:00:00+08:00')).toMatchObject({ price: 1219 });
    expect(head('2026-01-01T00:00:00Z').canonical).toBe('https://www.example.com/us/flagship-bumblebee');
    expect(availability({ stock: 0, isPreSale: true })).toBe('https://schema.org/OutOfStock');
    expect(availability({ stock: 3, isPreSale: true })).toBe('https://schema.org/PreOrder');
    expect(availability({ stock: 3, isPreSale: false })).toBe('https://schema.org/InStock');
  });

  it('say noindex on a time-gated page outside its window', () => {
    const { site, table, pages } = splitRegion(regionData('us'));
    const route = table.routes.find((r) => r.page === 'christmas-sale')!;
    expect(headFor(site, route, pages.get(route.path), NO_TEXTS, route.window!.start! - 1).robots).toBe('noindex');
    expect(headFor(site, route, pages.get(route.path), NO_TEXTS, route.window!.start!).robots).toBeUndefined();
  });

  it('say noindex on the account screens, and on no content page that is open', () => {
    const { site, table, pages } = splitRegion(regionData('fr'));
    const robots = (page: string) => {
      const route = table.routes.find((r) => r.page === page)!;
      return headFor(site, route, pages.get(route.path), NO_TEXTS, route.window?.start ?? 0).robots;
    };
    expect(robots('login')).toBe('noindex');
    expect(robots('profile')).toBe('noindex');
    expect(robots('reset-password')).toBe('noindex');
    expect(robots('home')).toBeUndefined();
  });
});

describe('the catch-all', () => {
  const here = (host: string) => ({ protocol: 'https:', host, hostname: host });
  it('sends a path to the same origin, switching .cn to .com for the configured regions', () => {
    expect(catchAllUrl({ hosts: { production: '', preproduction: [], cnToCom: true } }, '/us/news', here('www.example.cn'))).toBe(
      'https://www.example.com/us/news',
    );
    expect(catchAllUrl({ hosts: { production: '', preproduction: [], cnToCom: false } }, '/news', here('www.example.cn'))).toBe(
      'https://www.example.cn/news',
    );
    expect(catchAllUrl({ hosts: { production: '', preproduction: [], cnToCom: true } }, '/us/news?a=1', here('www.example.com'))).toBe(
      'https://www.example.com/us/news?a=1',
    );
  });
  it('is configured for every region but cn', () => {
    for (const region of model.regions) expect(region.data.hosts.cnToCom, region.data.code).toBe(region.data.code !== 'cn');
  });
});

describe('the stale-asset reload', () => {
  const environment = (status: number) => {
    const stored = new Map<string, string>();
    const assign = vi.fn();
    const env: ReloadEnvironment = {
      fetch: vi.fn(() => Promise.resolve({ status })),
      storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
      assign,
      base: 'http://localhost/us',
    };
    return { env, assign };
  };
  const error = new TypeError('Failed to fetch dynamically imported module: http://localhost/us/assets/faq-Abc12345.js');

  it('reloads into the intended route once when the script answers 404, never twice', async () => {
    const { env, assign } = environment(404);
    expect(failedAssetUrl(error)).toBe('http://localhost/us/assets/faq-Abc12345.js');
    expect(await reloadIfStale(failedAssetUrl(error), '/us/faq', env)).toBe(true);
    expect(assign).toHaveBeenCalledWith('/us/faq');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await reloadIfStale(failedAssetUrl(error), '/us/faq', env)).toBe(false);
    warn.mockRestore();
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the script exists, or is not a script under /assets/', async () => {
    const { env, assign } = environment(200);
    expect(await reloadIfStale(failedAssetUrl(error), '/us/faq', env)).toBe(false);
    const missing = environment(404);
    expect(await reloadIfStale('http://localhost/us/app.js', '/us', missing.env)).toBe(false);
    expect(await reloadIfStale('http://localhost/us/assets/logo.svg', '/us', missing.env)).toBe(false);
    expect(await reloadIfStale(undefined, '/us', missing.env)).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(missing.assign).not.toHaveBeenCalled();
  });
});

describe('region labels and the country setting', () => {
  it('labels us by country, and leaves every other region as it is', () => {
    const us = { iso: 'US', label: 'United States - English', countries: { CA: 'Canada - English', OTHER: 'Other Regions - English' } };
    const uk = { iso: 'GB', label: 'United Kingdom - English', countries: {} };
    expect(regionLabel(us, 'CA')).toBe('Canada - English');
    expect(regionLabel(us, 'OTHER')).toBe('Other Regions - English');
    expect(regionLabel(us, 'US')).toBe('United States - English');
    expect(regionLabel(us, undefined)).toBe('United States - English');
    expect(regionLabel(uk, 'CA')).toBe('United Kingdom - English');
    // Any other non-US country is 'Other Regions'; country codes compare case-insensitively.
    expect(regionLabel(us, 'MX')).toBe('Other Regions - English');
    expect(regionLabel(us, 'ca')).toBe('Canada - English');
  });
});

describe('the API base address', () => {
  it('is the emulated back end on the local origin on local hosts, pre-production on the listed hosts, production elsewhere', () => {
    const { site } = splitRegion(regionData('jp'));
    expect(apiBase(site, 'localhost')).toBe('/_api/us');
    expect(apiBase(site, '127.0.0.1')).toBe('/_api/us');
    expect(apiBase(splitRegion(regionData('de')).site, 'localhost')).toBe('/_api/eu');
    expect(apiBase(splitRegion(regionData('cn')).site, 'localhost')).toBe('/_api/cn');
    expect(apiBase(site, 'pre1.example.com')).toBe('https://api-us.pre.example.com');
    expect(apiBase(site, 'www.example.com')).toBe('https://api-us.example.com');
    expect(apiBase(splitRegion(regionData('fr')).site, 'www.example.com')).toBe('https://api-eu.example.com');
    expect(apiBase(splitRegion(regionData('cn')).site, 'www.example.cn')).toBe('https://api.example.cn');
  });
});

describe('the rebuild schedule', () => {
  it('names the next instant any region changes, and what changes', () => {
    const schedule = buildSchedule(model.regions, t('2025-10-25T14:59:59.999+08:00'));
    expect(schedule.next?.at).toBe('2025-10-25T07:00:00.000Z');
    const changes = schedule.next!.changes.map((c) => `${c.region}: ${c.change}`);
    expect(changes).toContain("us: countdown 'Halloween deals: up to $278 off plus free shipping' shows (stage 1 of halloween)");
    expect(changes.some((c) => c.startsWith('us: activity price of Flagship Bumblebee shows'))).toBe(true);
    expect(describeNext(schedule)).toMatch(/^Pages go stale at 2025-10-25T07:00:00.000Z \(in 0 min\): /);
  });

  it('lists route windows opening and closing, in time order', () => {
    const schedule = buildSchedule(model.regions, t('2026-11-22T12:00:00+08:00'));
    const times = schedule.entries.map((e) => e.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const christmas = schedule.entries.find((e) => e.changes.some((c) => c.change === '/us/christmas-sale opens'));
    expect(christmas?.at).toBe('2026-12-08T05:00:00.000Z');
    expect(buildSchedule(model.regions, t('2030-01-01T00:00:00Z')).next).toBeNull();
  });

  it('lists the links to a sale page showing and hiding with it, on every page that shows them', () => {
    const schedule = buildSchedule(model.regions, t('2026-11-22T12:00:00+08:00'));
    const at = (instant: string) => schedule.entries.find((e) => e.at === instant)?.changes.map((c) => `${c.region}: ${c.change}`) ?? [];
    expect(at('2026-11-30T23:00:00.000Z')).toEqual(
      expect.arrayContaining(['de: /de/black-friday closes', "de: nav item 'Black Friday' hides (its page closes)"]),
    );
    expect(at('2026-12-08T05:00:00.000Z')).toEqual(
      expect.arrayContaining(['us: /us/christmas-sale opens', "us: nav item 'Christmas Sale' shows (its page opens)"]),
    );
    const de = model.regions.find((r) => r.data.code === 'de')!.data;
    const hides = schedule.entries
      .flatMap((e) => e.changes)
      .find((c) => c.region === 'de' && c.change.startsWith("nav item 'Black Friday' hides"))!;
    expect(hides.paths.length).toBe(de.routes.filter((r) => !r.redirect).length);
  });
});

describe('the collapse effect device classes', () => {
  it('are window from 1024 px, ipad from 768 px, mobile below (the specification, section 9)', () => {
    const breakpoints = { window: 1024, ipad: 768 };
    expect([1600, 1024, 1023.5, 1023, 768, 767.99, 767, 360].map((width) => deviceClass(width, breakpoints))).toEqual([
      'window',
      'window',
      'ipad',
      'ipad',
      'ipad',
      'mobile',
      'mobile',
      'mobile',
    ]);
  });
});
