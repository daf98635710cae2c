/**
 * The security headers of every page the sites serve, from one source: serve-regions sends
 * them, and the build writes what they depend on (in `hosts.json` beside the sites) for the
 * hosts that serve dist/ (docs/decisions.md, "Security headers").
 *
 * - Content-Security-Policy: scripts only from the site itself, the inline scripts the build
 *   wrote (by their SHA-256) and the chat provider; no `unsafe-inline` for scripts. Styles may
 *   be inline (each page inlines its CSS, and components set `style` attributes). Calls go to
 *   the site and the regions' API origins; the site is never framed (`frame-ancestors 'none'`).
 * - Referrer-Policy, Permissions-Policy (no camera, microphone, geolocation, payment, USB...),
 *   X-Content-Type-Options, X-Frame-Options for older browsers;
 * - Strict-Transport-Security outside local hosts (a local preview is plain HTTP).
 */

/** What the policy depends on, as the build writes it (in hosts.json). */
export interface SecurityData {
  /** `sha256-<base64>` of each inline script the build writes into pages. */
  readonly scriptHashes: readonly string[];
  /** Origins whose scripts the pages load (the chat provider's). */
  readonly scriptOrigins: readonly string[];
  /** Origins the pages call (the regions' API origins, production and pre-production). */
  readonly connectOrigins: readonly string[];
}

/** Whether parsed security data has the shape above (it is read from disk, so it is checked, not trusted). */
export function isSecurityData(value: unknown): value is SecurityData {
  const list = (key: string) =>
    Array.isArray((value as Record<string, unknown>)[key]) &&
    ((value as Record<string, unknown[]>)[key] ?? []).every((item) => typeof item === 'string');
  return typeof value === 'object' && value !== null && list('scriptHashes') && list('scriptOrigins') && list('connectOrigins');
}

/** The origin of an absolute http(s) URL, or undefined for anything else (a relative path is the site's own). */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

const sorted = (values: readonly string[]) => [...new Set(values)].sort();

/** The Content-Security-Policy of the pages. */
export function contentSecurityPolicy(data: SecurityData): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...sorted(data.scriptHashes).map((hash) => `'${hash}'`), ...sorted(data.scriptOrigins)].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...sorted(data.connectOrigins)].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Every security header of a page; `hsts` is false on a local host (plain HTTP). */
export function securityHeaders(data: SecurityData, options: { hsts: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(data),
    'Referrer-Policy': REFERRER_POLICY,
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    ...(options.hsts && { 'Strict-Transport-Security': HSTS }),
  };
}
