import { translationStatus } from '../translations/status.ts';
import type { CompileResult } from '../options.ts';
import { formatDiagnostic } from '../diagnostics/format.ts';
import { renderTemplate } from '../emit/templates.ts';
import { windowedLinks } from '../resolve/pages-showing.ts';
import { normalizePath } from '../../core/paths.ts';
import { currentStage, isRouteOpen } from '../../core/time.ts';
import { isActivityActive, offerRuns, priceChanges } from '../../core/offers.ts';
import { formatPrice } from '../../core/format.ts';
import type { ProductData, RegionData } from '../../core/model.ts';
import { glanceView } from './glance.ts';
import type { GlanceSheet } from './glance.ts';

/**
 * `build-region report`: one self-contained HTML page (inline styles and SVG, no script, no
 * network) that shows what every region shows and when: the page availability matrix, the
 * prices, a timeline of every stages list, activity and page window with a marker at now, and
 * the content's diagnostics.
 */

export interface ReportCell {
  /** What the cell says. */
  text: string;
  /** Its kind, for colour: open, closed, redirect, absent, price, offer, soldout, presale. */
  kind: string;
  /** A longer explanation, shown as a tooltip. */
  title?: string;
}

export interface ReportRow {
  label: string;
  cells: ReportCell[];
}

const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const day = (time: number) => `${DATE.format(time)} UTC`;

/** Every page of any region (account screens aside), by region: open now, opening, closed, redirect. */
export function availabilityRows(regions: readonly RegionData[], now: number): ReportRow[] {
  const pages = [
    ...new Set(regions.flatMap((r) => r.routes.filter((route) => route.kind !== 'account').map((route) => route.page))),
  ].sort();
  return pages.map((page) => ({
    label: page,
    cells: regions.map(({ code }): ReportCell => {
      const route = regions.find((r) => r.code === code)?.routes.find((r) => r.page === page);
      if (!route) return { text: '—', kind: 'absent', title: `${code} has no ${page} page` };
      if (route.redirect) return { text: `→ ${route.redirect}`, kind: 'redirect', title: `${route.path} redirects to ${route.redirect}` };
      const window = route.window;
      const span = window
        ? ` (${window.start !== undefined ? `from ${day(window.start)}` : ''}${window.start !== undefined && window.end !== undefined ? ' ' : ''}${window.end !== undefined ? `until ${day(window.end)}` : ''})`
        : '';
      if (isRouteOpen(route, now)) return { text: window ? 'open, timed' : 'open', kind: 'open', title: `${route.path}${span}` };
      const upcoming = window?.start !== undefined && now < window.start;
      return { text: upcoming ? `opens ${day(window!.start!)}` : 'closed', kind: 'closed', title: `${route.path}${span}` };
    }),
  }));
}

function describeActivity(region: RegionData, product: ProductData): string {
  const time = product.activityTime;
  if (!time) return '';
  if (time.startTime !== undefined) return `from ${day(time.startTime)}${time.endTime !== undefined ? ` until ${day(time.endTime)}` : ''}`;
  return `stage ${time.stage!.join(', ')} of ${time.stages}${region.stages[time.stages!] ? '' : ' (unknown list)'}`;
}

/** Which of a market's settings (region.yaml `market`, docs/market.md) each region has on, and how. */
export function marketRows(regions: readonly RegionData[]): ReportRow[] {
  const row = (label: string, cell: (region: RegionData) => string | undefined): ReportRow => ({
    label,
    cells: regions.map((region) => {
      const text = cell(region);
      return text === undefined ? { text: '—', kind: 'absent' } : { text, kind: 'open', title: `${label} in ${region.code}` };
    }),
  });
  return [
    row('prior price of a reduction (EU)', (r) =>
      r.market.priorPrice ? `on: ${Object.values(r.products).filter((p) => p.priorPrices?.length).length} product(s) reduced` : undefined,
    ),
    row('consent before analytics', (r) => (r.market.consent ? 'on: banner, Consent Mode v2' : undefined)),
    row('tax wording', (r) =>
      r.market.tax
        ? `${r.market.tax}: "${r.messages[r.market.tax === 'included' ? 'product.taxIncluded' : 'product.taxExcluded'] ?? ''}"`
        : undefined,
    ),
    row('merchant listings: shipping', (r) =>
      r.market.shipping
        ? `${r.market.shipping.rate === 0 ? 'free' : formatPrice(r.market.shipping.rate, r.locale, r.currency)}, ${r.market.shipping.handlingDays.join('-')} + ${r.market.shipping.transitDays.join('-')} days, ${r.market.shipping.countries.length} countr${r.market.shipping.countries.length === 1 ? 'y' : 'ies'}`
        : undefined,
    ),
    row('merchant listings: returns', (r) =>
      r.market.returns ? `${r.market.returns.days} days, ${r.market.returns.fees === 'free' ? 'free' : 'paid by the customer'}` : undefined,
    ),
  ];
}

/** Every product of any region, by region: price, activity price and when, stock and pre-sale. */
export function priceRows(regions: readonly RegionData[], now: number): ReportRow[] {
  const keys = [...new Set(regions.flatMap((r) => Object.keys(r.products)))].sort();
  const name = (key: string) => regions.map((r) => r.products[key]?.name).find(Boolean) ?? key;
  // Aliases (two keys, one product) keep their key in the label, so the rows can be told apart.
  const shared = (key: string) => keys.some((other) => other !== key && name(other) === name(key));
  return keys.map((key) => ({
    label: shared(key) ? `${name(key)} (${key})` : name(key),
    cells: regions.map(({ code }): ReportCell => {
      const region = regions.find((r) => r.code === code);
      const product = region?.products[key];
      if (!region || !product) return { text: '—', kind: 'absent' };
      const price = (amount: number) => formatPrice(amount, region.locale, region.currency);
      const notes = [product.stock === 0 ? 'sold out' : `stock ${product.stock}`, product.isPreSale ? 'pre-sale' : ''].filter(Boolean);
      const offer = product.activityPrice !== undefined ? `${price(product.activityPrice)} ${describeActivity(region, product)}` : '';
      const active = isActivityActive(region, product, now);
      // In a market that announces reductions against the prior price (docs/market.md): that price, per reduction.
      const prior =
        region.market.priorPrice && product.priorPrices?.length
          ? `prior price ${product.priorPrices.map((w) => `${price(w.price)} (from ${day(w.start)})`).join(', ')}`
          : '';
      return {
        text: [price(product.price), offer && `offer ${offer}${active ? ' (now)' : ''}`, prior, notes.join(', ')]
          .filter(Boolean)
          .join(' · '),
        kind: product.stock === 0 ? 'soldout' : active ? 'offer' : product.isPreSale ? 'presale' : 'price',
        title: `${key} in ${code}`,
      };
    }),
  }));
}

interface Lane {
  label: string;
  /** Segments between instants, each with its label; the first starts at the axis' start. */
  segments: { from: number; to: number; label: string; kind: string }[];
}

/** The lanes of the timeline: per region, each stages list it uses, activity windows and page windows. */
function timelineLanes(regions: readonly RegionData[], start: number, end: number): Lane[] {
  const lanes: Lane[] = [];
  for (const region of regions) {
    for (const [name, instants] of Object.entries(region.stages).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (instants.length === 0) continue;
      const edges = [start, ...instants, end];
      lanes.push({
        label: `${region.code} · ${name}`,
        segments: edges.slice(0, -1).map((from, index) => ({
          from,
          to: edges[index + 1]!,
          label: `stage ${index}`,
          kind: index === 0 ? 'stage-before' : `stage-${index % 2 ? 'odd' : 'even'}`,
        })),
      });
    }
    // An offer gated by a stages list has no lane of its own: its list's lane above shows the stages.
    for (const [key, product] of Object.entries(region.products)) {
      const runs = product.activityTime?.stages === undefined ? offerRuns(region, product) : [];
      if (runs.length === 0) continue;
      lanes.push({
        label: `${region.code} · offer ${key}`,
        segments: runs.map((run) => ({ from: run.start, to: run.end ?? end, label: 'offer', kind: 'offer' })),
      });
    }
    const links = windowedLinks(region);
    for (const route of region.routes) {
      if (!route.window) continue;
      // The links that show with the page (they hide when it closes).
      const shownWith = links.filter((link) => normalizePath(link.link).toLowerCase() === route.path).map((link) => link.what);
      const label = `${region.code} · ${route.path}${shownWith.length ? `, with its ${shownWith.join(', ')}` : ''}`;
      lanes.push({ label, segments: [{ from: route.window.start ?? start, to: route.window.end ?? end, label: 'open', kind: 'window' }] });
    }
  }
  return lanes;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The timeline as inline SVG: one lane per list or window, months along the axis, now marked. */
export function renderTimeline(regions: readonly RegionData[], now: number): string {
  const instants = regions
    .flatMap((r) => [
      ...Object.values(r.stages).flat(),
      ...r.routes.flatMap((route) => [route.window?.start, route.window?.end]),
      ...Object.values(r.products).flatMap((p) => priceChanges(r, p).map((change) => change.at)),
    ])
    .filter((t): t is number => t !== undefined);
  const month = 30 * 86_400_000;
  const start = Math.min(now, ...instants) - month / 2;
  const end = Math.max(now, ...instants) + month / 2;
  const lanes = timelineLanes(regions, start, end);
  const labelWidth = 260;
  const width = 1200;
  // Room right of the axis' end for the label of a month that starts near it ("2027-01" is
  // about 40 px at 11 px), so the last label is never cut by the edge of the picture.
  const rightMargin = 56;
  const laneHeight = 22;
  // Two rows above the lanes: the now label (baseline 14), then the month labels (baseline
  // top - 10), so the now label never prints over a month's.
  const top = 46;
  const height = top + lanes.length * laneHeight + 10;
  const x = (time: number) => labelWidth + ((time - start) / (end - start)) * (width - labelWidth - rightMargin);
  const parts: string[] = [];
  // Month ticks, each labelled while months are wide enough for it; narrower ones every 2, 3,
  // 6 or 12 months (on January, April... so labels land on the same months whatever the span).
  const monthWidth = x(start + month) - x(start);
  const step = [1, 2, 3, 6, 12].find((n) => n * monthWidth >= 52) ?? 12;
  const first = new Date(start);
  for (let tick = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1); tick < end; ) {
    const date = new Date(tick);
    parts.push(`<line x1="${x(tick).toFixed(1)}" y1="${top - 6}" x2="${x(tick).toFixed(1)}" y2="${height}" class="tick"/>`);
    if (date.getUTCMonth() % step === 0)
      parts.push(`<text x="${(x(tick) + 3).toFixed(1)}" y="${top - 10}" class="tick-label">${date.toISOString().slice(0, 7)}</text>`);
    tick = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  lanes.forEach((lane, index) => {
    const y = top + index * laneHeight;
    parts.push(`<text x="4" y="${y + 15}" class="lane-label">${escape(lane.label)}</text>`);
    for (const segment of lane.segments) {
      const x1 = x(segment.from);
      const w = Math.max(1, x(segment.to) - x1);
      parts.push(
        `<rect x="${x1.toFixed(1)}" y="${y + 3}" width="${w.toFixed(1)}" height="${laneHeight - 6}" class="${segment.kind}"><title>${escape(`${lane.label}: ${segment.label}, ${day(segment.from)} to ${day(segment.to)}`)}</title></rect>`,
      );
      if (w > 46) parts.push(`<text x="${(x1 + 4).toFixed(1)}" y="${y + 15}" class="segment-label">${escape(segment.label)}</text>`);
    }
  });
  parts.push(`<line x1="${x(now).toFixed(1)}" y1="${top - 6}" x2="${x(now).toFixed(1)}" y2="${height}" class="now"/>`);
  // The label reads away from the edge it is near, in its own row above the months'.
  const nearEnd = x(now) > width - 200;
  parts.push(
    `<text x="${(x(now) + (nearEnd ? -4 : 4)).toFixed(1)}" y="14" class="now-label"${nearEnd ? ' text-anchor="end"' : ''}>now ${escape(day(now))}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="timeline-title"><title id="timeline-title">Timeline of stages lists, offers and page windows, with now marked</title>${parts.join('')}</svg>`;
}

/** Which region shows which current stage of each list, for the page's summary. */
function currentStages(regions: readonly RegionData[], now: number): string[] {
  return regions.flatMap((r) =>
    Object.entries(r.stages).map(([name, instants]) => `${r.code} ${name}: stage ${currentStage(instants, now)} of ${instants.length}`),
  );
}

/** The report page's HTML; with a glance sheet (`--glance`, preview/glance.ts), its "Sites at a glance" section too. */
export function renderReport(compiled: CompileResult, now: number, glance?: GlanceSheet): string {
  const regions = compiled.model.regions.map((r) => r.data);
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error').length;
  return renderTemplate('report.html.hbs', {
    now: day(now),
    nowIso: new Date(now).toISOString(),
    regions: regions.map(({ code, label }) => ({ code, label })),
    market: marketRows(regions),
    availability: availabilityRows(regions, now),
    prices: priceRows(regions, now),
    timeline: regions.length > 0 ? renderTimeline(regions, now) : '',
    stages: currentStages(regions, now),
    translations: translationStatus(compiled).regions,
    diagnostics: compiled.diagnostics.map((d) => formatDiagnostic(d, { color: false, sources: compiled.sources })),
    errors,
    warnings: compiled.diagnostics.length - errors,
    glance: glance && glanceView(glance, regions),
  });
}
