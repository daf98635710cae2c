import { regionLabel, useCountry, writeCountry } from '../country.ts';
import type { Country } from '../country.ts';
import { useSite, useT } from '../site.tsx';
import type { RegionLink } from '../types.ts';
import type { PageProps } from './registry.ts';

interface Choice {
  region: RegionLink;
  /** The country setting the choice stores; only the us region has several. */
  country?: Country;
}

/** Every region once, and the us site also for visitors in Canada and elsewhere. */
function choices(regions: readonly RegionLink[]): Choice[] {
  return regions.flatMap((region) => (region.code === 'us' ? (['US', 'CA', 'OTHER'] as const).map((country) => ({ region, country })) : [{ region }]));
}

/**
 * The region chooser: every region is its own site, so choosing one is a full page load into
 * it. Choosing a us entry also stores the visitor's country (US, CA or OTHER), which labels the
 * us site as 'Canada - English' or 'Other Regions - English'.
 */
export default function ChooseRegion({ content }: PageProps) {
  const site = useSite();
  const t = useT();
  const stored = useCountry();
  return (
    <section className="chooser" aria-labelledby="chooser-heading">
      <h1 id="chooser-heading">{content.heading}</h1>
      {content.lead && <p className="lead">{content.lead}</p>}
      <ul className="region-list">
        {choices(site.regions).map(({ region, country }) => {
          const current = region.code === site.code && (!country || country === (stored ?? 'US'));
          return (
            <li key={`${region.code}-${country ?? ''}`}>
              <a
                href={region.home}
                hrefLang={region.hreflang}
                lang={region.locale}
                aria-current={current ? 'page' : undefined}
                className={current ? 'region current' : 'region'}
                data-country={country}
                onClick={() => country && writeCountry(country)}
              >
                <span className="region-code">{country && country !== 'US' ? `${region.code.toUpperCase()} · ${country}` : region.code.toUpperCase()}</span>
                <span className="region-label">{regionLabel(region.code, region.label, country)}</span>
                {current && (
                  <span className="region-note" lang={site.locale}>
                    {t('chooser.current')}
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
