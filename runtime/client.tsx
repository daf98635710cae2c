import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { pageFor } from './pages/registry.ts';
import { normalizePath } from './paths.ts';
import { findRoute } from './routes.ts';
import type { RegionData } from './types.ts';
import './styles.css';

/**
 * Hydrates the prerendered page. The current page's chunk is loaded first, so the first client
 * render matches the HTML and nothing flashes.
 */
export async function startClient(region: RegionData): Promise<void> {
  const { pathname, search, hash } = window.location;
  const path = normalizePath(pathname);
  if (path !== pathname) window.history.replaceState(window.history.state, '', `${path}${search}${hash}`);
  const route = findRoute(region, path);
  if (route?.content) await pageFor(route.page).preload();
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element to hydrate');
  hydrateRoot(root, <App region={region} path={path} />);
}
