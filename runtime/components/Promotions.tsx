import { useNow, useSite } from '../site.tsx';
import { isRouteOpen } from '../../core/time.ts';
import { isGateOpen } from '../../core/offers.ts';
import { SiteLink } from './SiteLink.tsx';

/**
 * The region's text banner above the header (docs/runtime.md), shown while the current stage
 * of its stages list is one of its stages, judged on server time. The home page's countdown is
 * Countdown.tsx.
 */
export function TextBanner() {
  const site = useSite();
  const now = useNow();
  const banner = site.textBanner;
  if (!banner || !isGateOpen(site, banner, now) || !isRouteOpen(banner, now)) return null;
  return (
    <aside className="text-banner" style={{ background: banner.bg }} aria-label={banner.label} data-testid="text-banner" data-part="header">
      <SiteLink href={banner.link}>{banner.label}</SiteLink>
    </aside>
  );
}
