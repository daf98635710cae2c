import { chosenCountry, regionLabel, useCountry, writeCountry } from '../country.ts';
import { useSite, useT } from '../site.tsx';
import type { RegionLink } from '../../core/model.ts';
import type { PageProps } from './props.ts';

interface Choice {
  region: RegionLink;
  /** The country setting the choice stores; only a region that lists countries has several choices. */
  country?: string;
}

/** Every region once, and a region that lists countries once more for each (us: Canada, other regions). */
function choices(regions: readonly RegionLink[]): Choice[] {
  return regions.flatMap((region) => {
    const countries = Object.keys(region.countries);
    return countries.length ? [region.iso, ...countries].map((country) => ({ region, country })) : [{ region }];
  });
}

/**
 * The region chooser: every region is its own site, so choosing one is a full page load into
 * it. Choosing an entry of a region with countries also stores the visitor's country, which
 * labels that region for them ('Canada - English', 'Other Regions - English' for us).
 */
export default function ChooseRegion({ content }: PageProps) {
  const site = useSite();
  const t = useT();
  const stored = useCountry(site);
  return (
    // Live at once (runtime/parts.ts): it marks the visitor's stored country.
    <section className="chooser" aria-labelledby="chooser-heading" data-live="">
      <h1 id="chooser-heading">{content.heading}</h1>
      {content.lead && <p className="lead">{content.lead}</p>}
      <ul className="region-list">
        {choices(site.regions).map(({ region, country }) => {
          const current = region.code === site.code && (!country || country === chosenCountry(region, stored));
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
                <span className="region-code">
                  {country && country !== region.iso ? `${region.code.toUpperCase()} · ${country}` : region.code.toUpperCase()}
                </span>
                <span className="region-label">{regionLabel(region, country)}</span>
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
