import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { normalizePath } from '../core/paths.ts';

const CONTENT_TYPES: Record<string, string> = {
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
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.xml', '.txt']);
/** Vite's hashed file names: `name-<hash>.ext` inside an assets folder. */
const HASHED_ASSET = /(^|\/)assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
/** Images of the build: `static/img/<name>.<hash>.<variant>.<format>`, the hash of the source art. */
const HASHED_IMAGE = /^static\/img\/[^/]+\.[0-9a-f]{10}\.[a-z0-9]+\.(webp|png)$/;

export type StaticResult = { status: number; file?: string };

/**
 * Maps a request path to a file of the built output exactly as a static host would: no SPA
 * fallback, repeated slashes merged, `/us/page` and `/us/page/` both served by
 * `us/page/index.html`. Returns undefined when the path has no file.
 */
export async function resolveStaticFile(root: string, rawPath: string): Promise<string | undefined> {
  const pathname = normalizePath(rawPath);
  const segments = pathname.split('/').filter(Boolean);
  if (segments.some((s) => s === '..' || s === '.' || s.includes('\\') || s.includes('\0'))) return undefined;
  const candidate = path.join(root, ...segments);
  if (!candidate.startsWith(root)) return undefined;
  const info = await stat(candidate).catch(() => undefined);
  if (info?.isFile()) return candidate;
  if (info?.isDirectory()) {
    const index = path.join(candidate, 'index.html');
    if ((await stat(index).catch(() => undefined))?.isFile()) return index;
  }
  return undefined;
}

/**
 * The not-found page of the region the path belongs to: a first segment that is a folder with
 * its own 404.html is a region's (every region but the one at / has such a folder), else the
 * root region's.
 */
export async function notFoundPage(root: string, rawPath: string): Promise<string | undefined> {
  const first = normalizePath(rawPath).split('/')[1]?.toLowerCase() ?? '';
  const safe = /^[a-z0-9-]+$/.test(first);
  const candidates = safe ? [path.join(root, first, '404.html'), path.join(root, '404.html')] : [path.join(root, '404.html')];
  for (const file of candidates) if ((await stat(file).catch(() => undefined))?.isFile()) return file;
  return undefined;
}

function cacheControl(relative: string): string {
  if (HASHED_ASSET.test(relative) || HASHED_IMAGE.test(relative)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

export interface StaticHandlerOptions {
  /** The built output folder. */
  root: string;
  /** Markup added before `</body>` of every HTML page served (the local preview clock); the files are not changed. */
  inject?: string;
  /** Headers every answer carries (the security headers), by request: HSTS depends on the host. */
  headers?: (req: IncomingMessage) => Record<string, string>;
}

/** A request handler that serves the built output; it answers every request, never throws. */
export function createStaticHandler(options: StaticHandlerOptions) {
  const root = path.resolve(options.root);
  const gzipCache = new Map<string, { mtime: number; body: Buffer }>();

  async function send(req: IncomingMessage, res: ServerResponse, file: string, status: number): Promise<void> {
    const info = await stat(file);
    const ext = path.extname(file).toLowerCase();
    const relative = path.relative(root, file).split(path.sep).join('/');
    let body = await readFile(file);
    if (options.inject && ext === '.html') {
      const html = body.toString('utf8');
      const at = html.lastIndexOf('</body>');
      if (at >= 0) body = Buffer.from(`${html.slice(0, at)}${options.inject}${html.slice(at)}`);
    }
    res.statusCode = status;
    res.setHeader('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', status === 200 ? cacheControl(relative) : 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    for (const [name, value] of Object.entries(options.headers?.(req) ?? {})) res.setHeader(name, value);
    res.setHeader('Last-Modified', info.mtime.toUTCString());
    if (COMPRESSIBLE.has(ext)) {
      res.setHeader('Vary', 'Accept-Encoding');
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        const cached = gzipCache.get(file);
        const compressed = cached && cached.mtime === info.mtimeMs ? cached.body : gzipSync(body);
        gzipCache.set(file, { mtime: info.mtimeMs, body: compressed });
        body = compressed;
        res.setHeader('Content-Encoding', 'gzip');
      }
    }
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.end(text);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
      const rawPath = (req.url ?? '/').split('?', 1)[0] ?? '/';
      let decoded: string;
      try {
        decoded = decodeURIComponent(rawPath);
      } catch {
        return sendText(res, 400, 'Bad request: the path is not valid percent-encoding\n');
      }
      const file = await resolveStaticFile(root, decoded);
      if (file) return await send(req, res, file, 200);
      const notFound = await notFoundPage(root, decoded);
      if (notFound) return await send(req, res, notFound, 404);
      return sendText(res, 404, 'Not found\n');
    } catch (error) {
      if (!res.headersSent) sendText(res, 500, 'Internal server error\n');
      else res.destroy();
      console.error(error);
    }
  };
}
