import { useEffect, useRef } from 'react';
import { readCountry, whenCountryKnown } from '../country-detect.ts';
import { wantPart, wantParts } from '../parts.ts';
import { browserImageFormat } from '../images.ts';
import { isLoggedIn } from '../session.ts';
import type { AppServices } from '../site.tsx';
import type { RouteInfo } from '../../core/model.ts';

/**
 * When the parts of the page (runtime/parts.ts) are wanted for what they show, rather than for
 * what the visitor does in them: the header and the footer after a navigation; every part once server time has crossed
 * one of `instants` since the page was rendered (an instant the page's data names: a stage, a
 * window, an activity's dates; the prerendered parts are right up to the next one), and once the
 * visitor is logged in (the account link, the account screens).
 */
export function usePartWants(app: AppServices, location: string, instants: readonly number[]): void {
  const first = useRef(location);
  // After a navigation the header and the footer follow the page (the first page's content is
  // gone: the next page renders in its place).
  useEffect(() => {
    if (location === first.current) return;
    wantPart('header');
    wantPart('footer');
  }, [location]);
  useEffect(() => {
    const { clock, session } = app;
    const passed = (instant: number) => instants.filter((at) => at <= instant).length;
    const rendered = passed(clock.store.getState().instant);
    const check = () => {
      if (passed(clock.store.getState().instant) !== rendered || isLoggedIn(session.store.getState())) wantParts();
    };
    check();
    const unsubscribe = [clock.store.subscribe(check), session.store.subscribe(check)];
    return () => unsubscribe.forEach((stop) => stop());
  }, [app, instants]);
}

/**
 * What this visitor's browser and address call for at once, before hydration: a browser without
 * webp has every image of the page rewritten to the fallback format, and an account screen reads
 * its address's query (runtime/account-screens/common.tsx `useQuery`), unless its prerendered
 * HTML follows each parameter without the screen's code (`followQuery`).
 */
export function wantForVisitor(route: RouteInfo | undefined, page: ParentNode): void {
  if (route?.kind === 'account' && window.location.search && !followQuery(page, new URLSearchParams(window.location.search)))
    wantPart('main');
  if (browserImageFormat() !== 'webp') wantParts();
}

/**
 * What a prerendered screen shows of its address's query before its code loads: an element
 * marked `data-query-shows="<name>"` (prerendered hidden) shows when the parameter has a value,
 * and a link marked `data-query-keeps="<name>"` carries the parameter on (the login screen's tip
 * and its link to registration, for `fromPath`). False, with nothing changed, when the query has
 * a parameter the page does not follow so: the screen's code is needed at once.
 */
function followQuery(page: ParentNode, query: URLSearchParams): boolean {
  const shows = [...page.querySelectorAll<HTMLElement>('[data-query-shows]')];
  const keeps = [...page.querySelectorAll<HTMLAnchorElement>('a[data-query-keeps]')];
  const followed = new Set([...shows.map((e) => e.dataset.queryShows), ...keeps.map((a) => a.dataset.queryKeeps)]);
  if ([...query.keys()].some((name) => !followed.has(name))) return false;
  for (const element of shows) if (query.get(element.dataset.queryShows!)) element.hidden = false;
  for (const link of keeps) {
    const name = link.dataset.queryKeeps!;
    const value = query.get(name);
    if (!value) continue;
    const target = new URL(link.href);
    target.searchParams.set(name, value);
    link.setAttribute('href', `${target.pathname}${target.search}${target.hash}`);
  }
  return true;
}

/**
 * The footer's region label names the visitor's country (runtime/country.ts): once the footer
 * nears the viewport, the country is looked up, and the footer is wanted when it is not the
 * region's own.
 */
export function watchFooterCountry(app: AppServices, footer: Element | null): void {
  const own = app.site.regions.find((r) => r.code === app.site.code)?.iso.toUpperCase();
  const known = (country: string | undefined) => country !== undefined && country !== own && wantPart('footer');
  if (readCountry() !== undefined) return void known(readCountry());
  if (!footer || typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      whenCountryKnown(app.site, known);
    },
    { rootMargin: '400px 0px' },
  );
  observer.observe(footer);
}
