import { useEffect, useRef } from 'react';
import { Router, useLocation } from 'wouter';
import { SiteLink } from './components/SiteLink.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { pageFor } from './pages/registry.ts';
import { pagePath } from './paths.ts';
import { findRoute, routeTitle } from './routes.ts';
import { SiteProvider, useSite, useT } from './site.tsx';
import type { RegionData } from './types.ts';

export interface AppProps {
  region: RegionData;
  /** The path to render: given on the server, and on the client for hydration. */
  path: string;
}

export function App({ region, path }: AppProps) {
  return (
    <SiteProvider value={region}>
      <Router ssrPath={path}>
        <Shell />
      </Router>
    </SiteProvider>
  );
}

function Header() {
  const site = useSite();
  const t = useT();
  const [location] = useLocation();
  const current = findRoute(site, location)?.path;
  const links = site.routes.filter((r) => r.page === 'home' || r.page === 'choose-your-region');
  return (
    <header className="site-header">
      <div className="bar">
        <SiteLink className="brand" href={pagePath(site.code, '')}>
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <rect x="6" y="4" width="20" height="14" rx="5" fill="#ffb23f" />
            <circle cx="12" cy="11" r="3" fill="#0b1a33" />
            <circle cx="20" cy="11" r="3" fill="#0b1a33" />
            <rect x="4" y="20" width="24" height="9" rx="4" fill="#f2542d" />
          </svg>
          <span>{t('site.name')}</span>
        </SiteLink>
        <nav aria-label={t('a11y.mainNav')}>
          <ul>
            {links.map((route) => (
              <li key={route.path}>
                <SiteLink href={route.path} aria-current={route.path === current ? 'page' : undefined}>
                  {route.page === 'home' ? t('nav.home') : t('nav.chooseRegion')}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function Footer() {
  const site = useSite();
  const t = useT();
  const chooser = site.routes.find((r) => r.page === 'choose-your-region');
  return (
    <footer className="site-footer">
      <div className="bar">
        <p>
          {t('footer.regionLabel')} <strong>{site.label}</strong>
          {chooser && (
            <>
              {' · '}
              <SiteLink href={chooser.path}>{t('footer.changeRegion')}</SiteLink>
            </>
          )}
        </p>
        <p>
          © {t('site.name')}. {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}

function Shell() {
  const site = useSite();
  const t = useT();
  const [location] = useLocation();
  const route = findRoute(site, location);
  const title = routeTitle(site, route);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  useEffect(() => {
    // Marks the moment the app is interactive (tests and monitoring wait for it).
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);

  useEffect(() => {
    document.title = title;
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [location, title]);

  const [, navigate] = useLocation();
  useEffect(() => {
    if (route?.redirect) navigate(route.redirect, { replace: true });
  }, [route, navigate]);

  let body;
  if (route?.redirect) {
    body = (
      <p className="redirect">
        <SiteLink href={route.redirect}>{t('redirect.text')}</SiteLink>
      </p>
    );
  } else if (route?.content) {
    const Page = pageFor(route.page).Component;
    body = <Page route={route} content={route.content} />;
  } else {
    body = <NotFound />;
  }
  return (
    <>
      <a className="skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      <Header />
      <main id="main" ref={main} tabIndex={-1}>
        {body}
      </main>
      <Footer />
    </>
  );
}
