import { useLocation } from 'wouter';
import { TextBanner } from '../components/Promotions.tsx';
import { SiteNav } from '../components/SiteNav.tsx';
import { SiteLink } from '../components/SiteLink.tsx';
import { usePartHydrated } from '../parts.ts';
import { homePath } from '../routes.ts';
import { isLoggedIn } from '../session.ts';
import { useApp, useSession, useSite, useT } from '../site.tsx';

/**
 * The site's header: the text banner, the brand, the navigation, the region and account links.
 * A part of the page that hydrates on its own (runtime/parts.ts, runtime/widgets.tsx loads it).
 */
export default function Header() {
  usePartHydrated('header');
  const site = useSite();
  const t = useT();
  return (
    <>
      <TextBanner />
      <header className="site-header" id="header" data-part="header">
        <div className="bar">
          <SiteLink className="brand" href={homePath(site)}>
            <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
              <rect x="6" y="4" width="20" height="14" rx="5" fill="#ffb23f" />
              <circle cx="12" cy="11" r="3" fill="#0b1a33" />
              <circle cx="20" cy="11" r="3" fill="#0b1a33" />
              <rect x="4" y="20" width="24" height="9" rx="4" fill="#f2542d" />
            </svg>
            <span>{t('site.name')}</span>
            <span className="visually-hidden">{` – ${t('nav.home')}`}</span>
          </SiteLink>
          {/* The region link and the account link sit beside the nav and fold into its menu on phones. */}
          <SiteNav>
            <div className="header-tools">
              {site.chooser && (
                <SiteLink className="region-link" href={site.chooser}>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
                    <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" fill="none" stroke="currentColor" strokeWidth="1.6" />
                  </svg>
                  <span>{site.code.toUpperCase()}</span>
                  {/* The visible code starts the link's name (label in name), the hidden words say where it goes. */}
                  <span className="visually-hidden">{` – ${t('nav.chooseRegion')}`}</span>
                </SiteLink>
              )}
              <AccountLink />
            </div>
          </SiteNav>
        </div>
      </header>
    </>
  );
}

/** Log in, or the account's profile once logged in (the prerendered page is logged out). */
function AccountLink() {
  const { site, content } = useApp();
  const t = useT();
  const [location] = useLocation();
  const loggedIn = useSession(isLoggedIn);
  const nickname = useSession((s) => s.userInfo?.nickname);
  const login = `${site.basePath}/login`;
  if (loggedIn) {
    return (
      <SiteLink className="account-link" href={`${site.basePath}/profile`} data-testid="account-link">
        {nickname || t('account.text.account')}
      </SiteLink>
    );
  }
  const here = content.route(location);
  const from = here && here.kind !== 'account' ? `?fromPath=${encodeURIComponent(here.path)}` : '';
  return (
    <SiteLink className="account-link" href={`${login}${from}`} data-testid="account-link">
      {t('account.actions.login')}
    </SiteLink>
  );
}
