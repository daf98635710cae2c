import { regionLabel, useCountry } from '../country.ts';
import { usePartHydrated } from '../parts.ts';
import { useLocation } from 'wouter';
import { useApp, useNow, useSite, useT } from '../site.tsx';
import { isRouteOpen } from '../../core/time.ts';
import { Newsletter } from './Newsletter.tsx';
import { SiteLink } from './SiteLink.tsx';

/** How each network of `media` is named (a brand name, the same in every language). */
const MEDIA_NAMES: Readonly<Record<string, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  x: 'X',
  tiktok: 'TikTok',
  discord: 'Discord',
  weibo: 'Weibo',
  wechat: 'WeChat',
  bilibili: 'bilibili',
  douyin: 'Douyin',
  line: 'LINE',
  kakao: 'KakaoTalk',
  naver: 'NAVER',
};

/**
 * The site's footer: the newsletter form (on every page but the home page, which has its own
 * invitation), the footer navigation, the company and its media
 * links, the region label (the visitor's country, from local storage) with the region chooser.
 * A part of the page that hydrates on its own (runtime/parts.ts; runtime/widgets.tsx loads it).
 */
export default function Footer() {
  usePartHydrated('footer');
  const site = useSite();
  const now = useNow();
  const t = useT();
  const country = useCountry(site);
  const own = site.regions.find((r) => r.code === site.code);
  // The home page invites to the newsletter itself (its popup form): one offer per page.
  const [location] = useLocation();
  const home = useApp().content.route(location)?.kind === 'home';
  return (
    <footer className="site-footer" data-part="footer">
      {!home && <Newsletter />}
      {site.footerNavs.length > 0 && (
        <div className="footer-columns">
          {site.footerNavs.map((column) => (
            <nav key={column.label} aria-label={column.label}>
              <h2>{column.label}</h2>
              <ul>
                {column.links
                  .filter((link) => isRouteOpen(link, now))
                  .map((link) => (
                    <li key={link.link}>
                      <SiteLink href={link.link}>{link.label}</SiteLink>
                    </li>
                  ))}
              </ul>
            </nav>
          ))}
        </div>
      )}
      <div className="footer-about">
        <address>
          <strong>{site.company.name}</strong>
          {site.company.address.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
        {site.media.length > 0 && (
          <nav aria-label={t('footer.media')}>
            <ul className="media-links">
              {site.media.map((medium) => (
                <li key={medium.network}>
                  <a href={medium.link} target="_blank" rel="noopener noreferrer" data-network={medium.network}>
                    {MEDIA_NAMES[medium.network] ?? medium.network}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      <div className="bar">
        <p>
          {t('footer.regionLabel')} <strong data-testid="region-label">{own ? regionLabel(own, country) : site.label}</strong>
          {site.chooser && (
            <>
              {' · '}
              <SiteLink href={site.chooser}>{t('footer.changeRegion')}</SiteLink>
            </>
          )}
        </p>
        {site.market.consent && (
          <p>
            {/* The page's consent script opens the banner again (templates/consent.js): it works before this hydrates. */}
            <button type="button" className="link-button" data-consent-action="open">
              {site.market.consent.settings}
            </button>
          </p>
        )}
        <p>{site.copyright}</p>
      </div>
    </footer>
  );
}
