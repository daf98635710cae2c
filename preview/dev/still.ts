// A page of the live preview as it is at another instant than the preview's clock, without its
// scripts (docs/studio.md, "Time"): what a visitor's browser paints first at that instant, which
// is the whole page (the prerendered HTML is complete before any script runs). Two such stills at
// two instants sit side by side in the studio, while the live preview keeps its own clock.
import type { Connect, ViteDevServer } from 'vite';
import type { CompileResult } from '../../generator/index.ts';
import { hasErrors, renderPageShell } from '../../generator/index.ts';
import { serializeJsonLd } from '../../core/json-ld.ts';
import { keepAtMost } from '../../core/limit.ts';
import { findRoute, normalizePath } from '../../core/paths.ts';
import { runtimeCss } from './middleware.ts';
import type { DevState } from './middleware.ts';

/** The query parameter of a still: the instant, in epoch milliseconds (`/us/black-friday?__still=1764000000000`). */
export const STILL_PARAM = '__still';

/** Nothing of a still runs: the page is as the HTML and its CSS paint it. */
const STILL_CSP = "script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'";

/** How many instants' compiles are kept per version of the content (the two of a comparison, and a few picked before). */
const KEPT = 6;

/**
 * The stills' middleware: a page request with `?__still=<ms>` is answered with the page at that
 * instant, from the content as the preview has it now (unsaved texts included), compiled at that
 * instant (`compileAt`, kept per version of the content and instant).
 */
export function serveStills(
  server: ViteDevServer,
  state: DevState,
  compileAt: (instant: number) => Promise<CompileResult>,
): Connect.NextHandleFunction {
  const kept = new WeakMap<CompileResult, Map<number, Promise<CompileResult>>>();
  const compiled = (instant: number) => {
    const version = state.compiled!;
    let byInstant = kept.get(version);
    if (!byInstant) kept.set(version, (byInstant = new Map()));
    let found = byInstant.get(instant);
    if (!found) {
      found = keepAtMost(byInstant, KEPT, instant, compileAt(instant));
      found.catch(() => byInstant.delete(instant));
    }
    return found;
  };
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://preview');
    const asked = url.searchParams.get(STILL_PARAM);
    if (asked === null || (req.method !== 'GET' && req.method !== 'HEAD') || !state.compiled || !state.region) return next();
    const instant = Number(asked);
    const send = (status: number, html: string) => {
      res.statusCode = status;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Security-Policy', STILL_CSP);
      res.end(html);
    };
    if (!/^-?\d{1,15}$/.test(asked) || !Number.isSafeInteger(instant))
      return send(400, plainPage('Not an instant', `'${escape(asked.slice(0, 40))}' is not an instant in milliseconds since 1970.`));
    const region = state.region.code;
    compiled(instant)
      .then((result) => stillOf(server, state.renderer, result, region, normalizePath(decodeURIComponent(url.pathname)), instant))
      .then(({ status, html }) => send(status, html), next);
  };
}

/** The page at an instant, from a compile made at that instant: the page, its region's 404 page, or the errors that keep it from rendering. */
async function stillOf(
  server: ViteDevServer,
  renderer: DevState['renderer'],
  compiled: CompileResult,
  code: string,
  pathname: string,
  instant: number,
): Promise<{ status: number; html: string }> {
  if (hasErrors(compiled.diagnostics)) {
    const errors = compiled.diagnostics.filter((d) => d.severity === 'error').slice(0, 20);
    const items = errors.map(
      (d) => `<li><code>${d.code}</code> ${escape(d.message)} (<code>${escape(`${d.file}:${d.line}:${d.column}`)}</code>)</li>`,
    );
    return {
      status: 503,
      html: plainPage('The content has errors', `No page renders at this instant until they are fixed.</p><ul>${items.join('')}</ul><p>`),
    };
  }
  const resolved = compiled.model.regions.find((r) => r.data.code === code);
  if (!resolved) return { status: 404, html: plainPage('No such region', `The content has no region ${escape(code)} at this instant.`) };
  const region = resolved.data;
  const route = findRoute(region, pathname);
  const [{ renderPage }, css] = await Promise.all([renderer(), runtimeCss(server)]);
  const rendered = await renderPage(region, route ? pathname : `${region.basePath}/404`, instant);
  const html = renderPageShell({
    head: rendered.head,
    jsonLd: rendered.head.jsonLd.map(serializeJsonLd),
    base: `${region.basePath}/`,
    entry: '',
    css,
    preloads: [],
    loadNow: false,
    html: rendered.html,
    now: instant,
    ...(resolved.consent && { consent: resolved.consent }),
  });
  // No script at all (the frame could run none): the page's own, the loader, the speculation rules; its data (JSON-LD) stays.
  return { status: route ? 200 : 404, html: html.replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>\s*/g, '') };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function plainPage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}
