import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { answer, answerHeaders, COMPRESSIBLE, CONTENT_TYPES } from '../core/host-rules.ts';
import type { HostRules } from '../core/host-rules.ts';

/**
 * Looks a normal path up in the built output exactly as a static host does: no SPA fallback, a
 * file, or a folder's index.html (`/us/page` is served by `us/page/index.html`). Dot segments
 * are resolved first, as nginx does. Returns the file's path from the root (`/us/page/index.html`),
 * or undefined when the path has no file.
 */
export async function resolveStaticFile(root: string, pathname: string): Promise<string | undefined> {
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const clean = path.posix.normalize(`/${pathname}`);
  const candidate = path.join(root, ...clean.split('/').filter(Boolean));
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return undefined;
  const info = await stat(candidate).catch(() => undefined);
  const relative = (file: string) => `/${path.relative(root, file).split(path.sep).join('/')}`;
  if (info?.isFile()) return relative(candidate);
  if (info?.isDirectory()) {
    const index = path.join(candidate, 'index.html');
    if ((await stat(index).catch(() => undefined))?.isFile()) return relative(index);
  }
  return undefined;
}

export interface StaticHandlerOptions {
  /** The built output folder. */
  root: string;
  /** Markup added before `</body>` of every HTML page served (the local preview clock); the files are not changed. */
  inject?: string;
  /** The host rules (the build's hosts.json): redirects, not-found pages, cache and security headers. */
  rules: HostRules;
}

/** The host name a request was sent to (its Host header, without the port). */
export function hostnameOf(req: IncomingMessage): string {
  const host = (req.headers.host ?? '').toLowerCase();
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':', 1)[0]!;
}

/** A request handler that serves the built output; it answers every request, never throws. */
export function createStaticHandler(options: StaticHandlerOptions) {
  const root = path.resolve(options.root);
  const gzipCache = new Map<string, { mtime: number; body: Buffer }>();

  async function send(req: IncomingMessage, res: ServerResponse, relative: string, status: number): Promise<void> {
    const file = path.join(root, ...relative.split('/').filter(Boolean));
    const info = await stat(file);
    const ext = path.extname(file).toLowerCase();
    let body = await readFile(file);
    if (options.inject && ext === '.html') {
      const html = body.toString('utf8');
      const at = html.lastIndexOf('</body>');
      if (at >= 0) body = Buffer.from(`${html.slice(0, at)}${options.inject}${html.slice(at)}`);
    }
    res.statusCode = status;
    res.setHeader('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
    for (const [name, value] of Object.entries(answerHeaders(options.rules, hostnameOf(req), relative, status))) res.setHeader(name, value);
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

  function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    for (const [name, value] of Object.entries({ ...answerHeaders(options.rules, hostnameOf(req)), ...headers })) res.setHeader(name, value);
    res.end(req.method === 'HEAD' ? undefined : text);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(req, res, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
      const url = req.url ?? '/';
      const queryAt = url.indexOf('?');
      const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
      if (!rawPath.startsWith('/')) return sendText(req, res, 400, 'Bad request\n');
      const result = await answer(options.rules, { hostname: hostnameOf(req), rawPath, query: queryAt === -1 ? '' : url.slice(queryAt) }, (pathname) => resolveStaticFile(root, pathname));
      if (result.status === 301) return sendText(req, res, 301, `Moved permanently to ${result.location}\n`, { Location: result.location });
      if (result.status === 400) return sendText(req, res, 400, 'Bad request: the path is not valid percent-encoding or climbs above the site\n');
      if (result.file && (await resolveStaticFile(root, result.file))) return await send(req, res, result.file, result.status);
      return sendText(req, res, 404, 'Not found\n');
    } catch (error) {
      if (!res.headersSent) sendText(req, res, 500, 'Internal server error\n');
      else res.destroy();
      console.error(error);
    }
  };
}
