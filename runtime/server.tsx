import { renderToString } from 'react-dom/server';
import { App } from './App.tsx';
import { pageFor } from './pages/registry.ts';
import { normalizePath } from './paths.ts';
import { findRoute, routeTitle } from './routes.ts';
import type { RegionData, RouteData } from './types.ts';

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  title: string;
  lang: string;
  route: RouteData | undefined;
}

/** Renders one path of a region to HTML, with its page chunk loaded first. */
export async function renderPage(region: RegionData, path: string): Promise<RenderedPage> {
  const normalized = normalizePath(path);
  const route = findRoute(region, normalized);
  if (route?.content) await pageFor(route.page).preload();
  const html = renderToString(<App region={region} path={normalized} />);
  return { html, title: routeTitle(region, route), lang: region.locale, route };
}
