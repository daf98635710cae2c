import { pageComponentName } from '../../core/kinds.ts';
import type { AccountScreen, PageComponentName } from '../../core/kinds.ts';
import { isAccountScreen } from '../../core/kinds.ts';
import type { RouteInfo } from '../../core/model.ts';
import { lazyComponent } from '../lazy-component.ts';
import type { LazyComponent } from '../lazy-component.ts';
import type { PageProps } from './props.ts';

const components: Record<PageComponentName, LazyComponent<PageProps>> = {
  Home: lazyComponent(() => import('./Home.tsx')),
  ChooseRegion: lazyComponent(() => import('./ChooseRegion.tsx')),
  ContentPage: lazyComponent(() => import('./ContentPage.tsx')),
  ProductPage: lazyComponent(() => import('./ProductPage.tsx')),
  FormPage: lazyComponent(() => import('./FormPage.tsx')),
};

const screens = new Map<AccountScreen, LazyComponent<PageProps>>();

/** An account screen: its component loads with the table of screens (account-screens/registry.ts), itself loaded once. */
function screen(page: AccountScreen): LazyComponent<PageProps> {
  let component = screens.get(page);
  if (!component) {
    component = lazyComponent<PageProps>(() =>
      import('../account-screens/registry.ts').then((module) => module.screens[page]()).then((loaded) => ({ default: loaded })),
    );
    screens.set(page, component);
  }
  return component;
}

/**
 * The lazily loaded component that renders a route (none for a redirect or an unknown account
 * screen). Only the entries (client.tsx, server.tsx) import it, and hand it to the app services
 * (`AppServices.pages`): what the pages import never imports the registry back.
 */
export function pageFor(route: Pick<RouteInfo, 'kind' | 'page'>): LazyComponent<PageProps> | undefined {
  if (route.kind === 'account') return isAccountScreen(route.page) ? screen(route.page) : undefined;
  const name = pageComponentName(route.kind);
  return name && components[name];
}
