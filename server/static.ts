import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fresh from 'fresh';
import parseRange from 'range-parser';
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

/** What is sent for one file: its bytes as served (the preview clock added), gzipped when that helps, and its validators. */
interface Entity {
  readonly body: Buffer;
  /** The gzipped bytes (made on first need), or undefined for a kind of file never compressed. */
  readonly gzip?: () => Buffer;
  /** nginx's form: `"<mtime in seconds, hex>-<length, hex>"`, weak (`W/`) for the gzipped bytes, as nginx makes it. */
  readonly etag: string;
  readonly lastModified: string;
}

/** The entities of the files served, read again only when a file's time or size changed. */
function createEntityCache(inject: string | undefined) {
  const entities = new Map<string, { key: string; entity: Entity }>();

  return async function entityOf(file: string, ext: string): Promise<Entity> {
    const info = await stat(file);
    const key = `${info.mtimeMs}:${info.size}`;
    const cached = entities.get(file);
    if (cached?.key === key) return cached.entity;
    let body = await readFile(file);
    if (inject && ext === '.html') {
      const html = body.toString('utf8');
      const at = html.lastIndexOf('</body>');
      if (at >= 0) body = Buffer.from(`${html.slice(0, at)}${inject}${html.slice(at)}`);
    }
    // Whole seconds of the modification time, as nginx takes them (st_mtime) for both headers:
    // Node's `stat().mtime` rounds to the millisecond, which turns 44.9996 s into 45 s.
    const seconds = Math.floor(info.mtimeMs / 1000);
    const etag = `"${seconds.toString(16)}-${body.length.toString(16)}"`;
    let gzipped: Buffer | undefined;
    const entity: Entity = {
      body,
      ...(COMPRESSIBLE.has(ext) && { gzip: () => (gzipped ??= gzipSync(body)) }),
      etag,
      lastModified: new Date(seconds * 1000).toUTCString(),
    };
    entities.set(file, { key, entity });
    return entity;
  };
}

/** `If-Range`: the range holds only while the file is the one the client has (its ETag, or its date). */
function rangeApplies(req: IncomingMessage, entity: Entity): boolean {
  const condition = req.headers['if-range'];
  if (typeof condition !== 'string') return true;
  if (condition.includes('"')) return condition === entity.etag;
  return Date.parse(condition) === Date.parse(entity.lastModified);
}

/**
 * Cuts the body to the `Range` asked for, as nginx does: 416 and no bytes when not one byte of
 * the file is in it, 206 and its bytes for one range, else the whole body.
 */
function cutToRange(req: IncomingMessage, res: ServerResponse, entity: Entity, body: Buffer, range: string | undefined): Buffer {
  const ranges = range !== undefined && rangeApplies(req, entity) ? parseRange(body.length, range, { combine: true }) : undefined;
  if (ranges === -1) {
    // Not one byte of the file is in the range asked for.
    res.statusCode = 416;
    res.removeHeader('ETag');
    res.removeHeader('Last-Modified');
    res.setHeader('Content-Range', `bytes */${body.length}`);
    return Buffer.alloc(0);
  } else if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
    // One range: its bytes. Several (after combining) are answered whole, which HTTP allows.
    const { start, end } = ranges[0]!;
    res.statusCode = 206;
    res.setHeader('Content-Range', `bytes ${start}-${end}/${body.length}`);
    return body.subarray(start, end + 1);
  }
  return body;
}

/**
 * A request handler that serves the built output; it answers every request, never throws.
 * Conditional requests (`If-None-Match`, `If-Modified-Since`: 304, judged by the `fresh`
 * library) and byte ranges (`Range`, `If-Range`: 206 or 416, parsed by `range-parser`) work as
 * on nginx; a range is always of the uncompressed bytes.
 */
export function createStaticHandler(options: StaticHandlerOptions) {
  const root = path.resolve(options.root);
  const entityOf = createEntityCache(options.inject);

  async function send(req: IncomingMessage, res: ServerResponse, relative: string, status: number): Promise<void> {
    const file = path.join(root, ...relative.split('/').filter(Boolean));
    const ext = path.extname(file).toLowerCase();
    const entity = await entityOf(file, ext);
    const range = status === 200 ? req.headers.range : undefined;
    // A range is of the plain bytes; otherwise gzip to a client that takes it.
    const gzip = entity.gzip !== undefined && range === undefined && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const etag = gzip ? `W/${entity.etag}` : entity.etag;
    res.setHeader('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
    for (const [name, value] of Object.entries(answerHeaders(options.rules, hostnameOf(req), relative, status))) res.setHeader(name, value);
    if (entity.gzip !== undefined) res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    if (status === 200) {
      // A not-found page carries its ETag but is never "not modified" or cut into ranges (nginx alike).
      res.setHeader('Last-Modified', entity.lastModified);
      if (fresh(req.headers, { etag, 'last-modified': entity.lastModified })) {
        res.statusCode = 304;
        res.end();
        return;
      }
    }
    let body = gzip ? entity.gzip!() : entity.body;
    res.statusCode = status;
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    body = cutToRange(req, res, entity, body, range);
    // Said on a whole file only, as nginx says it.
    if (res.statusCode === 200 && status === 200 && !gzip) res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    for (const [name, value] of Object.entries({ ...answerHeaders(options.rules, hostnameOf(req)), ...headers }))
      res.setHeader(name, value);
    res.end(req.method === 'HEAD' ? undefined : text);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(req, res, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
      const url = req.url ?? '/';
      const queryAt = url.indexOf('?');
      const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
      if (!rawPath.startsWith('/')) return sendText(req, res, 400, 'Bad request\n');
      const result = await answer(
        options.rules,
        { hostname: hostnameOf(req), rawPath, query: queryAt === -1 ? '' : url.slice(queryAt) },
        (pathname) => resolveStaticFile(root, pathname),
      );
      if (result.status === 301) return sendText(req, res, 301, `Moved permanently to ${result.location}\n`, { Location: result.location });
      if (result.status === 400)
        return sendText(req, res, 400, 'Bad request: the path is not valid percent-encoding or climbs above the site\n');
      if (result.file && (await resolveStaticFile(root, result.file))) return await send(req, res, result.file, result.status);
      return sendText(req, res, 404, 'Not found\n');
    } catch (error) {
      if (!res.headersSent) sendText(req, res, 500, 'Internal server error\n');
      else res.destroy();
      console.error(error);
    }
  };
}
