import { isLocalHost } from './hosts.ts';
import { isSecurityData, securityHeaders } from './security.ts';
import type { SecurityData } from './security.ts';

/**
 * What a host must do to serve dist/ as the sites expect, from one source (docs/deploy.md):
 * the build writes it as `hosts.json` and renders it for nginx (`nginx.conf`) and for
 * static-hosting CDNs (`_headers`, `_redirects`); serve-regions applies it with `answer` below.
 *
 * 0. A request target with a raw byte no browser sends (a backslash, a control, a space,
 *    non-ASCII), bad percent-encoding, an encoded NUL or dot segments above the site: 400.
 * 1. A path with repeated slashes or a trailing slash answers 301 to its normal form (the
 *    specification: "path matching ignores repeated slashes and a trailing slash"), built from
 *    the path as sent, never decoded (`/%5Cevil.com/` -> `/%5Cevil.com`, not `/\evil.com`).
 * 2. A redirect route answers 301 to its target (`/us/new-release` -> `/us/mini-robot`).
 * 3. A file of dist/ is served, a folder by its index.html (dot segments resolved first, so
 *    `/us/../hosts.json` is the hidden `/hosts.json`).
 * 4. Any other path is the not-found page of the region whose folder it is in (the first
 *    segment, as the region's code is written), else of the region at /, with status 404; but in a region that
 *    switches hosts (`hosts.cnToCom`), a host ending in `.cn` first answers 301 to the same
 *    host ending in `.com`.
 *    A path another system serves on the same host (`elsewhere`, region.yaml `hosts.elsewhere`)
 *    is the host's to pass on (docs/deploy.md); a host that does not is answering 404.
 * 5. Every answer carries the security headers (HSTS outside local hosts), and its cache
 *    policy: hashed files (Vite's assets, the images) immutable for a year, everything else
 *    revalidated (`no-cache`).
 */
export interface HostRules {
  /** The regions with a folder of their own, then the region at / (prefix ''). */
  readonly regions: readonly {
    readonly code: string;
    readonly prefix: string;
    readonly notFound: string;
    readonly cnToCom: boolean;
    readonly elsewhere?: readonly string[];
  }[];
  /** Redirect routes, by normal path. */
  readonly redirects: readonly { readonly from: string; readonly to: string }[];
  /** Regular expressions (JavaScript and PCRE alike) of the paths of hashed files, cached for ever. */
  readonly immutable: readonly string[];
  readonly security: SecurityData;
}

export const HOST_RULES_FILE = 'hosts.json';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The name of a file Vite hashed (`<name>-<hash>.<ext>`), in a region's `assets/` folder. */
export const HASHED_ASSET_NAME = '[^/]+-[A-Za-z0-9_-]{8,}\\.[a-z0-9]+';
/** The path of an image of the build (`/static/img/<name>.<hash>.<variant>.<format>`, the hash of the source art). */
export const HASHED_IMAGE_PATH = '^/static/img/[^/]+\\.[0-9a-f]{10}\\.[a-z0-9]+\\.(webp|png)$';
/** Vite's hashed files (`/<region>/assets/<name>-<hash>.<ext>`) and the images. */
export const HASHED_FILES = [`^(/[a-z0-9-]+)?/assets/${HASHED_ASSET_NAME}$`, HASHED_IMAGE_PATH] as const;

/** The media type of each kind of file, the same on every host (nginx gets this table too). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

/** The kinds of file sent gzipped to a client that accepts it. */
export const COMPRESSIBLE: ReadonlySet<string> = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.xml', '.txt']);

/** Files of dist/ for hosts, not visitors: every host answers 404 for them. */
export const PRIVATE_FILES = ['/hosts.json', '/nginx.conf', '/_headers', '/_redirects'] as const;

/** Whether a parsed hosts.json has the shape above (it is read from disk, so it is checked, not trusted). */
export function isHostRules(value: unknown): value is HostRules {
  if (typeof value !== 'object' || value === null) return false;
  const rules = value as Record<string, unknown>;
  const list = (key: string, item: (entry: Record<string, unknown>) => boolean) =>
    Array.isArray(rules[key]) &&
    (rules[key] as unknown[]).every((entry) => typeof entry === 'object' && entry !== null && item(entry as Record<string, unknown>));
  return (
    list(
      'regions',
      (r) =>
        typeof r.code === 'string' &&
        typeof r.prefix === 'string' &&
        typeof r.notFound === 'string' &&
        typeof r.cnToCom === 'boolean' &&
        (r.elsewhere === undefined || (Array.isArray(r.elsewhere) && r.elsewhere.every((p) => typeof p === 'string'))),
    ) &&
    list('redirects', (r) => typeof r.from === 'string' && typeof r.to === 'string') &&
    Array.isArray(rules.immutable) &&
    (rules.immutable as unknown[]).every((pattern) => typeof pattern === 'string') &&
    isSecurityData(rules.security)
  );
}

/** The rules of a dist/ built before hosts.json existed: no redirects, the root's 404, the strictest policy. */
export const FALLBACK_RULES: HostRules = {
  regions: [],
  redirects: [],
  immutable: HASHED_FILES,
  security: { scriptHashes: [], scriptOrigins: [], connectOrigins: [] },
};

export type Answer =
  | { readonly status: 301; readonly location: string }
  | { readonly status: 400 }
  | { readonly status: 200 | 404; readonly file: string }
  | { readonly status: 404; readonly file?: undefined };

/**
 * The region whose folder a path is in (its first segment is the code), else the region at /.
 * Undefined when the rules name no region (a dist/ without hosts.json).
 */
export function regionOfPath(rules: HostRules, pathname: string): HostRules['regions'][number] | undefined {
  const first = pathname.split('/')[1] ?? '';
  return (
    rules.regions.find((region) => region.prefix !== '' && region.prefix.slice(1) === first) ??
    rules.regions.find((region) => region.prefix === '')
  );
}

/**
 * Whether a Location a host answers stays on the site for every browser: a path with exactly
 * one leading slash, no backslash (browsers read a backslash as `/`, so `/\x` is the host `x`), and
 * nothing a URL parser strips or rewrites (controls, spaces, tabs and newlines, which it drops
 * from inside a URL: `/%09/x` stays encoded and is safe, a raw tab would make `//x`). The
 * redirects below keep the path as sent, never decoded, and are checked against this before
 * they are answered (defence in depth: `answer` refuses such paths before they get here).
 */
export function isSameSiteLocation(location: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  return /^\/(?![/\\])/.test(location) && !/[\\\x00-\x20\x7f-\uffff]/.test(location);
}

/**
 * The most segments a path may have to be sent to its normal form (rule 1): nginx can only
 * rebuild a path from captures, one a segment, and no page is this deep; a deeper path with
 * stray slashes is not found (404).
 */
export const MAX_REDIRECT_SEGMENTS = 12;

/** A host name as DNS writes it: the only kind the .cn -> .com rule puts into a Location. */
const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * How a host answers a request (rules 1 to 4 above). `rawPath` is the path as sent (no query),
 * `query` what followed it (with its `?`, or ''); `find` looks a normal path up in dist/ (a
 * file, or a folder's index.html) and gives the file's path from the root of dist/.
 *
 * A request target with a byte no browser sends raw (a backslash, a control character, a
 * space, anything outside printable ASCII) answers 400 before any rule: such a path is an
 * attack on the Location of rule 1 (`/\evil.com/` would answer `/\evil.com`).
 */
export async function answer(
  rules: HostRules,
  request: { hostname: string; rawPath: string; query: string },
  find: (pathname: string) => Promise<string | undefined>,
): Promise<Answer> {
  const { rawPath, query } = request;
  if (!rawPath.startsWith('/') || /[^\x21-\x7e]|\\/.test(rawPath + query)) return { status: 400 };
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return { status: 400 };
  }
  if (pathname.includes('\0')) return { status: 400 };
  // Dot segments are resolved before any rule, as nginx resolves them (/us/../hosts.json is
  // /hosts.json); a path that climbs above the site is refused, as nginx refuses it.
  const segments: string[] = [];
  for (const segment of pathname.split('/').slice(1)) {
    if (segment === '..') {
      if (segments.pop() === undefined) return { status: 400 };
    } else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  if (/\/\/|.\/$/.test(rawPath)) {
    // The path as sent, its slashes normalised: never decoded, so `/%5Cx/` stays `/%5Cx`.
    const normal = rawPath.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
    if (normal.split('/').length - 1 <= MAX_REDIRECT_SEGMENTS) {
      const location = `${normal}${query}`;
      return isSameSiteLocation(location) ? { status: 301, location } : { status: 400 };
    }
  }
  const normal = `/${segments.join('/')}`;
  const redirect = rules.redirects.find((r) => r.from === normal);
  if (redirect) return { status: 301, location: `${redirect.to}${query}` };
  const file = (PRIVATE_FILES as readonly string[]).includes(normal) ? undefined : await find(normal);
  if (file) return { status: 200, file };
  const region = regionOfPath(rules, normal);
  if (region?.cnToCom && /\.cn$/i.test(request.hostname) && HOST_NAME.test(request.hostname)) {
    return { status: 301, location: `https://${request.hostname.replace(/\.cn$/i, '.com')}${rawPath}${query}` };
  }
  return region ? { status: 404, file: region.notFound } : { status: 404 };
}

/** The headers every answer carries: the security headers and, for a file, its cache policy. */
export function answerHeaders(rules: HostRules, hostname: string, file?: string, status = 200): Record<string, string> {
  const cache = file && status === 200 && rules.immutable.some((pattern) => new RegExp(pattern).test(file)) ? IMMUTABLE : REVALIDATE;
  return { 'Cache-Control': cache, ...securityHeaders(rules.security, { hsts: !isLocalHost(hostname) }) };
}
