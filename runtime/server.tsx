import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { App } from './App.tsx';
import { ProductArt } from './components/ProductArt.tsx';
import type { ArtChoice } from './components/ProductArt.tsx';
import { createClock } from './clock.ts';
import { createContentStore, memorySources } from './content.ts';
import { headFor } from './head.ts';
import type { ContentStore, RouteData } from './content.ts';
import { preloadRoute } from './navigation.ts';
import { pageFor } from './pages/registry.ts';
import { recordPrices } from '../core/format.ts';
import { formatsOf } from '../core/locale.ts';
import { normalizePath } from '../core/paths.ts';
import { createServices } from './services.ts';
import { preloadWidgets } from './widgets.tsx';
import { splitRegion } from '../core/model.ts';
import type { Head, ProductData, ProductKey, RegionData, RouteInfo } from '../core/model.ts';

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  head: Head;
  route: RouteInfo | undefined;
  /** What the page's first client render needs beyond the entry and its text: its route and the products it showed. */
  data: Pick<RouteData, 'route' | 'products' | 'productNames' | 'prices'>;
}

const regions = new WeakMap<RegionData, { site: ReturnType<typeof splitRegion>['site']; content: ReturnType<typeof createContentStore> }>();

/**
 * A region split once into its site data and a store of its texts, for all its pages: the cost
 * of a page does not grow with the number of pages of its region.
 */
function prepared(region: RegionData) {
  let found = regions.get(region);
  if (!found) {
    const { site, table, messages, pages } = splitRegion(region);
    const content = createContentStore(memorySources(table, pages, formatsOf(site)));
    content.seed({ messages });
    found = { site, content };
    regions.set(region, found);
  }
  return found;
}

/**
 * Renders one path of a region to HTML at an instant (the build's), with its catalogue, page
 * component and text loaded first: the state a visitor would see at that instant.
 */
export async function renderPage(region: RegionData, path: string, now: number): Promise<RenderedPage> {
  const { site, content } = prepared(region);
  const normalized = normalizePath(path);
  await Promise.all([content.loadRoute(normalized), preloadWidgets()]);
  const route = content.route(normalized) ?? undefined;
  if (route) await preloadRoute({ content, pages: pageFor }, route);
  // What this page's render reads of the products is what its HTML carries for the client.
  const recording = recordProducts(content);
  const app = createServices({
    site,
    content: recording,
    pages: pageFor,
    clock: createClock(now),
    serverTime: () => Promise.resolve(now),
    base: '',
    currentPath: () => normalized,
    assign: () => undefined,
  });
  const { result: html, prices } = recordPrices(formatsOf(site), site.currency, () => renderToString(<App app={app} path={normalized} />));
  const head = headFor(site, route?.redirect ? undefined : route, route ? content.page(route.path) : undefined, recording, now);
  return { html, head, route, data: { route: route ?? null, ...recording.used(), ...(Object.keys(prices).length > 0 && { prices }) } };
}

/**
 * A content store that notes the products read through it: the data a page's HTML carries so
 * that its first client render matches without the route table.
 */
export function recordProducts(content: ContentStore): ContentStore & { used(): Pick<RouteData, 'products' | 'productNames'> } {
  const products = new Map<ProductKey, ProductData>();
  let names = false;
  return {
    ...content,
    product(key) {
      const product = content.product(key);
      if (product) products.set(key, product);
      return product;
    },
    productNames() {
      names = true;
      return content.productNames();
    },
    used: () => ({
      ...(products.size > 0 && { products: Object.fromEntries([...products].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) }),
      ...(names && { productNames: content.productNames() }),
    }),
  };
}

/**
 * A product's illustration as a standalone SVG file (the image of its structured data): the
 * drawing its content chooses (`drawing`, `palette`; a bundle by its `includes`).
 */
export function renderProductImage(product: ProductKey, title: string, art?: ArtChoice): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${renderToStaticMarkup(<ProductArt product={product} title={title} art={art} standalone />)}\n`;
}
