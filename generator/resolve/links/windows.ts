import type { FooterColumn, LinkWindow, NavItem, RegionData, RouteData } from '../../../core/model.ts';
import { normalizePath } from '../../../core/paths.ts';
import { createDiagnostic } from '../../diagnostics/index.ts';
import { rangeOfPath } from '../../load/source-file.ts';
import type { SourceFile } from '../../load/source-file.ts';
import type { Report } from '../model.ts';

type Span = { readonly start?: number; readonly end?: number };
type Linked = Pick<RegionData, 'navs' | 'footerNavs' | 'textBanner' | 'countdown'>;

/**
 * A link to a page that is open only in a time window (a sale page) shows exactly while that
 * page is open: each nav item, footer link, text banner and countdown that points at such a page
 * of its region gets the page's window, and the runtime hides it outside it, on server time (a
 * visitor never follows a link that would only send them home). A link that has its own stages
 * gate shows while both are open; when the two never overlap, the link can never show: W0304.
 */
export function windowLinks(
  source: SourceFile,
  linked: Linked,
  routes: readonly RouteData[],
  stages: RegionData['stages'],
  report: Report,
): Linked {
  const windows = new Map(routes.filter((route) => route.window).map((route) => [route.path, route.window!]));
  const windowOf = (link: string | undefined): Span | undefined =>
    link?.startsWith('/') ? windows.get(normalizePath(link).toLowerCase()) : undefined;
  const check = (at: readonly string[], link: string, span: Span, gate: { stages?: string; stage?: readonly number[] }) => {
    if (gate.stages === undefined || !stages[gate.stages]) return;
    const instants = stages[gate.stages]!;
    const overlaps = (gate.stage ?? []).some((n) => {
      const from = n === 0 ? -Infinity : (instants[n - 1] ?? Infinity);
      const to = instants[n] ?? Infinity;
      return from < (span.end ?? Infinity) && (span.start ?? -Infinity) < to;
    });
    if (!overlaps)
      report(createDiagnostic('W0304', { link, list: gate.stages, stages: gate.stage ?? [] }, rangeOfPath(source, [...at, 'link'])));
  };
  const withWindow = <T extends object>(item: T, span: Span | undefined): T & LinkWindow => (span ? { ...item, window: span } : item);
  const nav = (item: NavItem, at: readonly string[]): NavItem => {
    const span = windowOf(item.link);
    if (span && item.link) check(at, item.link, span, item);
    return withWindow({ ...item, children: item.children.map((child, i) => nav(child, [...at, 'children', String(i)])) }, span);
  };
  const footer = (column: FooterColumn): FooterColumn => ({
    ...column,
    links: column.links.map((link) => withWindow(link, windowOf(link.link))),
  });
  const gated = <T extends { link: string; stages: string; stage: readonly number[] }>(
    item: T | undefined,
    at: string,
  ): (T & LinkWindow) | undefined => {
    if (!item) return undefined;
    const span = windowOf(item.link);
    if (span) check([at], item.link, span, item);
    return withWindow(item, span);
  };
  const textBanner = gated(linked.textBanner, 'textBanner');
  const countdown = gated(linked.countdown, 'countdown');
  return {
    navs: linked.navs.map((item, i) => nav(item, ['navs', String(i)])),
    footerNavs: linked.footerNavs.map(footer),
    ...(textBanner && { textBanner }),
    ...(countdown && { countdown }),
  };
}
