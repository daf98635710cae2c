import type { Nav, RegionFile } from '../../../schema/types.ts';
import type { NavItem, RegionData } from '../../../core/model.ts';
import { compareStrings } from '../../diagnostics/index.ts';
import type { SourceFile } from '../../load/source-file.ts';
import type { PendingLink } from './index.ts';
import type { Report } from '../model.ts';
import { checkGate, sortedStages } from '../stages.ts';
import type { StagesScope } from '../stages.ts';

/** A region's header and footer navigation, its banner and countdown, with the links they hold. */
export interface ResolvedNavigation {
  readonly navs: readonly NavItem[];
  readonly textBanner?: RegionData['textBanner'];
  readonly countdown?: RegionData['countdown'];
  readonly links: readonly PendingLink[];
  readonly usedStages: readonly string[];
}

/**
 * Resolves the navigation of a region file: nav items (children, hidden places sorted, stage
 * gates checked), the banner and the countdown, and collects every link they and the footer,
 * the region switch and the region's own links hold, for the link check.
 */
export function resolveNavigation(
  source: SourceFile,
  input: RegionFile,
  scope: StagesScope,
  now: number | undefined,
  report: Report,
): ResolvedNavigation {
  const links: PendingLink[] = [];
  const usedStages: string[] = [];
  const gate = (at: readonly string[], item: { stages?: string; stage?: readonly number[] }) => {
    const { list } = checkGate(scope, source, at, item, now, report);
    if (list) usedStages.push(list);
  };
  const resolveNav = (nav: Nav, at: readonly string[]): NavItem => {
    if (nav.link) links.push({ source, at: [...at, 'link'], link: nav.link });
    gate(at, nav);
    const { children, hidden, stages, stage, ...rest } = nav;
    return {
      ...rest,
      children: (children ?? []).map((child, i) => resolveNav(child, [...at, 'children', String(i)])),
      hidden: [...(hidden ?? [])].sort(compareStrings),
      ...(stages !== undefined && { stages, stage: sortedStages(stage) }),
    };
  };
  const navs = input.navs.map((nav, i) => resolveNav(nav, ['navs', String(i)]));
  input.footerNavs.forEach((column, c) =>
    column.links.forEach((link, l) => links.push({ source, at: ['footerNavs', String(c), 'links', String(l), 'link'], link: link.link })),
  );
  for (const key of ['home', 'shop', 'account', 'tmall'] as const) {
    const link = input.links[key];
    if (link) links.push({ source, at: ['links', key], link });
  }
  links.push({ source, at: ['region', 'link'], link: input.region.link });
  const { textBanner: banner, countdown } = input;
  if (banner) {
    links.push({ source, at: ['textBanner', 'link'], link: banner.link });
    gate(['textBanner'], banner);
  }
  if (countdown) {
    links.push({ source, at: ['countdown', 'link'], link: countdown.link });
    gate(['countdown'], countdown);
  }
  return {
    navs,
    ...(banner && { textBanner: { ...banner, stage: sortedStages(banner.stage) } }),
    ...(countdown && { countdown: { ...countdown, stage: sortedStages(countdown.stage) } }),
    links,
    usedStages,
  };
}
